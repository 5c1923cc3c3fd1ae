// Validation shared by every collective, then dispatch to the selected algorithm.
#include <stdexcept>
#include <string>

#include "transfer.hpp"
#include "weft/coll/collectives.hpp"

namespace weft::coll::detail {

namespace {

// The message is built only on failure: a collective may run a million times.
template <class Text>
void need(bool ok, const call& c, Text text) {
  if (!ok) throw std::invalid_argument(where(c) + text());
}

std::string n(std::size_t v) { return std::to_string(v); }

// Checks what one PE can check alone; differences between PEs are caught when data arrives.
std::int64_t check_sizes(operation op, const call& c) {
  const int p = c.g->size();
  const bool root = c.g->rank() == c.root;
  const auto pp = static_cast<std::size_t>(p);
  const auto times = [&](const char* buffer, std::size_t per) {
    return " bytes, expected group size " + n(pp) + " x " + buffer + " " + n(per);
  };
  switch (op) {
    case operation::broadcast:
      need(c.out.size() % c.elem == 0, c, [] { return std::string("buffer is not a whole number of elements"); });
      return static_cast<std::int64_t>(c.out.size());
    case operation::scatter:
      if (root)
        need(c.in.size() == pp * c.out.size(), c, [&] {
          return "the root's send buffer has " + n(c.in.size()) + times("receive buffer", c.out.size());
        });
      return static_cast<std::int64_t>(c.out.size());
    case operation::gather:
      if (root)
        need(c.out.size() == pp * c.in.size(), c, [&] {
          return "the root's receive buffer has " + n(c.out.size()) + times("send buffer", c.in.size());
        });
      return static_cast<std::int64_t>(c.in.size());
    case operation::reduce:
      if (root)
        need(c.out.size() == c.in.size(), c, [&] {
          return "the root's receive buffer has " + n(c.out.size()) + " bytes, the send buffer " + n(c.in.size());
        });
      return static_cast<std::int64_t>(c.in.size());
    case operation::allgather:
      need(c.out.size() == pp * c.in.size(), c,
           [&] { return "receive buffer has " + n(c.out.size()) + times("send buffer", c.in.size()); });
      return static_cast<std::int64_t>(c.in.size());
    case operation::allreduce:
      return static_cast<std::int64_t>(c.in.size());
    case operation::barrier:
      return 0;
  }
  return 0;
}

}  // namespace

void run(operation op, const options& o, call& c) {
  need(c.root >= 0 && c.root < c.g->size(), c, [&] {
    return "root " + std::to_string(c.root) + " is outside the group (size " + std::to_string(c.g->size()) + ")";
  });
  const std::int64_t bytes = check_sizes(op, c);
  const algorithm_entry* a = nullptr;
  try {
    a = &select_algorithm(op, o.algorithm, bytes, c.g->size());
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(where(c) + e.what());
  }
  c.algorithm = a->name;
  c.g->self().note_collective(c.what, a->name);
  // A group of one communicates with nobody: MPI libraries return at once (a copy at most), so
  // the library's per-call software cost is not charged there.
  if (c.g->size() > 1) charge_call(c);
  a->run(c);
}

}  // namespace weft::coll::detail
