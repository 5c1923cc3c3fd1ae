#pragma once
// Recycles message objects between PEs. A message is allocated by its sender and released by
// its receiver, usually on another worker thread. Each PE keeps a few spare messages of its
// own (most traffic is two-way, so a PE's receives feed its sends without any synchronization);
// a PE with too many returns a batch to the shared free list, a lock-free queue, and a PE with
// none takes a batch from it. A recycled message keeps its payload buffer's capacity, so a
// steady stream of same-sized messages allocates nothing after warm-up.
//
// New messages are carved from blocks of consecutive messages, freed together when the pool
// ends: a run whose messages live long (a traffic PE sends a block of packets ahead before it
// receives; with --o-recv above 0, all of them) then neither calls malloc per message nor frees
// them one by one in random order at the end (together about a tenth of a 1-flit traffic run; docs/PERFORMANCE.md). A message
// the pool did not carve (a distributed run's copy of another rank's message, engine_ranks.cpp)
// is deleted when its receiver releases it; release() and dispose() tell the two apart by
// message::carved.

#include <concurrentqueue/concurrentqueue.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "weft/detail/pe_state.hpp"

namespace weft::detail {

class message_pool {
 public:
  message_pool() = default;
  message_pool(const message_pool&) = delete;
  message_pool& operator=(const message_pool&) = delete;
  /// Every message the pool holds is one it carved (release() deletes the others): they go with
  /// their blocks, without a look at each.
  ~message_pool() = default;

  /// A message for a PE to send, from its spares (`local`) when it has one; `sent`: how many the
  /// PE sent before (how many new ones it is given at once).
  message* acquire(std::vector<message*>& local, std::uint64_t sent) {
    if (local.empty()) {
      message* batch[batch_size];
      const auto n = shared_.try_dequeue_bulk(batch, batch_size);
      if (n == 0) return carve(local, sent);
      local.assign(batch, batch + n);
    }
    message* m = local.back();
    local.pop_back();
    return m;
  }

  /// Takes back a message whose payload has been copied out into the receiver's spares;
  /// its fields are reset on reuse.
  void release(std::vector<message*>& local, message* m) {
    if (!m->carved) return dispose(m);  // a distributed run's copy: made alone, freed alone
    auto data = std::move(m->data);
    data.clear();  // a heap buffer keeps its capacity
    *m = message{};
    m->data = std::move(data);
    m->carved = true;
    local.push_back(m);
    if (local.size() >= 2 * batch_size) {
      shared_.enqueue_bulk(local.end() - batch_size, batch_size);
      local.resize(local.size() - batch_size);
    }
  }

  /// Takes back a PE's spares (when the run ends).
  void give_back(std::vector<message*>& local) {
    if (!local.empty()) shared_.enqueue_bulk(local.data(), local.size());
    local.clear();
  }

  /// When a run ends: takes back PE `s`'s spares and frees every message it still holds
  /// (unexpected, early, matched but never waited for): nothing else owns them.
  void free_held(pe_state& s) {
    give_back(s.spare_messages);
    for (message* m : s.unexpected.remaining()) dispose(m);
    if (s.order)
      for (auto& [from, m] : s.order->early) dispose(m);  // arrived before an earlier one that never did
    for (auto& slot : s.requests)
      if (slot.msg) dispose(slot.msg);
  }

  /// Frees a message nothing will use again (null: none, as delete): one the pool carved goes
  /// with its block at the end.
  static void dispose(message* m) {
    if (m != nullptr && !m->carved) delete m;
  }

 private:
  /// A new message, the next of the last block, and as many more as the PE sent before (at
  /// most a batch) into its spares (`local`, empty), in the order they will be used. One for a
  /// PE's first send: a batch would stay in the spares of every PE that sends once (10^7 PEs ×
  /// 32 messages); a PE that sends many in a row (a traffic PE, a block of packets ahead) takes
  /// the lock once per batch, not once per message.
  message* carve(std::vector<message*>& local, std::uint64_t sent) {
    const std::size_t more = std::min<std::uint64_t>(sent, batch_size - 1);
    std::lock_guard<std::mutex> lock(blocks_mutex_);
    const auto next = [this] {
      if (blocks_.empty() || carved_ == block_size) {
        blocks_.push_back(std::unique_ptr<message[]>(new message[block_size]));  // (constructed, not zeroed first)
        carved_ = 0;
      }
      message* m = &blocks_.back()[carved_++];
      m->carved = true;
      return m;
    };
    message* first = next();
    local.resize(more);
    for (std::size_t k = more; k-- > 0;) local[k] = next();  // the next one used (back) first
    return first;
  }

  static constexpr std::size_t batch_size = 32;
  static constexpr std::size_t block_size = 256;
  moodycamel::ConcurrentQueue<message*> shared_;
  std::mutex blocks_mutex_;
  std::vector<std::unique_ptr<message[]>> blocks_;
  std::size_t carved_ = 0;  ///< messages of the last block handed out
};

}  // namespace weft::detail
