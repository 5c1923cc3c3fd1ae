// --router booksim: BookSim2's input-queued router (src/routers/iq_router.cpp at commit 28f4329,
// its defaults from booksim_config.cpp), cycle by cycle, on weft's buffers, credits and events.
//
// A head that reaches the front of its VC at cycle t is routed (routing_delay), bids for an
// output VC from t + routing_delay (VC allocation: vc_alloc_delay), then for the switch from the
// cycle after its VC is granted (switch allocation: sw_alloc_delay); a flit behind it bids for
// the switch from the cycle after the one in front left, or as it arrives. As in BookSim's
// IQRouter::_InternalStep every stage of a cycle is evaluated on the state the cycle started
// with, then updated: a VC freed by a tail leaving at cycle u is allocated at u + 1 at the
// earliest. Both allocators are iSLIP with one iteration (allocators/islip.cpp). Injection and
// ejection are channels with latencies; the source holds credits for the injection buffers.
#include <algorithm>
#include <cassert>

#include "booksim_candidates.hpp"
#include "flit_network.hpp"

namespace weft::detail::flit {

namespace {

using request = partition_counters::request;

// One iteration of iSLIP over `ins` inputs and `outs` outputs: each output grants the requesting
// input first at or after its grant pointer, each input accepts the granting output first at or
// after its accept pointer, and only an accepted match moves the two pointers past it. Leaves in
// `matched` the requests accepted, in their order (each input and each output once at most). `granted` and `accepted` are scratch
// per output and input, all -1 before and after; only the entries the requests name are touched.
[[gnu::noinline]] void islip_many(const std::vector<request>& requests, pooled_array<std::int32_t> grant_ptr,
                                   pooled_array<std::int32_t> accept_ptr, std::vector<std::int32_t>& granted,
                                   std::vector<std::int32_t>& accepted, std::vector<std::int32_t>& matched) {
  const auto ins = static_cast<std::int32_t>(accept_ptr.size()), outs = static_cast<std::int32_t>(grant_ptr.size());
  for (const auto& q : requests) {
    auto& g = granted[static_cast<std::size_t>(q.out)];
    const std::int32_t from = grant_ptr[static_cast<std::size_t>(q.out)];
    if (g < 0 || round_robin_distance(q.in, from, ins) < round_robin_distance(g, from, ins)) g = q.in;
  }
  for (const auto& q : requests) {
    if (granted[static_cast<std::size_t>(q.out)] != q.in) continue;
    auto& a = accepted[static_cast<std::size_t>(q.in)];
    const std::int32_t from = accept_ptr[static_cast<std::size_t>(q.in)];
    if (a < 0 || round_robin_distance(q.out, from, outs) < round_robin_distance(a, from, outs)) a = q.out;
  }
  for (std::size_t k = 0; k < requests.size(); ++k) {
    const auto& q = requests[k];
    auto& a = accepted[static_cast<std::size_t>(q.in)];
    if (a != q.out) continue;
    a = -2;  // matched: a second request of the same pair (a routing naming a hop twice) is not
    matched.push_back(static_cast<std::int32_t>(k));
    islip_matched(grant_ptr, accept_ptr, q.in, q.out);
  }
  for (const auto& q : requests) {
    granted[static_cast<std::size_t>(q.out)] = -1;
    accepted[static_cast<std::size_t>(q.in)] = -1;
  }
}

inline void islip(const std::vector<request>& requests, pooled_array<std::int32_t> grant_ptr,
           pooled_array<std::int32_t> accept_ptr, std::vector<std::int32_t>& granted,
           std::vector<std::int32_t>& accepted, std::vector<std::int32_t>& matched) {
  matched.clear();
  // The common cases away from saturation: one request, or a few that share no input and no
  // output. Each output then grants its one requester and each input accepts its one grant.
  const std::size_t n = requests.size();
  if (n == 1) [[likely]] {
    const auto& q = requests.front();
    matched.push_back(0);
    islip_matched(grant_ptr, accept_ptr, q.in, q.out);
    return;
  }
  if (n > 8) return islip_many(requests, grant_ptr, accept_ptr, granted, accepted, matched);
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b)
      if (requests[a].in == requests[b].in || requests[a].out == requests[b].out)
        return islip_many(requests, grant_ptr, accept_ptr, granted, accepted, matched);
  for (std::size_t k = 0; k < n; ++k) {
    const auto& q = requests[k];
    matched.push_back(static_cast<std::int32_t>(k));
    islip_matched(grant_ptr, accept_ptr, q.in, q.out);
  }
}

}  // namespace

