// PE scheduling: which PEs the engine wakes after a phase, and when. A PE blocked on requests
// wakes once the last of them completes; a PE that synchronizes on its clock (a test() that
// found nothing, a compute slice) resumes once no event before its clock can still come.
#include <algorithm>
#include <functional>

#include "weft/detail/arrival.hpp"
#include "weft/detail/engine.hpp"

namespace weft::detail {

void engine::absorb_status(const pe_state& pe) {
  if (pe.status == pe_status::syncing) {
    auto& syncing = owner_of_rank(pe.rank).syncing;
    syncing.push_back({pe.sync_until, pe.rank});
    std::push_heap(syncing.begin(), syncing.end(), std::greater<>{});
  }
}

void engine::note_wake(partition& p, pe_state& pe) {
  if (pe.woken) return;
  pe.woken = true;
  p.horizon = min(p.horizon, max(pe.clock, pe.wake_at));
  p.resume.push_back(pe.rank);
}

void engine::complete_send(partition& p, pe_state& sender, int request, vtime at) {
  if (complete_request(sender, request, at)) note_wake(p, sender);
}

void engine::collect_resumed(std::int64_t known, std::vector<int>& resume, std::size_t pe_count) {
  for (auto& p : active()) {
    while (!p.syncing.empty() && p.syncing.front().until <= p.horizon && p.syncing.front().until.ps <= known) {
      std::pop_heap(p.syncing.begin(), p.syncing.end(), std::greater<>{});
      resume.push_back(p.syncing.back().rank);  // it waits on no request, only on the horizon
      p.syncing.pop_back();
    }
    resume.insert(resume.end(), p.resume.begin(), p.resume.end());
  }
  ascending(resume, pe_count);
}

void engine::ascending(std::vector<int>& ranks, std::size_t pe_count) {
  if (ranks.size() * 16 < pe_count) {
    std::sort(ranks.begin(), ranks.end());
    return;
  }
  // Many PEs (often all of them): marking and scanning is linear.
  marks_.assign(pe_count, 0);
  for (int r : ranks) marks_[static_cast<std::size_t>(r)] = 1;
  ranks.clear();
  for (std::size_t r = 0; r < pe_count; ++r)
    if (marks_[r]) ranks.push_back(static_cast<int>(r));
}

}  // namespace weft::detail
