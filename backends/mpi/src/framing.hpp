#pragma once
// A weft message on MPI: the real bytes, padded with zeros up to the modelled size, then a
// 16-byte trailer with both sizes. So `weft run pingpong --bytes 1MiB` moves a real MiB, as the
// emulator charges one, while the receiver still gets exactly the bytes the sender gave
// (received::data) and the size the wire carried (received::modelled_bytes). A trailer, not a
// header: the receiver drops it by shrinking the buffer, with no copy.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <vector>

namespace weft::mpi::detail {

inline constexpr std::size_t trailer_bytes = 2 * sizeof(std::int64_t);

/// Fills `buffer` with `real`, padding up to `modelled` bytes (when larger), and the trailer.
inline void frame(std::vector<std::byte>& buffer, std::span<const std::byte> real, std::int64_t modelled) {
  const std::int64_t real_size = static_cast<std::int64_t>(real.size());
  const std::int64_t wire = modelled > real_size ? modelled : real_size;
  buffer.assign(real.begin(), real.end());
  buffer.resize(static_cast<std::size_t>(wire) + trailer_bytes);
  std::memcpy(buffer.data() + wire, &real_size, sizeof real_size);
  std::memcpy(buffer.data() + wire + sizeof real_size, &wire, sizeof wire);
}

struct frame_sizes {
  std::size_t real = 0;   ///< the sender's bytes
  std::int64_t wire = 0;  ///< what crossed the network (padding included, trailer not)
};

/// The sizes a framed message of `count` bytes at `data` carries.
inline frame_sizes unframe(const std::byte* data, std::size_t count) {
  if (count < trailer_bytes) throw std::runtime_error("a message without weft's trailer: not sent by weft");
  std::int64_t real = 0, wire = 0;
  std::memcpy(&real, data + count - trailer_bytes, sizeof real);
  std::memcpy(&wire, data + count - sizeof wire, sizeof wire);
  if (real < 0 || wire < real || static_cast<std::size_t>(wire) + trailer_bytes != count)
    throw std::runtime_error("a message with a damaged weft trailer");
  return {static_cast<std::size_t>(real), wire};
}

}  // namespace weft::mpi::detail
