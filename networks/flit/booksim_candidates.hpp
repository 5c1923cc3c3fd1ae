#pragma once
// --router booksim: what its general allocators (flit_booksim.cpp) and the disjoint case's
// (flit_booksim_disjoint.cpp) share: how iSLIP's pointers move after a match, and the output VCs
// a head may ask for.

#include "flit_network.hpp"

namespace weft::detail::flit {

/// The round-robin position after `i` among `size`. (Without a branch: where the pointers stand
/// is the simulation's data, and GCC made the choice a jump.)
inline std::int32_t after(std::int32_t i, std::size_t size) {
  const std::int32_t next = i + 1;
  return next & -static_cast<std::int32_t>(next < static_cast<std::int32_t>(size));
}

/// How far `x` lies past `from` going round `size` positions: the order in which iSLIP's
/// grant and accept pointers prefer. (Without a branch, for the same reason as after().)
inline std::int32_t round_robin_distance(std::int32_t x, std::int32_t from, std::int32_t size) {
  return x - from + (size & -static_cast<std::int32_t>(x < from));
}

/// iSLIP after input `in` and output `out` matched (allocators/islip.cpp): the output's grant
/// pointer moves past the input, the input's accept pointer past the output.
inline void islip_matched(pooled_array<std::int32_t> grant, pooled_array<std::int32_t> accept, std::int32_t in,
                          std::int32_t out) {
  grant[static_cast<std::size_t>(out)] = after(in, accept.size());
  accept[static_cast<std::size_t>(in)] = after(out, grant.size());
}

template <bool OneVc, class Each>
flit_network::unroutable flit_network::booksim_candidates(const router& r, node_id n, std::int64_t c,
                                                          std::int32_t channel, network_context& ctx, Each&& each) {
  // Every free VC of every permitted (link, class) the routing offers (an adaptive routing's: on
  // its one chosen link), or of the ejection port at the destination; the allocator chooses.
  const auto& in = inputs_[static_cast<std::size_t>(channel)];  // (its front's destination and hops: not the flit's line)
  const std::int32_t eject_port = static_cast<std::int32_t>(r.outs.size());
  const std::int32_t vcs_here = OneVc ? 1 : vcs_;  // (one VC: one class, VC 0)
  if (n == in.front_dest) {
    for (std::int32_t e = 0; e < vcs_here; ++e)
      if (booksim_vc_free(r, eject_port, e, c)) each(eject_port, e);
    return unroutable::no;
  }
  if (in.front_hops >= hop_bound_) return unroutable::loop;
  // A hop the routing table holds (a routing that is not adaptive and reads no route state):
  // one this network can take (ask_routing checked it), its free VCs at once. (The loop below
  // over a hop's VCs is written out again here: one lambda for both cost 1 % of (a) at 0.02.)
  std::atomic<std::uint16_t>* entry = nullptr;
  if (!route_table_.empty()) {
    entry = &route_table_[static_cast<std::size_t>(n) * static_cast<std::size_t>(nodes_) + static_cast<std::size_t>(in.front_dest)];
    if (const std::uint16_t known = entry->load(std::memory_order_relaxed); known != 0 && known != many) {
      const std::int32_t out = entry_out(known);
      const auto link = static_cast<std::size_t>(r.outs[static_cast<std::size_t>(out)]), cls = static_cast<std::size_t>(entry_class(known));
      const output_vc* const vcs = &outputs_[link * static_cast<std::size_t>(vcs_here)];
      if constexpr (OneVc) {
        if (vcs[0].owner < 0) each(out, 0);
      } else {
        for (std::int32_t o = first_vc_of_class_[cls], end = first_vc_of_class_[cls + 1]; o < end; ++o)
          if (vcs[o].owner < 0) each(out, o);
      }
      return unroutable::no;
    }
  }
  const std::span<const hop> cands = ask_routing(n, front(channel), in.port < links_ ? class_of(channel - in.port * vcs_) : 0,
                                                 parts_[static_cast<std::size_t>(ctx.partition())].candidates, entry);
  if (cands.empty() || cands.front().link < 0) return unroutable::dead_end;
  const std::int32_t chosen = adaptive_ ? booksim_adaptive_link(n, c, r, cands) : -1;
  for (const hop& h : cands) {
    if (!booksim_usable(n, h) || (chosen >= 0 && h.link != chosen)) continue;
    const std::int32_t out = out_index_[static_cast<std::size_t>(h.link)];
    const output_vc* const vcs = &outputs_[static_cast<std::size_t>(h.link * vcs_)];
    for (std::int32_t o = first_vc_of(h.vc), end = first_vc_of(h.vc + 1); o < end; ++o)
      if (vcs[o].owner < 0) each(out, o);
  }
  return unroutable::no;
}

}  // namespace weft::detail::flit
