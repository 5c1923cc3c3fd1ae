// machine::run on the virtual clock (--clock wall runs in wall_runtime.cpp): every PE runs its
// program on its own stackful fiber, started by CAF actors (a group of PEs each) and resumed by
// the engine's workers, which are CAF actors too. One of the two translation units that include
// CAF, with worker_actors.cpp (the wall-clock runtime's workers): a compile firewall.
//
//   main thread          CAF workers (PE group actors)             engine (from then on)
//   -----------          -----------------------------             ---------------------
//   spawn G actors  -->  each PE runs its fiber until it blocks,  --> the last group to finish runs
//   wait for result      leaving what it sent in its outbox        the engine: takes the outboxes,
//                                                                  commits windows of its partitions,
//                                                                  runs rounds of PE slices; shared
//                                                                  with one helper actor per further core
#include <sched.h>
#include <sys/resource.h>

#include <atomic>
#include <caf/all.hpp>
#include <chrono>
#include <exception>
#include <future>
#include <mutex>
#include <numeric>
#include <stdexcept>
#include <thread>

#include "weft/detail/emulated_pe.hpp"
#include "weft/detail/engine.hpp"
#include "weft/detail/message_pool.hpp"
#include "weft/detail/report_builder.hpp"
#include "weft/detail/shared_round.hpp"
#include "weft/machine.hpp"
#include "weft/placement.hpp"
#include "pe_fibers.hpp"
#include "rank_report.hpp"
#include "run_setup.hpp"
#include "wall_runtime.hpp"

namespace weft {

namespace {

/// The PEs this process runs, by rank: all, or in a distributed run those on its rank's nodes.
std::vector<int> held_pes(const detail::engine& eng, int procs) {
  std::vector<int> held;
  for (int r = 0; r < procs; ++r)
    if (eng.holds(r)) held.push_back(r);
  return held;
}

/// With --stacks shared: as many stacks as 8 per worker, so that two workers seldom want the same
/// one at once (PE i runs on stack i mod count; pe_fibers.hpp). 0: a stack per PE.
int shared_stack_count(const run_options& opt) {
  if (!opt.shared_stacks) return 0;
  const unsigned workers = opt.workers > 0 ? static_cast<unsigned>(opt.workers) : std::thread::hardware_concurrency();
  return 8 * static_cast<int>(std::max(1u, workers));
}

/// Chooses between sharing a phase's work (the engine's windows and the PE slices) with the
/// helpers and doing it alone, by timing both per unit of work, in blocks of 8 phases. The
/// faster way is used and the other tried now and then for a block, picked at random so that
/// no periodic pattern of phases biases the comparison: at first one block in 4, less often each
/// time a trial confirms the choice (down to one in 32). The first phase after a switch is not
/// timed: it pays for the switch (the engine re-partitions its pending events) and for moving
/// partition state between the cores' caches. Sharing pays only while the helpers' CPUs keep
/// pace; on a shared host they sometimes do not, for minutes at a time.
class sharing_choice {
 public:
  bool share() {
    if (left_ == 0) start_block();
    --left_;
    return shared_;
  }
  void record(bool shared, std::chrono::steady_clock::duration took, double units) {
    const bool after_switch = untimed_;
    untimed_ = false;
    if (after_switch || units < 256) return;  // see above; or too little work to time
    const double ns = std::chrono::duration<double, std::nano>(took).count() / units;
    const int k = shared ? 1 : 0;
    ns_[k] = samples_[k]++ == 0 ? ns : 0.75 * ns_[k] + 0.25 * ns;
  }