std::int32_t flit_network::booksim_injection_vc(router& r, node_id n) {
  // trafficmanager.cpp: from the VC after the last one taken (VC 0 first), the first that no
  // packet holds and that has a credit.
  const std::int32_t base = injection_port(n) * vcs_;
  for (std::int32_t i = 1; i <= vcs_; ++i) {
    const std::int32_t v = r.inject_last < 0 ? 0 : (r.inject_last + i) % vcs_;
    auto& out = outputs_[static_cast<std::size_t>(base + v)];
    if (out.owner >= 0 || out.credits == 0) continue;
    out.owner = base + v;
    r.inject_last = v;
    return base + v;
  }
  return -1;
}

void flit_network::send_injected(std::int32_t channel, node_id n, const flit& f, std::int64_t c,
                                 network_context& ctx) {
  auto& out = outputs_[static_cast<std::size_t>(channel)];
  --out.credits;
  if (f.tail && !params_.wait_for_tail_credit) out.owner = -1;
  push_flit(f, n, channel / vcs_, channel % vcs_, c + params_.injection_delay + 1, 0, ctx);
}

template <bool OneVc>
std::int64_t flit_network::booksim_cycle(router& r, node_id n, std::int64_t c, bool& progress,
                                         network_context& ctx) {
  // Due: a VC whose grant's update or next stage is at c or before. Only those can take part in
  // an allocation or move (VC allocation: a head routed, or a grant to take up; switch
  // allocation: a flit at the front of an active VC, or a grant's update), so the others keep
  // their cycles: the earliest of those is `later`.
  auto& part = parts_[static_cast<std::size_t>(ctx.partition())];  // scratch as long as a router's VCs (prepare)
  due_vc* const first = part.due.data();
  due_vc* last = first;
  due_vc* const first_head = part.due_heads.data();
  due_vc* last_head = first_head;
  due_vc* const first_flit = part.due_flits.data();
  due_vc* last_flit = first_flit;
  std::int64_t later = INT64_MAX;
  const std::int32_t vcs = OneVc ? 1 : vcs_;
  const input_vc* const inputs = inputs_.data();
  const std::int32_t* const ports = r.ports.data();
  const auto words = static_cast<std::int32_t>(r.busy_ports.size());
  for (std::int32_t w = 0; w < words; ++w)
    for (std::uint64_t bits = r.busy_ports[static_cast<std::size_t>(w)]; bits != 0; bits &= bits - 1) {
      const std::int32_t p = w * 64 + std::countr_zero(bits), base = ports[p] * vcs;
      const auto look = [&](std::int32_t channel) {
        // Without a branch: whether a VC is due is the simulation's data, which no predictor
        // learns (one mispredicted branch costs about what this whole look does).
        const input_vc& in = inputs[channel];
        const std::int64_t ready = in.grant_at >= 0 ? in.grant_at : in.ready_at;
        // (One VC a port: a busy port's VC holds flits, note_busy's bit being set exactly when
        // write_flit fills an empty VC and cleared when pop_front empties it.)
        assert(!OneVc || in.count != 0);
        const bool holds = OneVc || in.count != 0;
        const bool due = holds && ready <= c;
        later = std::min(later, holds && !due ? ready : INT64_MAX);
        // (Each kept only if due: the scratch is as long as a router's VCs.) Heads and flits
        // apart for the disjoint allocators, which then need not ask which each is.
        const bool routing = in.state == input_vc::phase::routing;
        *last = {channel, p};
        last += due ? 1 : 0;
        *last_head = {channel, p};
        last_head += due & routing ? 1 : 0;
        *last_flit = {channel, p};
        last_flit += due & !routing ? 1 : 0;
      };
      if (vcs == 1) {  // one VC a port: no loop to set up
        look(base);
        continue;
      }
      for (std::int32_t channel = base; channel < base + vcs; ++channel) look(channel);
    }
  const std::span<const due_vc> due(first, last);
  std::int64_t next = later;
  if (due.size() == 1 && booksim_alone<OneVc>(r, n, c, due.front(), progress, ctx)) {
    if (switch_ahead_ && later > c + 1) booksim_ahead(r, n, c, due.front(), ctx);
  } else {
    // The disjoint case first, called from here: the general allocators' frame is large, and
    // setting it up only to leave was 2 % of a loaded run's instructions.
    const disjoint done = booksim_disjoint<false, OneVc>(r, n, c, std::span<const due_vc>(first_head, last_head),
                                                         std::span<const due_vc>(first_flit, last_flit), progress, next, ctx);
    if (done == disjoint::all) return next;  // with what the cycle leaves
    if (done == disjoint::none) progress |= booksim_allocate_vcs(r, n, c, due, ctx);  // (a head asks)
    // Switch allocation when a due VC is active now (VC allocation leaves the VCs it granted
    // for the next cycle, and those it gave up on active and due).
    if (std::any_of(due.begin(), due.end(), [&](const due_vc& d) {
          const auto& in = inputs_[static_cast<std::size_t>(d.channel)];
          return in.state == input_vc::phase::active && (in.grant_at >= 0 ? in.grant_at : in.ready_at) <= c;
        }))
      if (done == disjoint::vcs || !booksim_disjoint_switch(r, n, c, due, progress, ctx))
        progress |= booksim_allocate_switch(r, n, c, due, ctx);
  }
  // The next cycle: the due VCs as they are now, and the others'.
  bool stuck = false, waits_for_vc = false;
  for (const auto& d : due) {
    const auto& in = inputs_[static_cast<std::size_t>(d.channel)];
    if (in.count == 0) continue;
    const std::int64_t ready = in.grant_at >= 0 ? in.grant_at : in.ready_at;
    if (ready > c) {
      next = std::min(next, ready);
    } else if (in.last_move != c) {
      stuck = true;
      waits_for_vc |= in.state == input_vc::phase::routing;
    }
  }
  r.stuck = stuck;
  if (waits_for_vc) next = std::min(next, booksim_eject_free(r, c));
  return next;
}

