// --router booksim: VC and switch allocation in the common case of a busy router below
// saturation, several due VCs that ask for no output in common. One iteration of iSLIP then
// grants every request (each output has one requester) and each input accepts, among the
// outputs it asked for, the first from its accept pointer: the allocators' result, found
// without their request lists. Anything else (two inputs asking for one output, a port with two
// VCs asking, a head that cannot be routed, allocation delays of more than a cycle) is left to
// the general allocators (flit_booksim.cpp): VC allocation with nothing changed, or switch
// allocation after a disjoint VC allocation.
//
// Both allocations come from one look at the due VCs, which the scan hands over as two lists
// (routing heads for VC allocation, active VCs for switch allocation: which one a VC is, is the
// simulation's data, and a branch asking it was mispredicted about once a router cycle). A
// disjoint VC allocation only makes routing VCs active for the next cycle, so the switch's
// requests are the same whether they are read before it or after (the general VC allocator may
// also make a VC it gives up on active now: after it, the switch's requests are read again,
// booksim_disjoint_switch).
#include <array>

#include "booksim_candidates.hpp"
#include "flit_network.hpp"

namespace weft::detail::flit {

namespace {

// At most this many requesting VCs of each allocation (and 64 outputs and ports, one bit each)
// take this path.
constexpr std::size_t most_disjoint = 16;

/// A head's VC allocation: the output VC it takes (-1: every VC it may take is held).
struct vc_pick {
  std::int32_t channel, port, input, best;
};

/// A flit's switch allocation: its input port and output (link, or -1: the ejection port).
struct switch_pick {
  std::int32_t channel, port, out, link;
  bool sends;  // it has a credit for the VC it holds (else it asks and waits)
};

}  // namespace

template <bool SwitchOnly, bool OneVc>
flit_network::disjoint flit_network::booksim_disjoint(router& r, node_id n, std::int64_t c, std::span<const due_vc> due_heads,
                                                      std::span<const due_vc> due_flits, bool& progress, std::int64_t& next,
                                                      network_context& ctx) {
  const auto va_outs = static_cast<std::int32_t>(r.va_grant.size());  // output VCs
  const bool vcs_ok = !SwitchOnly && r.disjoint_vcs;
  bool switch_ok = r.disjoint_switch;
  const std::int32_t vcs = OneVc ? 1 : vcs_, eject_port = static_cast<std::int32_t>(r.sw_grant.size()) - 1;
  std::array<vc_pick, most_disjoint> heads;
  std::array<switch_pick, most_disjoint> flits;
  std::size_t head_count = 0, flit_count = 0;
  std::uint64_t vcs_asked = 0;                  // bit o: output VC o is asked for
  std::uint64_t outs_asked = 0, ports_asking = 0;  // bit o: output o is asked for; bit p: input port p asks
  // (Nothing below changes the simulation's state before the last return of `none`, so the
  // heads may be looked at before the flits, whatever their ports. booksim_candidates may fill
  // the routing table's cache: a cache, and in the same order as before among the heads.)
  for (const auto [channel, p] : due_heads) {
    const auto& in = inputs_[static_cast<std::size_t>(channel)];
    if (!vcs_ok || in.grant_at >= 0 || head_count == heads.size()) return disjoint::none;
    const std::int32_t input = OneVc ? p : p * vcs + channel - in.port * vcs;  // (one VC: channel = its port)
    const std::int32_t from = r.va_accept[static_cast<std::size_t>(input)];
    std::int32_t best = -1, best_distance = INT32_MAX;
    std::uint64_t mine = 0;
    // (Inline: out of line, `mine` and `best` lived in memory; 2.7 % of (a)'s instructions at 0.07.)
    const auto why = booksim_candidates<OneVc>(r, n, c, channel, ctx, [&](std::int32_t out, std::int32_t vc) __attribute__((always_inline)) {
      const std::int32_t o = out * vcs + vc, distance = round_robin_distance(o, from, va_outs);
      mine |= std::uint64_t{1} << o;
      if (distance < best_distance) {
        best = o;
        best_distance = distance;
      }
    });
    if (why != unroutable::no || (mine & vcs_asked) != 0) return disjoint::none;
    vcs_asked |= mine;
    heads[head_count++] = {channel, p, input, best};
  }
  for (const auto [channel, p] : due_flits) {
    const auto& in = inputs_[static_cast<std::size_t>(channel)];
    // Never (a VC holding flits is routing or active), but the next cycle worked out below
    // counts on it.
    if (in.state != input_vc::phase::active) return disjoint::none;
    if (!switch_ok) continue;
    if (in.grant_at >= 0 || flit_count == flits.size()) {
      switch_ok = false;
      continue;
    }
    if (in.ready_at > c) continue;  // granted its VC this cycle (SwitchOnly)
    std::int32_t out = eject_port;  // the ejection port also drains discarded packets
    bool sends = true;
    if (in.out >= 0) {
      out = out_index_[static_cast<std::size_t>(in.out)];
      sends = outputs_[static_cast<std::size_t>(in.out * vcs + in.out_vc)].credits != 0;
    }
    const std::uint64_t o = std::uint64_t{1} << out, q = std::uint64_t{1} << p;
    if ((outs_asked & o) != 0 || (ports_asking & q) != 0) {
      switch_ok = false;
      continue;
    }
    outs_asked |= o;
    ports_asking |= q;
    flits[flit_count++] = {channel, p, out, in.out, sends};
  }
  // What the cycle leaves (booksim_cycle's next-cycle loop, here from what each VC did): a VC
  // still ready now that did not move is stuck; one whose next stage is later books it.
  bool stuck = false, waits_for_vc = false;
  const auto stays = [&](std::int32_t channel, bool routing) {
    if (inputs_[static_cast<std::size_t>(channel)].last_move == c) return;
    stuck = true;
    waits_for_vc |= routing;
  };
  bool granted = false;  // a head took an output VC: it bids for the switch from c + 1
  for (const auto& [channel, port, input, best] : std::span(heads.data(), head_count)) {
    if (best < 0) {  // every VC it may take is held: it waits
      stays(channel, true);
      continue;
    }
    islip_matched(r.va_grant, r.va_accept, input, best);
    booksim_take(r, channel, vcs == 1 ? best : best / vcs, vcs == 1 ? 0 : best % vcs, c);
    progress = true;
    granted = true;
  }
  if (!switch_ok) return SwitchOnly ? disjoint::none : disjoint::vcs;
  const std::span<const switch_pick> taken(flits.data(), flit_count);
  for (const switch_pick& k : taken) {
    if (k.link >= 0) {
      auto& lc = link_counters_[static_cast<std::size_t>(k.link)];
      if (!k.sends) {  // its queue: the one packet that asked and waits
        lc.max_queue = std::max(lc.max_queue, 1 - (lc.granted == c ? 1 : 0));
        continue;
      }
      lc.granted = c;
    }
    islip_matched(r.sw_grant, r.sw_accept, k.port, k.out);
    if constexpr (!OneVc) {  // (one VC: its pointer stays at VC 0)
      const std::int32_t v = k.channel - inputs_[static_cast<std::size_t>(k.channel)].port * vcs;
      r.sw_vc_rr[static_cast<std::size_t>(k.port)] = after(v, static_cast<std::size_t>(vcs));
    }
    progress = true;
  }
  for (const switch_pick& k : taken) {
    if (!k.sends) {
      if constexpr (!SwitchOnly) stays(k.channel, false);
      continue;
    }
    booksim_cross(r, n, k.channel, c, ctx);
    if constexpr (!SwitchOnly) {
      const auto& in = inputs_[static_cast<std::size_t>(k.channel)];
      if (in.count != 0) next = std::min(next, in.ready_at);  // the flit behind, from the next cycle on
    }
  }
  if constexpr (!SwitchOnly) {
    r.stuck = stuck;
    if (waits_for_vc) next = std::min(next, booksim_eject_free(r, c));
    if (granted) {
      // Nothing else here is due by c + 1 and nothing is stuck (so every head was granted):
      // the heads may be the next cycle's only bidders.
      if (switch_ahead_ && !stuck && next > c + 1) {
        std::array<due_vc, most_disjoint> granted_heads;
        for (std::size_t k = 0; k < head_count; ++k) granted_heads[k] = {heads[k].channel, heads[k].port};
        if (booksim_heads_ahead(r, n, c, std::span(granted_heads.data(), head_count), ctx)) return disjoint::all;
      }
      next = c + 1;
    }
  }
  return disjoint::all;
}

bool flit_network::booksim_disjoint_switch(router& r, node_id n, std::int64_t c, std::span<const due_vc> due,
                                           bool& progress, network_context& ctx) {
  // The VCs active now, after the general VC allocator (it may have made some active).
  auto& active = parts_[static_cast<std::size_t>(ctx.partition())].due_flits;
  std::size_t count = 0;
  for (const due_vc& d : due) {
    const auto& in = inputs_[static_cast<std::size_t>(d.channel)];
    if (in.count != 0 && in.state == input_vc::phase::active) active[count++] = d;
  }
  std::int64_t next = INT64_MAX;
  return booksim_disjoint<true, false>(r, n, c, {}, std::span<const due_vc>(active.data(), count), progress, next, ctx) ==
         disjoint::all;
}

}  // namespace weft::detail::flit