 private:
  static constexpr int block_phases = 8;
  bool preferred() const { return ns_[1] <= ns_[0]; }
  void start_block() {
    bool next;
    if (samples_[1] < 4) {
      next = true;
    } else if (samples_[0] < 4) {
      next = false;
    } else {
      if (trial_) interval_ = preferred() != shared_ ? std::min(interval_ * 2, 32u) : 4u;  // confirmed?
      rng_ = rng_ * 6364136223846793005ULL + 1442695040888963407ULL;  // Knuth's MMIX LCG
      trial_ = (rng_ >> 33) % interval_ == 0;
      next = trial_ != preferred();
    }
    untimed_ = next != shared_;
    shared_ = next;
    left_ = block_phases;
  }
  std::uint64_t rng_ = 1;
  unsigned interval_ = 4;
  int left_ = 0;
  bool shared_ = false, trial_ = false, untimed_ = false;
  double ns_[2] = {0, 0};
  int samples_[2] = {0, 0};
};

using resume_atom = caf::atom_constant<caf::atom("resume")>;
using help_atom = caf::atom_constant<caf::atom("help")>;
using detail::message;
using detail::pe_state;
using detail::affine_round;
using detail::shared_round;

class runtime final : public detail::pe_host, public detail::partition_runner {
 public:
  runtime(const machine& m, int procs, const program& prog, const run_options& opt)
      : machine_(m),
        program_(prog),
        options_(opt),
        host_(discover_host()),
        workers_(opt.workers > 0 ? opt.workers : static_cast<int>(host_.pus.size())),
        threads_(std::min(workers_, static_cast<int>(host_.pus.size()))),
        // One engine partition per worker that has a CPU of its own.
        engine_(detail::make_engine(m, detail::node_map(opt, procs), opt.trace, threads_, opt.partition, opt.ranks)),
        local_(held_pes(engine_, procs)),
        states_(procs, local_),
        // Every PE's calls are served on the engine's virtual time.
        fibers_(states_,
                [this](pe_state& s) {
                  detail::emulated_pe<detail::virtual_clock> backend(s, engine_);
                  pe p(backend);
                  program_(p);
                },
                opt.stack_bytes, shared_stack_count(opt)),
        partition_windows_(engine_.local_partitions()),
        partition_slices_(engine_.local_partitions()),
        pes_by_partition_(static_cast<std::size_t>(engine_.local_partitions())) {
    cpus_ = detail::cpu_slots(host_);
    detail::prepare_pe_states(states_, *this, pool_, opt, cpus_);
  }

  ~runtime() override {
    // Fibers of PEs that never finished (deadlock, interrupt) unwind here, on this thread,
    // before the messages they might still see are freed.
    fibers_.unwind_all();
    for (message* m : engine_.take_undelivered()) detail::message_pool::dispose(m);  // an interrupted run leaves some
    for (auto& s : states_.held()) pool_.free_held(s);
  }