bool flit_network::booksim_allocate_vcs(router& r, node_id n, std::int64_t c, std::span<const due_vc> due,
                                        network_context& ctx) {
  auto& part = parts_[static_cast<std::size_t>(ctx.partition())];
  auto& requests = part.requests;
  requests.clear();
  const std::int32_t eject_port = static_cast<std::int32_t>(r.outs.size());
  const std::int32_t vcs = vcs_;
  const auto free_at = [&](std::int32_t out, std::int32_t vc) { return booksim_vc_free(r, out, vc, c); };
  const auto take = [&](std::int32_t channel, std::int32_t out, std::int32_t vc) { booksim_take(r, channel, out, vc, c); };
  bool progress = false;
  for (const auto [channel, p] : due) {
    auto& in = inputs_[static_cast<std::size_t>(channel)];
    if (in.state != input_vc::phase::routing) continue;
    if (in.grant_at >= 0) {  // a grant of vc_alloc_delay > 1 cycles ago: taken if still free
      if (in.grant_at > c) continue;
      in.grant_at = -1;
      const std::int32_t out = in.out == input_vc::eject ? eject_port : out_index_[static_cast<std::size_t>(in.out)];
      if (free_at(out, in.out_vc)) {
        take(channel, out, in.out_vc);
        progress = true;
      } else {
        in.ready_at = c + 1;
      }
      continue;
    }
    const std::int32_t input = p * vcs + channel - in.port * vcs;  // requests keep the channel as their label
    const auto why = booksim_candidates<false>(r, n, c, channel, ctx, [&](std::int32_t out, std::int32_t vc) {
      requests.push_back({input, out * vcs + vc, channel});
    });
    if (why == unroutable::no) continue;
    const flit& head = front(channel);
    give_up(in, head, n, c, why == unroutable::loop ? loop_text(head.hops) : "has no next hop at node " + std::to_string(n), ctx);
    progress = true;
  }
  if (requests.empty()) return progress;
  islip(requests, r.va_grant, r.va_accept, part.granted, part.accepted, part.matched);
  for (const std::int32_t k : part.matched) {  // ascending inputs, as the requests were made
    const request& q = requests[static_cast<std::size_t>(k)];
    const std::int32_t channel = q.label, out = vcs == 1 ? q.out : q.out / vcs, vc = vcs == 1 ? 0 : q.out % vcs;
    progress = true;
    if (params_.vc_alloc_delay == 1) {
      take(channel, out, vc);
      continue;
    }
    auto& in = inputs_[static_cast<std::size_t>(channel)];  // BookSim takes it at the update, if still free
    in.out = out == eject_port ? input_vc::eject : r.outs[static_cast<std::size_t>(out)];
    in.out_vc = static_cast<std::int8_t>(vc);
    in.grant_at = c + params_.vc_alloc_delay - 1;
  }
  return progress;
}

