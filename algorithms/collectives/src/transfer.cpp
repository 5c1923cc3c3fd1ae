#include "transfer.hpp"

#include <cstring>
#include <stdexcept>

#include "weft/cost_model.hpp"

namespace weft::coll::detail {

std::string where(const call& c) {
  std::string text = "PE " + std::to_string(c.g->global(c.g->rank())) + " (group rank " + std::to_string(c.g->rank()) +
                     ") in " + c.what;
  if (!c.algorithm.empty()) text.append("/").append(c.algorithm);
  return text + ": ";
}

request isend_to(const call& c, int to, std::span<const std::byte> data) {
  return c.g->self().isend(c.g->global(to), c.tag, payload(data));
}

namespace {
void check_size(const call& c, int from, std::size_t got, std::size_t expected) {
  if (got != expected)
    throw std::length_error(where(c) + "expected " + std::to_string(expected) + " bytes from PE " +
                            std::to_string(c.g->global(from)) + ", got " + std::to_string(got) +
                            " (buffer sizes differ across PEs)");
}

// The collective library's host costs (host_model, docs/model.md): zero unless the machine sets them.
void charge_recv(const call& c) { c.g->self().overhead(c.g->self().host().coll_recv); }
}  // namespace

void charge_call(const call& c) { c.g->self().overhead(c.g->self().host().coll_call); }

void combine(const call& c, std::span<std::byte> acc, std::span<const std::byte> in, bool in_first) {
  auto& self = c.g->self();
  self.overhead(self.host().reduce_tau.serialize(static_cast<std::int64_t>(acc.size())));
  c.op->apply(acc, in, in_first);
}

void send_to(const call& c, int to, std::span<const std::byte> data) {
  c.g->self().send(c.g->global(to), c.tag, payload(data));
}

void take(const call& c, int from, const received& m, std::span<std::byte> into) {
  check_size(c, from, m.data.size(), into.size());
  charge_recv(c);
  if (!into.empty()) std::memcpy(into.data(), m.data.data(), into.size());
}

void recv_from(const call& c, int from, std::span<std::byte> into) {
  check_size(c, from, c.g->self().recv_into(into, c.g->global(from), c.tag).bytes, into.size());
  charge_recv(c);
}

void exchange(const call& c, int to, std::span<const std::byte> out, int from, std::span<std::byte> in) {
  auto s = isend_to(c, to, out);
  recv_from(c, from, in);
  c.g->self().wait(s);
}

void wait_sends(const call& c, std::vector<request>& sends) {
  if (!sends.empty()) c.g->self().wait_all(sends);
  sends.clear();
}

std::vector<std::size_t> split_blocks(std::size_t bytes, std::size_t elem, int parts) {
  const std::size_t count = bytes / elem, p = static_cast<std::size_t>(parts);
  std::vector<std::size_t> off(p + 1, 0);
  for (std::size_t i = 0; i < p; ++i) off[i + 1] = off[i] + (count / p + (i < count % p ? 1 : 0)) * elem;
  return off;
}

std::vector<std::size_t> uniform_blocks(std::size_t block, int parts) {
  std::vector<std::size_t> off(static_cast<std::size_t>(parts) + 1);
  for (std::size_t i = 0; i < off.size(); ++i) off[i] = i * block;
  return off;
}

}  // namespace weft::coll::detail
