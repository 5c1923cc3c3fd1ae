// machine::run with --clock wall: the same PE programs, the same messages, no virtual time.
//
//   worker 0 (pinned, one CAF actor)              worker 1 (pinned, one CAF actor)
//   ---------------------------------              ---------------------------------
//   PEs 0..k-1 on fibers; a send is posted   --->  inbox (moodycamel ConcurrentQueue)
//   at once into the receiver's worker's           drained between PE slices: each message
//   inbox (same worker: handed over directly)      meets its receive, the PE it wakes runs next
//
// There is no engine phase and no horizon: a message is delivered as soon as its receiver's
// worker dequeues it, and every time is the host's clock since the run started. No link
// or host cost is applied and compute() charges nothing: what the report measures is this host.
// The run ends when no worker has work and no message is in flight (quiescence, below): every
// PE finished, or the unfinished ones are blocked for good (a deadlock, reported as such).
#include "wall_runtime.hpp"

#include <sched.h>
#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <concurrentqueue/concurrentqueue.h>
#include <deque>
#include <memory>
#include <optional>
#include <thread>

#include "weft/detail/arrival.hpp"
#include "weft/detail/emulated_pe.hpp"
#include "weft/detail/engine.hpp"
#include "weft/detail/message_pool.hpp"
#include "weft/detail/report_builder.hpp"
#include "weft/detail/shared_round.hpp"
#include "weft/placement.hpp"
#include "host_clock.hpp"
#include "latency_stats.hpp"
#include "pe_fibers.hpp"
#include "run_setup.hpp"
#include "worker_actors.hpp"

namespace weft::detail {

namespace {

using steady = std::chrono::steady_clock;

/// One worker: the PEs it hosts (ranks first..last-1), its inbox and what it counts. Only its
/// own thread touches it, except the inbox (any worker enqueues) and the three counters that
/// quiescence reads (on a line of their own).
struct alignas(64) worker {
  moodycamel::ConcurrentQueue<message*> inbox;
  // to[v]: into worker v's inbox (FIFO per producer); none into its own, which would only be one
  // more producer for its consumer to look at.
  std::vector<std::optional<moodycamel::ProducerToken>> to;
  std::unique_ptr<moodycamel::ConsumerToken> from;
  std::deque<int> runnable;
  int first = 0, last = 0;
  int cpu = -1;
  std::uint64_t delivered = 0, local = 0;  // all deliveries; those that crossed no queue
  vtime resume_time{};                     // of the PE it resumes now
  latency_stats latency;                   // of the messages that crossed a queue
  std::vector<std::uint64_t> seen;         // scratch of quiet()
  // Odd while the worker may still produce work, even once it has gone idle; every change adds
  // one, so a reader that sees the same value twice knows the worker stayed idle in between.
  alignas(64) std::atomic<std::uint64_t> activity{1};
  std::atomic<std::uint64_t> sent{0};      // messages it enqueued into other inboxes
  std::atomic<std::uint64_t> received{0};  // messages it dequeued from its own
};

/// One step of a single writer's counter (no read-modify-write: only its worker writes it).
void bump(std::atomic<std::uint64_t>& c, std::uint64_t by = 1) {
  c.store(c.load(std::memory_order_relaxed) + by, std::memory_order_release);
}

class wall_runtime final : public pe_host, public wall_host {
 public:
  wall_runtime(const machine& m, int procs, const program& prog, const run_options& opt)
      : machine_(m),
        options_(opt),
        states_(procs),
        // Every PE's calls are served on this host's clock, by this runtime.
        fibers_(states_,
                [this, &prog](pe_state& s) {
                  emulated_pe<wall_clock> backend(s, engine_, wall_clock{this});
                  pe p(backend);
                  prog(p);
                },
                opt.stack_bytes),
        host_(discover_host()),
        node_of_rank_(node_map(opt, procs)),
        // Used only for what PE code asks of the machine (its limits, whether sends wait for
        // the port): nothing is injected into it.
        engine_(make_engine(m, node_of_rank_, false, 1)) {
    cpus_ = cpu_slots(host_);
    const int wanted = opt.workers > 0 ? opt.workers : static_cast<int>(host_.pus.size());
    const int count = std::clamp(wanted, 1, procs);  // a worker without PEs would only spin
    for (int w = 0; w < count; ++w) {
      workers_.push_back(std::make_unique<worker>());
      // Contiguous blocks of ranks: neighbours in rank, who often talk, share a worker.
      workers_.back()->first = static_cast<int>(static_cast<std::int64_t>(w) * procs / count);
      workers_.back()->last = static_cast<int>(static_cast<std::int64_t>(w + 1) * procs / count);
      workers_.back()->seen.resize(static_cast<std::size_t>(count));
    }
    worker_of_.resize(static_cast<std::size_t>(procs));
    started_.resize(static_cast<std::size_t>(procs));
    for (int w = 0; w < count; ++w) {
      auto& me = *workers_[static_cast<std::size_t>(w)];
      for (int r = me.first; r < me.last; ++r) worker_of_[static_cast<std::size_t>(r)] = w;
      me.from = std::make_unique<moodycamel::ConsumerToken>(me.inbox);
      me.to.resize(workers_.size());
      for (int v = 0; v < count; ++v)
        if (v != w) me.to[static_cast<std::size_t>(v)].emplace(workers_[static_cast<std::size_t>(v)]->inbox);
    }
    prepare_pe_states(states_, *this, pool_, opt, cpus_);
  }