  report run() {
    const int workers = workers_;
    plan_ = plan_workers(host_, options_.pin, workers);
    bound_cpus_.assign(static_cast<std::size_t>(workers), -1);

    caf::actor_system_config cfg;
    cfg.set("scheduler.max-threads", static_cast<std::size_t>(workers));
    // Idle workers otherwise back off into 10 ms sleeps; a phase of one PE would wait that long.
    cfg.set("work-stealing.relaxed-sleep-duration", caf::timespan{std::chrono::microseconds(200)});
    cfg.set("work-stealing.moderate-sleep-duration", caf::timespan{std::chrono::microseconds(20)});
    cfg.set("logger.verbosity", caf::atom("quiet"));
    auto start = std::chrono::steady_clock::now();
    start_ = start;
    last_progress_ = start;
    detail::engine::outcome outcome;
    {
      caf::actor_system sys{cfg};
      // The rank and helper number are spawn arguments, not captures: CAF 0.17 dereferences a
      // null argument tuple when an actor is spawned without arguments (UBSan reports it).
      // The first phase starts the PEs through actors that CAF's scheduler spreads over the
      // workers: one per group of consecutive PEs, 64 groups per worker (a PE each on smaller
      // machines), so that a machine of millions of PEs does not keep an actor (1.1 KB) per PE.
      const std::size_t groups = std::min(local_.size(), static_cast<std::size_t>(64 * threads_));
      actors_.reserve(groups);
      for (std::size_t g = 0; g < groups; ++g)
        actors_.push_back(sys.spawn<caf::lazy_init>(
            [this, groups](caf::event_based_actor* self, int group) -> caf::behavior {
              return {[this, self, group, groups](resume_atom) { start_group(self, group, groups); }};
            },
            static_cast<int>(g)));
      // One helper per further core: from the first engine phase on it takes engine partitions
      // and PE slices beside the worker that runs the engine, until the run ends.
      for (int p = 1; p < threads_; ++p)
        helpers_.push_back(sys.spawn(
            [this](caf::event_based_actor*, int helper) -> caf::behavior {
              return {[this, helper](help_atom) { help_engine(helper); }};
            },
            p));
      resumed_ = local_;
      running_.store(static_cast<int>(groups));
      auto done = done_.get_future();
      for (auto& a : actors_) caf::anon_send(a, resume_atom::value);
      if (local_.empty())  // a rank that holds no PE (switches only) still takes part in every phase
        actors_.push_back(sys.spawn(  // an argument: see the group actors above
            [this](caf::event_based_actor* self, int) -> caf::behavior {
              engine_phase(self);
              return {};
            },
            0));
      outcome = done.get();
      for (auto& a : actors_) caf::anon_send_exit(a, caf::exit_reason::user_shutdown);
      for (auto& a : helpers_) caf::anon_send_exit(a, caf::exit_reason::user_shutdown);
      actors_.clear();
      helpers_.clear();
    }
    if (failure_) std::rethrow_exception(failure_);
    auto wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (options_.progress) options_.progress(progress_now(true));

    report r = engine_.ranks() ? detail::gather_report(machine_, engine_, states_, outcome, options_)
                               : detail::build_report(machine_, engine_, states_, outcome, options_);
    if (engine_.ranks()) detail::share_pe_results(engine_, options_.results, states_.procs());
    if (interrupted_) mark_interrupted(r);
    r.host.host_topology = host_.summary;
    r.host.workers = workers;
    r.host.pin = to_string(options_.pin);
    r.host.sharing = to_string(options_.sharing);
    r.host.shared_phases = shared_phases_;
    r.host.partition = engine_.partitions() > 1 ? options_.partition_name : "none (one partition)";
    const auto split = engine_.summarize_split();
    r.host.partition_nodes = split.nodes;
    r.host.cut_links = split.cut_links;
    r.host.border_events = engine_.border_events();
    r.host.worker_cpus = bound_cpus_;
    r.host.pes_per_cpu.assign(static_cast<std::size_t>(cpus_), 0);
    for (const auto& p : r.pes)
      // (A distributed run's rows name CPUs of other hosts too: only this host's are counted.)
      if (p.core >= 0 && p.core < cpus_) ++r.host.pes_per_cpu[static_cast<std::size_t>(p.core)];
    r.host.wall_seconds = wall;
    r.host.engine_events = engine_.events();
    r.host.phases = engine_.phases();
    r.host.spread_phases = spread_phases_;
    r.host.events_per_second = wall > 0 ? static_cast<double>(engine_.events()) / wall : 0;
    r.host.messages_per_second = wall > 0 ? static_cast<double>(engine_.delivered()) / wall : 0;
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    r.host.peak_rss_bytes = static_cast<std::int64_t>(ru.ru_maxrss) * 1024;
    if (engine_.ranks()) {
      r.host.ranks = detail::gather_rank_shares(engine_, static_cast<std::int64_t>(local_.size()), r.host.peak_rss_bytes);
      r.host.border_events = 0;
      r.host.engine_events = 0;  // every rank's, as one process counts them
      for (const auto& share : r.host.ranks) {
        r.host.border_events += share.sent_events;
        r.host.engine_events += share.engine_events;
      }
      r.host.events_per_second = wall > 0 ? static_cast<double>(r.host.engine_events) / wall : 0;
      r.host.messages_per_second = wall > 0 ? static_cast<double>(r.delivered) / wall : 0;
    }
    return r;
  }

  /// The engine's partitions of one window, shared with the helpers. The engine asks only with
  /// all its (local) partitions active, which a single process has only in a phase chosen to be
  /// shared.
  void run(int /*count: all partitions*/, const std::function<void(int)>& task) override {
    wake_helpers();
    partition_windows_.run(task);
  }

  void suspend(pe_state& pe) override { fibers_.suspend(pe); }

