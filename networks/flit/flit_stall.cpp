// Network deadlock: when the engine has nothing left to do and flits remain in buffers, every
// one of them waits for another channel (input VC): one with no credit waits for the buffer
// downstream; a head with no free VC waits for the VC its routing asked for first, that is for
// the buffer holding that VC's packet (downstream, or here when its flits have not left yet).
// Following those waits from any stuck channel must come back to a channel already seen: that
// loop is the cycle we name.
#include <algorithm>

#include "flit_network.hpp"
#include "weft/detail/rank_codec.hpp"

namespace weft::detail::flit {

std::string flit_network::stalled() const {
  const auto channels = static_cast<std::int32_t>(inputs_.size());
  std::vector<hop> cands;
  // The channel `ch` waits for, or -1 when it holds nothing or could move on its own.
  auto waits_for = [&](std::int32_t ch) -> std::int32_t {
    const auto& in = inputs_[static_cast<std::size_t>(ch)];
    if (in.count == 0) return -1;
    if (in.state == input_vc::phase::active) return in.out >= 0 ? in.out * vcs_ + in.out_vc : -1;
    const flit& f = front(ch);  // its message's nodes, copied into it (another process's flit has no message here)
    const node_id at = ch / vcs_ < links_ ? link_to_[static_cast<std::size_t>(ch / vcs_)] : ch / vcs_ - links_;
    if (at == f.dest) return -1;
    cands.clear();
    const std::int32_t port = ch / vcs_;
    routing_.next_hops(at, f.dest, {f.source, port < links_ ? class_of(ch % vcs_) : 0, f.hops, 0}, cands);
    for (const hop& h : cands) {
      if (h.link < 0 || h.link >= links_ || h.vc < 0 || h.vc >= classes_) continue;
      const std::int32_t taken = h.link * vcs_ + first_vc_of(h.vc);
      if (inputs_[static_cast<std::size_t>(taken)].count > 0) return taken;
      return outputs_[static_cast<std::size_t>(taken)].owner;
    }
    return -1;
  };
  std::vector<std::int32_t> seen(static_cast<std::size_t>(channels), -1);  // the walk that saw it
  std::int64_t flits = 0, stuck_channels = 0;
  for (std::int32_t ch = 0; ch < channels; ++ch)
    if (inputs_[static_cast<std::size_t>(ch)].count > 0) {
      flits += inputs_[static_cast<std::size_t>(ch)].count;
      ++stuck_channels;
    }
  std::int64_t waiting_messages = 0;
  for (const auto& r : routers_) waiting_messages += static_cast<std::int64_t>(r.source.size() - r.source_head);
  for (std::int64_t w : waiting_elsewhere_) waiting_messages += w;
  if (flits == 0 && waiting_messages == 0) return {};
  const std::string where = " (routing " + routing_.name() + " on " + topo_.spec() + ", " +
                            std::to_string(vcs_) + (vcs_ == 1 ? " VC)" : " VCs)");
  for (std::int32_t start = 0; start < channels; ++start) {
    if (inputs_[static_cast<std::size_t>(start)].count == 0 || seen[static_cast<std::size_t>(start)] >= 0) continue;
    std::vector<std::int32_t> path;
    std::int32_t ch = start;
    while (ch >= 0 && seen[static_cast<std::size_t>(ch)] < 0) {
      seen[static_cast<std::size_t>(ch)] = start;
      path.push_back(ch);
      ch = waits_for(ch);
    }
    if (ch < 0 || seen[static_cast<std::size_t>(ch)] != start) continue;  // ended, or joined an earlier walk
    const auto from = std::find(path.begin(), path.end(), ch);
    std::string names;
    for (auto it = from; it != path.end(); ++it) names += (names.empty() ? "" : ", ") + channel_name(*it);
    return "packets wait in a cycle of " + std::to_string(path.end() - from) + " channels: " + names + where;
  }
  return "packets are stuck in the network with no cycle of channels found: " + std::to_string(flits) +
         " flits in " + std::to_string(stuck_channels) + " channels, " + std::to_string(waiting_messages) +
         " messages in source queues" + where;
}

void flit_network::pack_stall_state(std::span<const char> held, std::vector<std::byte>& out) const {
  byte_writer w(out);
  // The input VCs of the routers held here, with their flits (no message pointer leaves).
  for (std::size_t ch = 0; ch < inputs_.size(); ++ch) {
    const auto& in = inputs_[ch];
    if (!held[static_cast<std::size_t>(router_of_port(in.port))] || in.count == 0) continue;
    w.put<std::uint8_t>(1);
    w.put<std::uint64_t>(ch);
    w.put(in);
    for (std::int32_t i = 0; i < buffer_; ++i) {
      flit f = slots_[ch * static_cast<std::size_t>(buffer_) + static_cast<std::size_t>(i)];
      f.msg = nullptr;
      w.put(f);
    }
  }
  // The output VCs of their links (an output VC is its upstream router's).
  for (std::int32_t l = 0; l < links_; ++l) {
    if (!held[static_cast<std::size_t>(link_from_[static_cast<std::size_t>(l)])]) continue;
    for (std::int32_t v = 0; v < vcs_; ++v) {
      w.put<std::uint8_t>(2);
      w.put<std::uint64_t>(static_cast<std::uint64_t>(l) * static_cast<std::uint64_t>(vcs_) + static_cast<std::uint64_t>(v));
      w.put(outputs_[static_cast<std::size_t>(l) * static_cast<std::size_t>(vcs_) + static_cast<std::size_t>(v)]);
    }
  }
  for (std::size_t n = 0; n < routers_.size(); ++n)
    if (held[n] && routers_[n].source.size() > routers_[n].source_head) {
      w.put<std::uint8_t>(3);
      w.put<std::uint64_t>(n);
      w.put<std::int64_t>(static_cast<std::int64_t>(routers_[n].source.size() - routers_[n].source_head));
    }
}

void flit_network::absorb_stall_state(std::span<const std::byte> bytes) {
  waiting_elsewhere_.resize(routers_.size(), 0);
  byte_reader r(bytes);
  while (!r.done()) {
    const auto what = r.get<std::uint8_t>();
    const auto at = static_cast<std::size_t>(r.get<std::uint64_t>());
    if (what == 1) {
      inputs_[at] = r.get<input_vc>();
      for (std::int32_t i = 0; i < buffer_; ++i) slots_[at * static_cast<std::size_t>(buffer_) + static_cast<std::size_t>(i)] = r.get<flit>();
    } else if (what == 2) {
      outputs_[at] = r.get<output_vc>();
    } else {
      waiting_elsewhere_[at] += r.get<std::int64_t>();
    }
  }
}

}  // namespace weft::detail::flit
