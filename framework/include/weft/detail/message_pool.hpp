#pragma once
// Recycles message objects between PEs. A message is allocated by its sender and released by
// its receiver, usually on another worker thread. Each PE keeps a few spare messages of its
// own (most traffic is two-way, so a PE's receives feed its sends without any synchronization);
// a PE with too many returns a batch to the shared free list, a lock-free queue, and a PE with
// none takes a batch from it. A recycled message keeps its payload buffer's capacity, so a
// steady stream of same-sized messages allocates nothing after warm-up.

#include <concurrentqueue/concurrentqueue.h>

#include <cstddef>
#include <vector>

#include "weft/detail/pe_state.hpp"

namespace weft::detail {

class message_pool {
 public:
  message_pool() = default;
  message_pool(const message_pool&) = delete;
  message_pool& operator=(const message_pool&) = delete;
  ~message_pool() {
    message* m = nullptr;
    while (shared_.try_dequeue(m)) delete m;
  }

  /// A message for a PE to send, from its spares (`local`) when it has one.
  message* acquire(std::vector<message*>& local) {
    if (local.empty()) {
      message* batch[batch_size];
      const auto n = shared_.try_dequeue_bulk(batch, batch_size);
      if (n == 0) return new message;
      local.assign(batch, batch + n);
    }
    message* m = local.back();
    local.pop_back();
    return m;
  }

  /// Takes back a message whose payload has been copied out into the receiver's spares;
  /// its fields are reset on reuse.
  void release(std::vector<message*>& local, message* m) {
    auto data = std::move(m->data);
    data.clear();
    *m = message{};
    m->data = std::move(data);
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
    for (message* m : s.unexpected.remaining()) delete m;
    if (s.order)
      for (auto& [from, m] : s.order->early) delete m;  // arrived before an earlier one that never did
    for (auto& slot : s.requests)
      if (slot.msg) delete slot.msg;
  }

 private:
  static constexpr std::size_t batch_size = 32;
  moodycamel::ConcurrentQueue<message*> shared_;
};

}  // namespace weft::detail