 private:
  void pin_this_worker_once() {
    thread_local bool seen = false;
    if (seen) return;
    seen = true;
    detail::pe_fibers::prepare_thread();
    int slot = next_worker_.fetch_add(1);
    if (slot >= static_cast<int>(plan_.size())) return;
    int cpu = plan_[static_cast<std::size_t>(slot)];
    bool bound = cpu >= 0 && bind_this_thread(cpu);
    std::lock_guard<std::mutex> lock(bound_mutex_);
    bound_cpus_[static_cast<std::size_t>(slot)] = bound ? cpu : -1;
  }

  /// The first phase: runs group `group` of `groups` of this process's PEs until each blocks or
  /// ends; the last group to finish goes on to run the engine.
  void start_group(caf::event_based_actor* self, int group, std::size_t groups) {
    const std::size_t first = local_.size() * static_cast<std::size_t>(group) / groups;
    const std::size_t last = local_.size() * static_cast<std::size_t>(group + 1) / groups;
    const int cpu = sched_getcpu();
    for (std::size_t i = first; i < last; ++i) resume_pe(local_[i], cpu);
    if (running_.fetch_sub(1, std::memory_order_acq_rel) == 1) engine_phase(self);
  }

  /// Helper `home`: takes engine partitions and PE slices, its own partition's first, until the
  /// run is over. Idle, it spins a little (work usually follows within microseconds), then sleeps
  /// until the engine publishes work, so that a quiet stretch burns no CPU.
  void help_engine(int home) {
    unsigned spins = 0;
    while (!run_over_.load(std::memory_order_acquire)) {
      if (partition_windows_.help_once(home) || partition_slices_.help_once(home) || slices_.help_once()) {
        spins = 0;
        continue;
      }
      if (spins < 4096 && sharing_now_.load(std::memory_order_relaxed)) {
        detail::spin_pause(spins);
        continue;
      }
      const auto seen = work_epoch_.load(std::memory_order_acquire);
      sleeping_.fetch_add(1, std::memory_order_acq_rel);
      if (!run_over_.load(std::memory_order_acquire)) work_epoch_.wait(seen, std::memory_order_acquire);
      sleeping_.fetch_sub(1, std::memory_order_acq_rel);
      spins = 0;
    }
  }

  /// Publishes "there is work": wakes sleeping helpers (a syscall only when one sleeps). A helper
  /// that misses a round is harmless: the engine's worker takes every task nobody claims.
  void wake_helpers() {
    work_epoch_.fetch_add(1, std::memory_order_acq_rel);
    if (sleeping_.load(std::memory_order_acquire) > 0) work_epoch_.notify_all();
  }

  /// Runs one PE until it blocks or finishes and hands what it sent to the engine.
  /// `cpu` is where this thread runs (sched_getcpu, asked once per batch of PEs: a PE's
  /// placement report counts its resumes per CPU).
  void resume_pe(int rank, int cpu) {
    pin_this_worker_once();
    pe_state& s = states_[rank];
    if (cpu >= 0 && cpu < cpus_) ++s.cpu_resumes[static_cast<std::size_t>(cpu)];
    ++s.resumes;
    try {
      fibers_.resume(rank);
    } catch (...) {  // not the program's (its fiber catches those): copying frames off a shared stack
      // Thrown on whichever thread ran the slice; the engine ends the run at the phase's end.
      std::lock_guard<std::mutex> lock(slice_failure_mutex_);
      if (!slice_failure_) slice_failure_ = std::current_exception();
      slice_failed_.store(true, std::memory_order_release);
    }
  }

  // Runs on the worker whose PE blocked last in the first phase and stays there until the end:
  // it commits windows (partitions shared with the helpers) and resumes the PEs each phase wakes.
  /// Runs the engine loop; an exception it throws (an allocation that fails, an engine error)
  /// ends the run and is thrown again from run() on the caller's thread, rather than leaving
  /// the caller waiting for a result that never comes.
  void engine_phase(caf::event_based_actor* self) {
    try {
      engine_loop(self);
    } catch (...) {
      failure_ = std::current_exception();
      run_over_.store(true, std::memory_order_release);
      wake_helpers();
      done_.set_value(detail::engine::outcome::resume);
    }
  }