bool flit_network::booksim_allocate_switch(router& r, node_id n, std::int64_t c, std::span<const due_vc> due,
                                           network_context& ctx) {
  auto& part = parts_[static_cast<std::size_t>(ctx.partition())];
  auto& requests = part.requests;
  requests.clear();
  const std::int32_t eject_port = static_cast<std::int32_t>(r.outs.size());
  auto& asked = part.asked;
  asked.clear();
  // Flits of grants made sw_alloc_delay - 1 cycles ago leave at this cycle's update.
  auto& leaving = part.leaving;
  leaving.clear();
  const std::int32_t vcs = vcs_;
  std::size_t first_request = 0;  // the requests of the port being looked at
  for (std::size_t k = 0; k < due.size(); ++k) {
    const auto [channel, p] = due[k];
    if (k > 0 && p != due[k - 1].port) first_request = requests.size();
    const auto& in = inputs_[static_cast<std::size_t>(channel)];
    if (in.state != input_vc::phase::active || in.count == 0) continue;
    if (in.grant_at >= 0) {
      if (in.grant_at == c) leaving.push_back(channel);
      continue;
    }
    if (in.ready_at > c) continue;
    const std::int32_t v = channel - in.port * vcs;
    std::int32_t out = eject_port;  // the ejection port also drains discarded packets
    if (in.out >= 0) {
      if (link_counters_[static_cast<std::size_t>(in.out)].requests++ == 0) asked.push_back(in.out);
      if (outputs_[static_cast<std::size_t>(in.out * vcs + in.out_vc)].credits == 0) continue;
      out = out_index_[static_cast<std::size_t>(in.out)];
    }
    // One request per input port and output: the VC first from the port's round-robin
    // pointer (BookSim's _SWAllocAddReq).
    const auto same = std::find_if(requests.begin() + static_cast<std::ptrdiff_t>(first_request), requests.end(),
                                   [&](const request& q) { return q.out == out; });
    if (same == requests.end()) {
      requests.push_back({p, out, v});
      continue;
    }
    const std::int32_t from = r.sw_vc_rr[static_cast<std::size_t>(p)];
    if ((v - from + vcs) % vcs < (same->label - from + vcs) % vcs) same->label = v;
  }
  bool progress = !leaving.empty();
  if (!requests.empty()) {
    islip(requests, r.sw_grant, r.sw_accept, part.granted, part.accepted, part.matched);
    for (const std::int32_t k : part.matched) {
      const auto& q = requests[static_cast<std::size_t>(k)];
      r.sw_vc_rr[static_cast<std::size_t>(q.in)] = q.label + 1 < vcs ? q.label + 1 : 0;
      const std::int32_t channel = r.ports[static_cast<std::size_t>(q.in)] * vcs + q.label;
      auto& in = inputs_[static_cast<std::size_t>(channel)];
      if (in.out >= 0) link_counters_[static_cast<std::size_t>(in.out)].granted = c;
      progress = true;
      if (params_.sw_alloc_delay == 1)
        leaving.push_back(channel);
      else
        in.grant_at = c + params_.sw_alloc_delay - 1;
    }
  }
  settle_queues(asked, c);
  for (std::int32_t channel : leaving) booksim_leave(r, n, channel, c, ctx);
  return progress;
}