  ~wall_runtime() override {
    fibers_.unwind_all();  // PEs still blocked (deadlock, interrupt), before their messages go
    message* m = nullptr;
    for (auto& w : workers_)
      while (w->inbox.try_dequeue(m)) message_pool::dispose(m);  // in flight when an interrupt stopped the run
    for (auto& s : states_.held()) pool_.free_held(s);
  }

  report run() {
    plan_ = plan_workers(host_, options_.pin, static_cast<int>(workers_.size()));
    const auto begun = steady::now();
    run_on_worker_actors(static_cast<int>(workers_.size()), [this](int w) { work(w); });
    const double wall = std::chrono::duration<double>(steady::now() - begun).count();  // with the start-up
    bool all_done = true;
    for (const auto& s : states_.held())
      all_done &= s.status == pe_status::finished || s.status == pe_status::failed;
    if (options_.progress) options_.progress({wall, {}, 0, delivered(), true});
    // Stopped by an interrupt: neither finished nor deadlocked (PEs may be anywhere).
    const auto outcome = interrupted_.load() ? engine::outcome::resume
                         : all_done          ? engine::outcome::finished
                                             : engine::outcome::deadlock;
    report r = build_report(machine_, engine_, states_, outcome, options_);
    measured(r, wall);
    return r;
  }

  vtime elapsed() const override { return vtime::ns(clock_.now_ns()); }

  void suspend(pe_state& s) override {
    const vtime from = elapsed();
    fibers_.suspend(s);
    const vtime back = workers_[static_cast<std::size_t>(worker_of_[static_cast<std::size_t>(s.rank)])]->resume_time;
    s.add_span(from, back, 2);
    s.wait_time += back - from;
    s.clock = max(s.clock, back);
  }

  /// On PE `s`'s fiber, right after a send: posts its outbox into the receivers' workers.
  void post(pe_state& s) override {
    const int here = worker_of_[static_cast<std::size_t>(s.rank)];
    worker& me = *workers_[static_cast<std::size_t>(here)];
    const vtime now = elapsed();
    s.clock = max(s.clock, now);
    for (message* m : s.outbox) {
      m->ready = now;
      m->src_node = node_of_rank_[static_cast<std::size_t>(m->src)];
      m->dst_node = node_of_rank_[static_cast<std::size_t>(m->dst)];
      if (m->send_request >= 0) {  // a port model's send waits for injection: the copy is made
        complete_request(s, m->send_request, now);  // not waited for yet: the PE is running
        m->send_request = -1;
      }
      const int to = worker_of_[static_cast<std::size_t>(m->dst)];
      if (to == here) {
        ++me.local;
        deliver(me, m, now);
      } else {
        bump(me.sent);  // before the message can be dequeued (see quiet())
        workers_[static_cast<std::size_t>(to)]->inbox.enqueue(*me.to[static_cast<std::size_t>(to)], m);
      }
    }
    s.outbox.clear();
  }