  void engine_loop(caf::event_based_actor* self) {
    for (auto& helper : helpers_) self->send(helper, help_atom::value);
    const shared_round::task slice = [this](int i) { resume_pe(resumed_[static_cast<std::size_t>(i)], sched_getcpu()); };
    const affine_round::task partition_slice = [this](int p) {
      const int cpu = sched_getcpu();
      for (int r : pes_by_partition_[static_cast<std::size_t>(p)]) resume_pe(r, cpu);
    };
    for (;;) {
      if (slice_failed_.load(std::memory_order_acquire)) {  // outside its program (resume_pe): ends the run
        std::lock_guard<std::mutex> lock(slice_failure_mutex_);
        std::rethrow_exception(slice_failure_);  // caught by engine_phase
      }
      // Which thread commits a window or runs a PE never changes a result, so this choice may
      // use wall-clock time. Alone, the engine runs as one partition, without windows.
      const auto phase_start = std::chrono::steady_clock::now();
      const auto events_before = engine_.events();
      phase_shared_ = !helpers_.empty() && share_this_phase();
      sharing_now_.store(phase_shared_, std::memory_order_relaxed);
      shared_phases_ += phase_shared_ ? 1 : 0;
      engine_.set_active_partitions(phase_shared_ ? engine_.partitions() : 1);
      // Every PE of the phase has run (the phase's end orders their writes before this), so
      // what they sent is read straight from their outboxes.
      for (int r : resumed_) {
        pe_state& s = states_[r];
        for (message* m : s.outbox) engine_.inject(m);
        s.outbox.clear();
        engine_.absorb_status(s);
      }
      // A phase boundary: every PE is suspended and its messages are with the engine, so the
      // run may stop here, before the engine commits further, and report a consistent state:
      // each PE still waits for what it waited for. (The SIGINT that sets the flag may come
      // from a PE's slice: the phase's end orders its write before this read.)
      if (engine_.on_any_rank(options_.stop && options_.stop->load(std::memory_order_relaxed))) {
        interrupted_ = true;
        shared_phases_ -= phase_shared_ ? 1 : 0;  // counted above, never run
        run_over_.store(true, std::memory_order_release);
        wake_helpers();
        done_.set_value(detail::engine::outcome::resume);  // neither finished nor deadlocked
        return;
      }
      auto outcome = engine_.advance(states_, resumed_, this);
      if (options_.progress) note_progress();
      if (outcome != detail::engine::outcome::resume) {
        run_over_.store(true, std::memory_order_release);
        wake_helpers();
        done_.set_value(outcome);
        return;
      }
      // Little PE work runs here even in a shared phase: waking a helper would cost more.
      const auto n = resumed_.size();
      const auto start = std::chrono::steady_clock::now();
      const bool shared = phase_shared_ && n >= 2 && static_cast<double>(n) * slice_ns_ > spread_work_ns;
      if (shared) {
        ++spread_phases_;
        wake_helpers();
        if (engine_.local_partitions() > 1) {  // each PE on the thread that holds its partition
          for (auto& list : pes_by_partition_) list.clear();
          for (int r : resumed_)
            pes_by_partition_[static_cast<std::size_t>(engine_.local_partition_of_rank(r))].push_back(r);
          partition_slices_.run(partition_slice);
        } else {
          slices_.run(static_cast<int>(n), slice);
        }
      } else {
        const int cpu = sched_getcpu();
        for (int r : resumed_) resume_pe(r, cpu);
      }
      const auto end = std::chrono::steady_clock::now();
      note_slices(end - start, n);
      sharing_now_.store(false, std::memory_order_relaxed);
      if (options_.sharing == sharing_policy::adaptive)
        sharing_.record(phase_shared_, end - phase_start,
                        static_cast<double>(engine_.events() - events_before) + resume_units * static_cast<double>(n));
    }
  }

  run_progress progress_now(bool finished) const {
    run_progress p;
    p.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    p.reached = engine_.last_arrival();
    p.events = engine_.events();
    p.delivered = engine_.delivered();
    p.finished = finished;
    return p;
  }