std::span<const hop> flit_network::ask_routing(node_id n, const flit& head, std::int32_t cls, std::vector<hop>& cands,
                                               std::atomic<std::uint16_t>* entry) {
  cands.clear();
  routing_.next_hops(n, head.dest, {head.source, cls, head.hops, 0}, cands);
  if (entry != nullptr) {
    // A hop kept is one this network can take (booksim_candidates then need not check it again).
    std::uint16_t kept = many;
    if (cands.size() == 1 && booksim_usable(n, cands.front()))
      kept = route_entry(out_index_[static_cast<std::size_t>(cands.front().link)], cands.front().vc);
    entry->store(kept, std::memory_order_relaxed);
  }
  return cands;
}

bool flit_network::booksim_usable(node_id n, const hop& h) const {
  return h.link >= 0 && h.link < links_ && link_from_[static_cast<std::size_t>(h.link)] == n && h.vc >= 0 &&
         h.vc < classes_;
}

std::int32_t flit_network::booksim_adaptive_link(node_id n, std::int64_t c, const router& r,
                                                 std::span<const hop> cands) const {
  // An adaptive routing offers one link, chosen as BookSim's adaptive routing functions choose
  // (adaptive_xy_yx_mesh in routefunc.cpp: the output with fewer credits in use), among the
  // links with a free VC; ties go to the routing's order. -1: none has one. Asked for adaptive
  // routings only (the caller tests adaptive_ once per head).
  std::int32_t chosen = -1, least_used = INT32_MAX;
  for (const hop& h : cands) {
    if (!booksim_usable(n, h)) continue;
    const std::int32_t out = out_index_[static_cast<std::size_t>(h.link)];
    bool any_free = false;
    for (std::int32_t o = first_vc_of(h.vc); o < first_vc_of(h.vc + 1); ++o) any_free |= booksim_vc_free(r, out, o, c);
    if (!any_free) continue;
    std::int32_t used = 0;
    for (std::int32_t o = 0; o < vcs_; ++o) used += buffer_ - outputs_[static_cast<std::size_t>(h.link * vcs_ + o)].credits;
    if (used < least_used) {
      chosen = h.link;
      least_used = used;
    }
  }
  return chosen;
}

bool flit_network::booksim_vc_free(const router& r, std::int32_t out, std::int32_t vc, std::int64_t c) const {
  if (out == static_cast<std::int32_t>(r.outs.size()))  // the ejection port
    return r.eject_owner[static_cast<std::size_t>(vc)] < 0 && r.eject_free_at[static_cast<std::size_t>(vc)] <= c;
  return outputs_[static_cast<std::size_t>(r.outs[static_cast<std::size_t>(out)] * vcs_ + vc)].owner < 0;
}