 private:
  /// Worker `w`'s loop: drain the inbox, run one runnable PE, repeat; idle, spin a little
  /// (a reply usually follows within a microsecond), then yield and watch for the end.
  void work(int w) {
    worker& me = *workers_[static_cast<std::size_t>(w)];
    const int cpu = plan_[static_cast<std::size_t>(w)];
    me.cpu = cpu >= 0 && bind_this_thread(cpu) ? cpu : -1;
    pe_fibers::prepare_thread();
    for (int r = me.first; r < me.last; ++r) me.runnable.push_back(r);
    start_together();
    std::uint64_t activity = 1;
    unsigned idle = 0, resumes = 0;
    int here = sched_getcpu();
    message* batch[64];
    while (!run_over_.load(std::memory_order_acquire)) {
      if (options_.stop && options_.stop->load(std::memory_order_relaxed)) {
        interrupted_.store(true, std::memory_order_relaxed);
        run_over_.store(true, std::memory_order_release);
        break;
      }
      const auto n = me.inbox.try_dequeue_bulk(*me.from, batch, std::size(batch));
      vtime now{-1};
      if (n > 0) {
        if ((activity & 1) == 0) me.activity.store(++activity);  // active before `received` moves
        now = elapsed();
        for (std::size_t i = 0; i < n; ++i) {
          me.latency.add(now - batch[i]->ready);
          deliver(me, batch[i], now);
        }
        bump(me.received, n);
        idle = 0;
      }
      if (!me.runnable.empty()) {
        const int r = me.runnable.front();
        me.runnable.pop_front();
        if ((++resumes & 255) == 0) here = sched_getcpu();  // unpinned workers may move
        // The time just read for the deliveries serves as the PE's resume time: one clock read
        // less on the way of every message (the PE runs right after them).
        me.resume_time = now.ps >= 0 ? now : elapsed();
        run_pe(r, here);
        idle = 0;
        continue;
      }
      if (n > 0) continue;
      if (activity & 1) {
        if (++idle < active_spins) {
          __builtin_ia32_pause();
          continue;
        }
        me.activity.store(++activity);  // idle: quiescence may now count this worker out
      }
      if (quiet(me)) {
        run_over_.store(true, std::memory_order_release);
        break;
      }
      spin_pause(idle);  // yields now and then: an oversubscribed host runs the other workers
    }
  }

  /// Waits until every worker is in its loop; the last to arrive starts the clock. Time 0 is
  /// then when PEs can first run, not when the actor system began to start.
  void start_together() {
    if (arrived_.fetch_add(1) + 1 == static_cast<int>(workers_.size())) {
      clock_.start();
      started_all_.store(true, std::memory_order_release);
    }
    while (!started_all_.load(std::memory_order_acquire)) std::this_thread::yield();
  }

  void run_pe(int rank, int cpu) {
    pe_state& s = states_[rank];
    if (s.resumes == 0) s.clock = started_[static_cast<std::size_t>(rank)] = elapsed();
    if (cpu >= 0 && cpu < cpus_) ++s.cpu_resumes[static_cast<std::size_t>(cpu)];
    ++s.resumes;
    fibers_.resume(rank);
    if (s.status == pe_status::syncing) {  // a test() that found nothing: again after the inbox
      workers_[static_cast<std::size_t>(worker_of_[static_cast<std::size_t>(rank)])]->runnable.push_back(rank);
    } else if (s.status == pe_status::finished || s.status == pe_status::failed) {
      s.clock = elapsed();
      // Measured: the time the PE's fiber ran (its code and weft's calls), the rest it waited.
      s.compute_time = max(vtime{}, s.clock - started_[static_cast<std::size_t>(rank)] - s.wait_time);
    }
  }

  /// Message `m` reaches its receiver at `at` (on the receiver's worker): arrive() matches it as
  /// the engine does; the PE it completes runs next.
  void deliver(worker& me, message* m, vtime at) {
    pe_state& pe = states_[m->dst];
    pe.clock = max(pe.clock, at);  // so test() sees it complete by now()
    ++me.delivered;
    if (arrive(pe, m, at)) me.runnable.push_back(pe.rank);
  }

