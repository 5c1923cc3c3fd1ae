#pragma once
// Long-running loops hosted by CAF actors, one per worker thread, for runtimes that schedule
// PE fibers themselves (the wall-clock runtime). Keeps CAF out of their translation units.

#include <functional>

namespace weft::detail {

/// Runs loop(0) .. loop(count - 1), each on its own CAF actor in an actor system of `count`
/// worker threads, and returns once every loop has returned. The loops run concurrently (a
/// loop may wait for another), each on one thread for its whole life.
void run_on_worker_actors(int count, const std::function<void(int)>& loop);

}  // namespace weft::detail