void flit_network::booksim_take(router& r, std::int32_t channel, std::int32_t out, std::int32_t vc, std::int64_t c) {
  auto& in = inputs_[static_cast<std::size_t>(channel)];
  if (out == static_cast<std::int32_t>(r.outs.size())) {
    r.eject_owner[static_cast<std::size_t>(vc)] = channel;
    in.out = input_vc::eject;
  } else {
    in.out = r.outs[static_cast<std::size_t>(out)];
    outputs_[static_cast<std::size_t>(in.out * vcs_ + vc)].owner = channel;
  }
  in.out_vc = static_cast<std::int8_t>(vc);
  in.state = input_vc::phase::active;
  in.ready_at = c + 1;  // switch allocation from the next cycle
}

void flit_network::booksim_leave(router& r, node_id n, std::int32_t channel, std::int64_t c, network_context& ctx) {
  auto& in = inputs_[static_cast<std::size_t>(channel)];
  in.grant_at = -1;
  if (in.out >= 0) return send(channel, c, ctx);
  const bool frees = in.out == input_vc::eject && front(channel).tail;
  const std::int32_t vc = in.out_vc;
  eject(r, channel, n, c, ctx);
  if (!frees) return;
  // The ejection VC is free again once the tail has left, or (the tail-credit rule) once the
  // tail's credit is back from the node: across the ejection channel and back.
  r.eject_owner[static_cast<std::size_t>(vc)] = -1;
  r.eject_free_at[static_cast<std::size_t>(vc)] =
      params_.wait_for_tail_credit ? c + eject_offset_ + params_.ejection_delay + 1 + params_.credit_delay : c + 1;
}

template <bool OneVc>
bool flit_network::booksim_alone(router& r, node_id n, std::int64_t c, due_vc d, bool& progress, network_context& ctx) {
  // One due VC whose stage has no grant pending, one-cycle allocators: each allocation has at
  // most this VC's requests, all from one input. iSLIP then grants every request (each output
  // has one requester) and the input accepts the output first from its accept pointer: what
  // the general allocators do, without their lists. Anything rarer (a packet given up on)
  // answers false, having changed nothing, and the general allocators take the cycle.
  auto& in = inputs_[static_cast<std::size_t>(d.channel)];
  if (in.grant_at >= 0 || params_.vc_alloc_delay != 1 || params_.sw_alloc_delay != 1) return false;
  const std::int32_t vcs = OneVc ? 1 : vcs_;
  const std::int32_t v = OneVc ? 0 : d.channel - in.port * vcs, input = OneVc ? d.port : d.port * vcs + v;
  if (in.state == input_vc::phase::routing) {
    const auto outs = static_cast<std::int32_t>(r.va_grant.size());
    const std::int32_t from = r.va_accept[static_cast<std::size_t>(input)];
    std::int32_t best = -1, best_distance = INT32_MAX;
    const auto consider = [&](std::int32_t out, std::int32_t vc) {
      const std::int32_t o = out * vcs + vc, distance = round_robin_distance(o, from, outs);
      if (distance < best_distance) {
        best = o;
        best_distance = distance;
      }
    };
    if (booksim_candidates<OneVc>(r, n, c, d.channel, ctx, consider) != unroutable::no) return false;
    if (best < 0) return true;  // every VC it may take is held: it waits
    islip_matched(r.va_grant, r.va_accept, input, best);
    booksim_take(r, d.channel, vcs == 1 ? best : best / vcs, vcs == 1 ? 0 : best % vcs, c);
    progress = true;
    return true;
  }
  // Active and due: switch allocation with one request.
  if (in.out >= 0 && outputs_[static_cast<std::size_t>(in.out * vcs + in.out_vc)].credits == 0) {
    auto& lc = link_counters_[static_cast<std::size_t>(in.out)];
    lc.max_queue = std::max(lc.max_queue, 1 - (lc.granted == c ? 1 : 0));  // it asked and waits
    return true;
  }
  booksim_switch_alone(r, n, c, d, ctx);
  progress = true;
  return true;
}