  /// True when no worker can produce work again: each was idle when first read and still
  /// idle, unchanged, when read again, and every message enqueued in between was dequeued. A
  /// message is counted sent before it is enqueued and received after its receiver turned
  /// active, so a worker that woke up between the two reads changed its activity.
  bool quiet(worker& me) const {
    for (std::size_t v = 0; v < workers_.size(); ++v) {
      me.seen[v] = workers_[v]->activity.load();
      if (me.seen[v] & 1) return false;
    }
    std::uint64_t sent = 0, received = 0;
    for (const auto& w : workers_) {
      sent += w->sent.load();
      received += w->received.load();
    }
    if (sent != received) return false;
    for (std::size_t v = 0; v < workers_.size(); ++v)
      if (workers_[v]->activity.load() != me.seen[v]) return false;
    return true;
  }

  std::uint64_t delivered() const {
    std::uint64_t n = 0;
    for (const auto& w : workers_) n += w->delivered;
    return n;
  }

  /// The report's measured parts: counts, latencies, host facts; no links, no hops.
  void measured(report& r, double wall) const {
    r.wall_clock = true;
    r.sent = 0;
    for (const auto& s : states_.held()) r.sent += s.sent_messages;
    r.delivered = delivered();
    r.conserved = r.sent == r.delivered;
    r.links.clear();  // no link model was applied: nothing crossed a modelled link
    r.hop_histogram.clear();
    latency_stats all;
    std::uint64_t local = 0;
    for (const auto& w : workers_) {
      all.merge(w->latency);
      local += w->local;
    }
    r.network.kind = "wall-clock";
    r.network.measured = measured_latency_figures{all.count(), local, all.min(), all.mean(), all.median_bound(),
                                                  all.max(), all.histogram()};
    if (interrupted_.load() && r.status == run_status::ok) {
      r.status = run_status::interrupted;
      r.problems.insert(r.problems.begin(), "stopped after " + format_time(vtime::ns(static_cast<std::int64_t>(wall * 1e9))) +
                                                " of wall time; messages still in flight: " +
                                                std::to_string(r.sent - r.delivered));
      r.conserved = true;
    }
    r.host.host_topology = host_.summary;
    r.host.workers = static_cast<int>(workers_.size());
    r.host.pin = to_string(options_.pin);
    r.host.sharing = "none (wall clock)";
    for (const auto& w : workers_) r.host.worker_cpus.push_back(w->cpu);
    r.host.pes_per_cpu.assign(static_cast<std::size_t>(cpus_), 0);
    for (const auto& p : r.pes)
      if (p.core >= 0) ++r.host.pes_per_cpu[static_cast<std::size_t>(p.core)];
    r.host.wall_seconds = wall;
    r.host.messages_per_second = wall > 0 ? static_cast<double>(r.delivered) / wall : 0;
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    r.host.peak_rss_bytes = static_cast<std::int64_t>(ru.ru_maxrss) * 1024;
  }

  // Pause steps an idle worker spins, still counted active, before it may be counted out: a
  // few tens of microseconds, longer than a round trip, short against a run.
  static constexpr unsigned active_spins = 2048;

  const machine& machine_;
  run_options options_;
  message_pool pool_;  // outlives the PE states that point at it
  pe_table states_;
  pe_fibers fibers_;  // after states_, which it runs
  host_info host_;
  int cpus_ = 1;
  std::vector<node_id> node_of_rank_;
  engine engine_;
  std::vector<std::unique_ptr<worker>> workers_;
  std::vector<int> worker_of_;
  std::vector<vtime> started_;  // per PE: when its fiber first ran
  std::vector<int> plan_;
  host_clock clock_;
  std::atomic<int> arrived_{0};
  std::atomic<bool> started_all_{false};  // clock_ is started
  std::atomic<bool> run_over_{false};
  std::atomic<bool> interrupted_{false};
};

}  // namespace

report run_on_wall_clock(const machine& m, int procs, const program& prog, const run_options& options) {
  wall_runtime rt(m, procs, prog, options);
  return rt.run();
}

}  // namespace weft::detail
