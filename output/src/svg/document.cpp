#include "weft/output/svg/document.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

namespace weft::svg {

std::string number(double v) {
  if (!std::isfinite(v)) throw std::domain_error("svg: a coordinate or size is not a finite number");
  // fmt formats independently of the locale: the bytes depend on the value only.
  std::string s = fmt::format("{:.2f}", v);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += c;
    }
  }
  return out;
}

element::element(std::string_view name) : name_(name) {}

element& element::attr(std::string_view key, double value) { return attr(key, std::string_view(number(value))); }

element& element::attr(std::string_view key, std::string_view value) {
  attributes_ += fmt::format(" {}=\"{}\"", key, escape(value));
  return *this;
}

element& element::text(std::string_view content) {
  content_ += escape(content);
  return *this;
}

element& element::tooltip(std::string_view content) {
  content_ += "<title>" + escape(content) + "</title>";
  return *this;
}

std::string element::open_tag() const { return "<" + name_ + attributes_ + ">"; }

std::string element::str() const {
  if (content_.empty()) return "<" + name_ + attributes_ + "/>";
  return open_tag() + content_ + "</" + name_ + ">";
}

document::document(std::ostream& out, double width, double height, double font_size)
    : out_(out), width_(width), height_(height) {
  element root("svg");
  root.attr("xmlns", "http://www.w3.org/2000/svg").attr("width", width).attr("height", height);
  root.attr("viewBox", "0 0 " + number(width) + " " + number(height)).attr("font-family", "sans-serif");
  if (font_size > 0) root.attr("font-size", font_size);
  out_ << root.open_tag() << "\n";
  add(element("rect").attr("width", "100%").attr("height", "100%").attr("fill", "white"));
}

document& document::add(const element& e) {
  out_ << e.str() << "\n";
  return *this;
}

document& document::raw(std::string_view markup) {
  out_ << markup;
  return *this;
}

document& document::open(const element& group) {
  out_ << group.open_tag() << "\n";
  open_.push_back(group.name());
  return *this;
}

document& document::close() {
  if (open_.empty()) throw std::logic_error("svg: close() without an open group");
  out_ << "</" << open_.back() << ">\n";
  open_.pop_back();
  return *this;
}

void document::end() {
  if (ended_) return;
  while (!open_.empty()) close();
  out_ << "</svg>\n";
  ended_ = true;
}

}  // namespace weft::svg