  /// Reports progress between phases, at most every progress_interval of wall time.
  void note_progress() {
    const auto now = std::chrono::steady_clock::now();
    if (now - last_progress_ < progress_interval) return;
    last_progress_ = now;
    options_.progress(progress_now(false));
  }

  /// An interrupted run's report: what was measured up to the phase boundary where it stopped.
  /// Messages still in flight are expected there, so delivery is not checked against sends.
  void mark_interrupted(report& r) const {
    if (r.status != run_status::ok) return;  // a failed PE says more than the interrupt
    r.status = run_status::interrupted;
    r.problems.insert(r.problems.begin(),
                      "stopped after " + std::to_string(engine_.phases()) + (engine_.phases() == 1 ? " phase" : " phases") + " (latest arrival " +
                          format_time(engine_.last_arrival()) + "); messages still in flight: " +
                          std::to_string(r.sent - r.delivered));
    r.conserved = true;
  }

  bool share_this_phase() {
    switch (options_.sharing) {
      case sharing_policy::always: return true;
      case sharing_policy::never: return false;
      case sharing_policy::alternate: return engine_.phases() % 2 == 0;
      default: return sharing_.share();
    }
  }

  /// Updates the running estimate of one PE slice's wall time.
  void note_slices(std::chrono::steady_clock::duration took, std::size_t count) {
    if (count == 0) return;
    const double per_slice = std::chrono::duration<double, std::nano>(took).count() / static_cast<double>(count);
    slice_ns_ = 0.9 * slice_ns_ + 0.1 * per_slice;
  }

  static constexpr auto progress_interval = std::chrono::milliseconds(250);
  static constexpr double spread_work_ns = 10e3;
  static constexpr double resume_units = 4;  // a PE resume costs about as much as 4 engine events
  double slice_ns_ = 2000;  // running estimate of one PE slice's wall time

  const machine& machine_;
  const program& program_;
  run_options options_;
  detail::message_pool pool_;  // outlives the PE states that point at it
  host_info host_;
  int workers_ = 1;
  int threads_ = 1;  // workers with a CPU of their own: the engine's partitions, helpers + 1
  detail::engine engine_;
  std::vector<int> local_;  // the PEs this process runs: all, or (distributed) those its rank holds
  detail::pe_table states_;  // theirs only
  detail::pe_fibers fibers_;  // after states_, which it runs
  detail::affine_round partition_windows_;  // one task per partition, each thread its own first
  sharing_choice sharing_;     // per phase: windows and PE slices together
  bool phase_shared_ = false;  // this phase's choice
  std::uint64_t shared_phases_ = 0;
  detail::affine_round partition_slices_;
  std::vector<std::vector<int>> pes_by_partition_;
  int cpus_ = 1;
  std::vector<int> plan_;
  std::vector<int> bound_cpus_;
  std::mutex bound_mutex_;
  std::atomic<int> next_worker_{0};
  std::uint64_t spread_phases_ = 1;  // the first phase starts every PE through an actor (start_group)

  std::vector<caf::actor> actors_;
  std::vector<caf::actor> helpers_;
  detail::shared_round slices_;   // PE slices of one phase
  std::atomic<bool> run_over_{false};
  std::atomic<std::uint64_t> work_epoch_{0};
  std::atomic<int> sleeping_{0};
  std::atomic<bool> sharing_now_{false};  // helpers spin for work only in a shared phase
  std::vector<int> resumed_;
  std::atomic<int> running_{0};
  std::promise<detail::engine::outcome> done_;
  bool interrupted_ = false;  // written by the engine's thread, read after done_
  std::exception_ptr failure_;  // likewise: what the engine's thread threw
  std::atomic<bool> slice_failed_{false};  // read every phase: the lock below only on failure
  std::mutex slice_failure_mutex_;
  std::exception_ptr slice_failure_;  // what a PE slice threw outside its program (resume_pe)
  std::chrono::steady_clock::time_point start_, last_progress_;
};

}  // namespace

report machine::run(int procs, const program& prog, const run_options& options) const {
  check_run(procs, options);
  if (options.clock == clock_mode::wall) return detail::run_on_wall_clock(*this, procs, prog, options);
  runtime rt(*this, procs, prog, options);
  return rt.run();
}

}  // namespace weft
