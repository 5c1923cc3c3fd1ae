// Network deadlock: when the engine has nothing left to do and flits remain in buffers, every
// one of them waits for another channel (input VC): one with no credit waits for the buffer
// downstream; a head with no free VC waits for the VC its routing asked for first, that is for
// the buffer holding that VC's packet (downstream, or here when its flits have not left yet).
// Following those waits from any stuck channel must come back to a channel already seen: that
// loop is the cycle we name.
#include <algorithm>

#include "flit_network.hpp"

namespace weft::detail::flit {

std::string flit_network::stalled() const {
  const auto channels = static_cast<std::int32_t>(inputs_.size());
  std::vector<hop> cands;
  // The channel `ch` waits for, or -1 when it holds nothing or could move on its own.
  auto waits_for = [&](std::int32_t ch) -> std::int32_t {
    const auto& in = inputs_[static_cast<std::size_t>(ch)];
    if (in.count == 0) return -1;
    if (in.state == input_vc::phase::active) return in.out >= 0 ? in.out * vcs_ + in.out_vc : -1;
    const message& m = *front(ch).msg;
    const node_id at = ch / vcs_ < links_ ? link_to_[static_cast<std::size_t>(ch / vcs_)] : ch / vcs_ - links_;
    if (at == m.dst_node) return -1;
    cands.clear();
    const std::int32_t port = ch / vcs_;
    routing_.next_hops(at, m.dst_node, {m.src_node, port < links_ ? class_of(ch % vcs_) : 0, front(ch).hops, 0}, cands);
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

}  // namespace weft::detail::flit