void flit_network::booksim_switch_alone(router& r, node_id n, std::int64_t c, due_vc d, network_context& ctx) {
  const auto& in = inputs_[static_cast<std::size_t>(d.channel)];
  std::int32_t out = static_cast<std::int32_t>(r.outs.size());  // the ejection port
  if (in.out >= 0) {
    link_counters_[static_cast<std::size_t>(in.out)].granted = c;
    out = out_index_[static_cast<std::size_t>(in.out)];
  }
  islip_matched(r.sw_grant, r.sw_accept, d.port, out);
  r.sw_vc_rr[static_cast<std::size_t>(d.port)] = after(d.channel - in.port * vcs_, static_cast<std::size_t>(vcs_));
  booksim_cross(r, n, d.channel, c, ctx);
}

void flit_network::booksim_ahead(router& r, node_id n, std::int64_t c, due_vc d, network_context& ctx) {
  // The flit alone in VC d, the router's one due VC this cycle, is bidding for the switch from
  // c + 1 (its head was granted an output VC now, or the flit in front of it left now). It will
  // be the one request of that cycle's switch allocation: no other VC here is due by then
  // (`later` > c + 1), a head arriving at c + 1 starts its routing (routing_delay >= 1), no body
  // flit arriving then bids for its port or link (switch_ahead_'s comment; nor for the ejection
  // port, which a packet given up on drains through without an ejection VC: not while one
  // does), and its credit is here (credits only come back until it leaves). So it leaves now,
  // as of c + 1, and the router needs no cycle for it at c + 1: the state it changes (its
  // buffer, the output VC it frees, the switch's pointers) is read by nothing before then but a
  // flit arriving behind it at c + 1, which write_flit places as if it had arrived before it
  // left. Every effect lands at c + 2 or later, as it would have from c + 1 (the agenda's ring
  // is a cycle longer for it).
  if (booksim_may_leave_ahead(r, inputs_[static_cast<std::size_t>(d.channel)], c)) booksim_switch_alone(r, n, c + 1, d, ctx);
}

bool flit_network::booksim_may_leave_ahead(const router& r, const input_vc& in, std::int64_t c) const {
  return in.state == input_vc::phase::active && in.count == 1 && in.ready_at == c + 1 && in.out != input_vc::discard &&
         (in.out != input_vc::eject || r.discarding == 0) &&
         (in.out < 0 || outputs_[static_cast<std::size_t>(in.out * vcs_ + in.out_vc)].credits != 0);
}

bool flit_network::booksim_heads_ahead(router& r, node_id n, std::int64_t c, std::span<const due_vc> heads,
                                       network_context& ctx) {
  // booksim_ahead's reasoning, for the heads `heads` granted their output VCs at c, with no
  // other VC of r due by c + 1 and none stuck: they are the bidders of c + 1's switch
  // allocation when each may leave ahead alone and no two share an input port or an output.
  // iSLIP then grants every one, so each leaves now, as of c + 1.
  std::uint64_t outs_bid = 0, ports_bid = 0;
  for (const due_vc& h : heads) {
    const auto& in = inputs_[static_cast<std::size_t>(h.channel)];
    if (!booksim_may_leave_ahead(r, in, c)) return false;
    const std::int32_t out = in.out >= 0 ? out_index_[static_cast<std::size_t>(in.out)] : static_cast<std::int32_t>(r.outs.size());
    const std::uint64_t o = std::uint64_t{1} << out, q = std::uint64_t{1} << h.port;
    if ((outs_bid & o) != 0 || (ports_bid & q) != 0) return false;
    outs_bid |= o;
    ports_bid |= q;
  }
  for (const due_vc& h : heads) booksim_switch_alone(r, n, c + 1, h, ctx);
  return true;
}

}  // namespace weft::detail::flit
