#pragma once
// The SVG document writer every weft picture is drawn with. Elements are streamed out one per
// line as they are added, so a picture of 16,384 nodes never sits in memory twice. Two things
// are decided here once for every picture:
//   - numbers: at most two decimals, trailing zeros dropped, never "-0" and never the locale's
//     decimal comma, so the same run draws the same bytes on every host;
//   - text: every attribute value and text node is escaped, so a machine or pattern name with
//     '<' or '&' in it cannot break the XML.

#include <initializer_list>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace weft::svg {

/// `v` rounded to two decimals, without trailing zeros: 12, 12.5, 0.75, -3. Throws
/// std::domain_error for NaN or infinity, which no SVG reader can place (callers leave such
/// points out rather than draw them anywhere).
std::string number(double v);

/// `text` with & < > " ' replaced by their XML entities.
std::string escape(std::string_view text);

/// One element: `element("line").attr("x1", 3).attr("stroke", "#ddd")` is
/// `<line x1="3" stroke="#ddd"/>`. Attributes keep the order they were given in.
class element {
 public:
  explicit element(std::string_view name);
  element& attr(std::string_view key, double value);
  element& attr(std::string_view key, int value) { return attr(key, static_cast<double>(value)); }
  element& attr(std::string_view key, std::string_view value);
  element& attr(std::string_view key, const char* value) { return attr(key, std::string_view(value)); }
  element& attr(std::string_view key, const std::string& value) { return attr(key, std::string_view(value)); }
  /// Text content, escaped (for <text> and <title>).
  element& text(std::string_view content);
  /// A <title> child: the tooltip a browser shows over the shape.
  element& tooltip(std::string_view content);
  /// The opening tag alone, for a group that holds later elements (document::open).
  std::string open_tag() const;
  std::string str() const;
  const std::string& name() const { return name_; }

 private:
  std::string name_, attributes_, content_;
};

/// A picture being written to `out`: the constructor writes the root element (with a white
/// background, so a picture reads the same on a dark page), end() closes it.
class document {
 public:
  /// `font_size` 0 leaves the size to each text element.
  document(std::ostream& out, double width, double height, double font_size = 12);
  document(const document&) = delete;
  document& operator=(const document&) = delete;

  document& add(const element& e);
  /// Text as given, for the rare fixed fragment (a <defs> block); the caller escapes.
  document& raw(std::string_view markup);
  /// Opens a group (<g ...>) that later elements go into, up to the matching close().
  document& open(const element& group);
  document& close();
  /// Closes any open group and the root. Nothing may be added after it.
  void end();

  double width() const { return width_; }
  double height() const { return height_; }

 private:
  std::ostream& out_;
  double width_, height_;
  std::vector<std::string> open_;
  bool ended_ = false;
};

}  // namespace weft::svg
