#pragma once
// Where a message meets its receive and a request completes: one code for both clocks. The engine
// calls these when it commits a delivery or a send's end (framework/src/matching.cpp,
// pe_scheduling.cpp), the wall-clock runtime when a worker dequeues a message or posts a send
// (actors/src/wall_runtime.cpp). Each runtime only decides how to wake the PE they report ready.
// Inline: they run once per message, inside the engine's commit loop.

#include "weft/detail/pe_state.hpp"

namespace weft::detail {

/// Completes `pe`'s request `id` at `at` (a matched receive, a send the network has taken). True
/// when the PE is blocked and this was the last request it waited for: its runtime then wakes it.
inline bool complete_request(pe_state& pe, int id, vtime at) {
  auto& slot = pe.requests[static_cast<std::size_t>(id)];
  slot.complete = true;
  slot.completion = at;
  if (!slot.waited) return false;
  pe.wake_at = max(pe.wake_at, at);
  return --pe.outstanding == 0 && pe.status == pe_status::blocked;
}

/// Message `m` reaches its receiver `pe` at `at`: it completes the earliest-posted receive that
/// accepts it (MPI's matching, weft/detail/matching.hpp), or waits among the unexpected
/// messages. True, as for complete_request(), when that wakes the PE.
inline bool arrive(pe_state& pe, message* m, vtime at) {
  m->arrival = at;
  if (auto r = pe.posted.take_for(m->src, m->tag)) {
    pe.requests[static_cast<std::size_t>(*r)].msg = m;
    return complete_request(pe, *r, at);
  }
  pe.unexpected.push(m->src, m->tag, m);
  return false;
}

}  // namespace weft::detail
