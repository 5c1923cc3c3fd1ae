#pragma once
// Bytes between the ranks of a distributed run (weft/detail/rank_link.hpp): plain values written
// field by field, never a pointer. An event that crosses to another rank carries its message's
// header (which that rank needs to route it) and, once, to the receiver's rank, its payload.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace weft::detail {

class byte_writer {
 public:
  explicit byte_writer(std::vector<std::byte>& out) : out_(out) {}
  template <class T>
  void put(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    const auto at = out_.size();
    out_.resize(at + sizeof(T));
    std::memcpy(out_.data() + at, &value, sizeof(T));
  }
  void put_bytes(std::span<const std::byte> bytes) {
    put<std::uint64_t>(bytes.size());
    out_.insert(out_.end(), bytes.begin(), bytes.end());
  }
  void put_string(const std::string& s) { put_bytes(std::as_bytes(std::span(s.data(), s.size()))); }

 private:
  std::vector<std::byte>& out_;
};

class byte_reader {
 public:
  explicit byte_reader(std::span<const std::byte> in) : in_(in) {}
  template <class T>
  T get() {
    static_assert(std::is_trivially_copyable_v<T>);
    T value;
    std::memcpy(&value, take(sizeof(T)), sizeof(T));
    return value;
  }
  std::span<const std::byte> get_bytes() {
    const auto n = static_cast<std::size_t>(get<std::uint64_t>());
    return {take(n), n};
  }
  std::string get_string() {
    const auto bytes = get_bytes();
    return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
  }
  bool done() const { return at_ == in_.size(); }

 private:
  const std::byte* take(std::size_t n) {
    if (in_.size() - at_ < n) throw std::logic_error("rank_codec: a record is shorter than its fields");
    const std::byte* p = in_.data() + at_;
    at_ += n;
    return p;
  }
  std::span<const std::byte> in_;
  std::size_t at_ = 0;
};

}  // namespace weft::detail
