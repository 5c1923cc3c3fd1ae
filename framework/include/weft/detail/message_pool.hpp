#pragma once
// Recycles message objects between PEs. A message is allocated by its sender and released by
// its receiver, usually on another worker thread, so the free list is a lock-free queue. A
// recycled message keeps its payload buffer's capacity, so a steady stream of same-sized
// messages allocates nothing after warm-up.

#include <concurrentqueue/concurrentqueue.h>

#include "weft/detail/pe_state.hpp"

namespace weft::detail {

class message_pool {
 public:
  message_pool() = default;
  message_pool(const message_pool&) = delete;
  message_pool& operator=(const message_pool&) = delete;
  ~message_pool() {
    message* m = nullptr;
    while (free_.try_dequeue(m)) delete m;
  }

  message* acquire() {
    message* m = nullptr;
    if (free_.try_dequeue(m)) return m;
    return new message;
  }

  /// Takes back a message whose payload has been copied out; its fields are reset on reuse.
  void release(message* m) {
    auto data = std::move(m->data);
    data.clear();
    *m = message{};
    m->data = std::move(data);
    free_.enqueue(m);
  }

 private:
  moodycamel::ConcurrentQueue<message*> free_;
};

}  // namespace weft::detail
