// One of the two translation units that include CAF (with runtime.cpp): see worker_actors.hpp.
#include "worker_actors.hpp"

#include <caf/all.hpp>
#include <chrono>
#include <latch>

namespace weft::detail {

namespace {
using go_atom = caf::atom_constant<caf::atom("go")>;
}  // namespace

void run_on_worker_actors(int count, const std::function<void(int)>& loop) {
  caf::actor_system_config cfg;
  cfg.set("scheduler.max-threads", static_cast<std::size_t>(count));
  // An actor whose thread another loop holds is stolen by an idle worker; idle workers poll
  // for that often rather than after CAF's default 10 ms sleeps.
  cfg.set("work-stealing.relaxed-sleep-duration", caf::timespan{std::chrono::microseconds(200)});
  cfg.set("work-stealing.moderate-sleep-duration", caf::timespan{std::chrono::microseconds(20)});
  cfg.set("logger.verbosity", caf::atom("quiet"));
  std::latch done(count);
  caf::actor_system sys{cfg};
  // The index is a spawn argument, not a capture: CAF 0.17 dereferences a null argument tuple
  // when an actor is spawned without arguments.
  for (int i = 0; i < count; ++i) {
    auto a = sys.spawn(
        [&loop, &done](caf::event_based_actor* self, int index) -> caf::behavior {
          return {[&loop, &done, self, index](go_atom) {
            loop(index);
            done.count_down();
            self->quit();
          }};
        },
        i);
    caf::anon_send(a, go_atom::value);
  }
  done.wait();
}

}  // namespace weft::detail
