// --router booksim: VC and switch allocation in the common case of a busy router below
// saturation, several due VCs that ask for no output in common. One iteration of iSLIP then
// grants every request (each output has one requester) and each input accepts, among the
// outputs it asked for, the first from its accept pointer: the allocators' result, found
// without their request lists. Anything else (two inputs asking for one output, a port with two
// VCs asking, a head that cannot be routed, allocation delays of more than a cycle) answers
// false having changed nothing, and the general allocators (flit_booksim.cpp) take the stage.
#include <array>

#include "booksim_candidates.hpp"
#include "flit_network.hpp"

namespace weft::detail::flit {

namespace {

// At most this many requesting VCs (and 64 outputs and ports, one bit each) take this path.
constexpr std::size_t most_disjoint = 16;

}  // namespace

bool flit_network::booksim_disjoint_vcs(router& r, node_id n, std::int64_t c, std::span<const due_vc> due,
                                        bool& progress, network_context& ctx) {
  const auto outs = static_cast<std::int32_t>(r.va_grant.size());  // output VCs
  if (params_.vc_alloc_delay != 1 || outs > 64) return false;
  const std::int32_t vcs = vcs_;
  struct pick {
    std::int32_t channel, input, best;
  };
  std::array<pick, most_disjoint> picks;
  std::size_t count = 0;
  std::uint64_t asked = 0;  // bit o: output VC o is asked for
  for (const auto [channel, p] : due) {
    const auto& in = inputs_[static_cast<std::size_t>(channel)];
    if (in.state != input_vc::phase::routing) continue;
    if (in.grant_at >= 0 || count == picks.size()) return false;
    const std::int32_t input = p * vcs + channel - in.port * vcs;
    const std::int32_t from = r.va_accept[static_cast<std::size_t>(input)];
    std::int32_t best = -1, best_distance = INT32_MAX;
    std::uint64_t mine = 0;
    const auto why = booksim_candidates(r, n, c, channel, ctx, [&](std::int32_t out, std::int32_t vc) {
      const std::int32_t o = out * vcs + vc, distance = o >= from ? o - from : o - from + outs;
      mine |= std::uint64_t{1} << o;
      if (distance < best_distance) {
        best = o;
        best_distance = distance;
      }
    });
    if (why != unroutable::no || (mine & asked) != 0) return false;
    asked |= mine;
    picks[count++] = {channel, input, best};
  }
  for (const auto& [channel, input, best] : std::span(picks.data(), count)) {
    if (best < 0) continue;  // every VC it may take is held: it waits
    islip_matched(r.va_grant, r.va_accept, input, best);
    booksim_take(r, channel, vcs == 1 ? best : best / vcs, vcs == 1 ? 0 : best % vcs, c);
    progress = true;
  }
  return true;
}

bool flit_network::booksim_disjoint_switch(router& r, node_id n, std::int64_t c, std::span<const due_vc> due,
                                           bool& progress, network_context& ctx) {
  const std::size_t outs = r.sw_grant.size(), ports = r.sw_accept.size();
  if (params_.sw_alloc_delay != 1 || outs > 64 || ports > 64) return false;
  const std::int32_t vcs = vcs_, eject_port = static_cast<std::int32_t>(outs) - 1;
  struct pick {
    std::int32_t channel, port, out, link;
    bool sends;  // it has a credit for the VC it holds (else it asks and waits)
  };
  std::array<pick, most_disjoint> picks;
  std::size_t count = 0;
  std::uint64_t asked = 0, asking = 0;  // bit o: output o is asked for; bit p: input port p asks
  for (const auto [channel, p] : due) {
    const auto& in = inputs_[static_cast<std::size_t>(channel)];
    if (in.state != input_vc::phase::active || in.count == 0) continue;
    if (in.grant_at >= 0 || count == picks.size()) return false;
    if (in.ready_at > c) continue;
    std::int32_t out = eject_port;  // the ejection port also drains discarded packets
    bool sends = true;
    if (in.out >= 0) {
      out = out_index_[static_cast<std::size_t>(in.out)];
      sends = outputs_[static_cast<std::size_t>(in.out * vcs + in.out_vc)].credits != 0;
    }
    const std::uint64_t o = std::uint64_t{1} << out, q = std::uint64_t{1} << p;
    if ((asked & o) != 0 || (asking & q) != 0) return false;
    asked |= o;
    asking |= q;
    picks[count++] = {channel, p, out, in.out, sends};
  }
  const std::span<const pick> taken(picks.data(), count);
  for (const pick& k : taken) {
    if (k.link >= 0) {
      auto& lc = link_counters_[static_cast<std::size_t>(k.link)];
      if (!k.sends) {  // its queue: the one packet that asked and waits
        lc.max_queue = std::max(lc.max_queue, 1 - (lc.granted == c ? 1 : 0));
        continue;
      }
      lc.granted = c;
    }
    const std::int32_t v = k.channel - inputs_[static_cast<std::size_t>(k.channel)].port * vcs;
    islip_matched(r.sw_grant, r.sw_accept, k.port, k.out);
    r.sw_vc_rr[static_cast<std::size_t>(k.port)] = after(v, static_cast<std::size_t>(vcs));
    progress = true;
  }
  for (const pick& k : taken)
    if (k.sends) booksim_cross(r, n, k.channel, c, ctx);
  return true;
}

}  // namespace weft::detail::flit
