// Round trip of one small message, measured in one run two ways (issue 15 point 4):
//   bare  two threads pinned (hwloc) to different cores, two moodycamel ConcurrentQueues:
//         A enqueues, B spins on try_dequeue and enqueues back, A spins for the reply;
//   pe    PE 0 and PE 1 of a weft program on the wall clock (--clock wall), each on its own
//         pinned worker: send + recv_into, the PE API's cheapest ping-pong;
//   pe-recv  the same with recv(), which returns a fresh vector (the built-in pingpong's way);
//   one-worker  `pe` with both PEs on one worker: weft's own software path, no core crossed.
// Each round prints all three and the ratio pe / bare; the last line gives medians over rounds.
//
//   wall_pingpong [-n ITERATIONS] [-r ROUNDS] [--pin compact|scatter]
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <concurrentqueue/concurrentqueue.h>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "weft/placement.hpp"
#include "weft/weft.hpp"

namespace {

using steady = std::chrono::steady_clock;

/// Nanoseconds per round trip of the bare queue ping-pong between CPUs `a` and `b`.
double bare_round_trip_ns(int a, int b, long iterations, long warmup) {
  moodycamel::ConcurrentQueue<std::uint64_t> to_b, to_a;
  std::atomic<bool> ready{false};
  double ns = 0;
  std::thread echo([&] {
    weft::bind_this_thread(b);
    moodycamel::ProducerToken out(to_a);
    moodycamel::ConsumerToken in(to_b);
    ready.store(true);
    std::uint64_t v = 0;
    for (long i = 0; i < warmup + iterations; ++i) {
      while (!to_b.try_dequeue(in, v)) __builtin_ia32_pause();
      to_a.enqueue(out, v + 1);
    }
  });
  weft::bind_this_thread(a);
  moodycamel::ProducerToken out(to_b);
  moodycamel::ConsumerToken in(to_a);
  while (!ready.load()) std::this_thread::yield();
  std::uint64_t v = 0;
  steady::time_point start;
  for (long i = 0; i < warmup + iterations; ++i) {
    if (i == warmup) start = steady::now();
    to_b.enqueue(out, v);
    while (!to_a.try_dequeue(in, v)) __builtin_ia32_pause();
  }
  ns = std::chrono::duration<double, std::nano>(steady::now() - start).count() / static_cast<double>(iterations);
  echo.join();
  if (v != static_cast<std::uint64_t>(warmup + iterations)) std::abort();  // every reply came back
  return ns;
}

/// Nanoseconds per round trip between PE 0 and PE 1 on the wall clock, measured by PE 0.
double pe_round_trip_ns(weft::pin_policy pin, int workers, long iterations, long warmup, bool fresh_vectors) {
  std::atomic<double> ns{0};
  auto prog = [&](weft::pe& p) {
    const int peer = 1 - p.rank();
    std::uint64_t v = 0;
    auto exchange = [&] {
      if (fresh_vectors) {
        v = p.recv(peer, weft::tag{1}).as<std::uint64_t>();
      } else if (p.recv_into(std::as_writable_bytes(std::span(&v, 1)), peer, weft::tag{1}).bytes != sizeof v) {
        throw std::runtime_error("short message");
      }
    };
    weft::vtime start{};
    for (long i = 0; i < warmup + iterations; ++i) {
      if (i == warmup) start = p.now();
      const auto expected = static_cast<std::uint64_t>(i) + (p.rank() == 0 ? 1 : 0);  // what v must hold
      if (p.rank() == 0) {  // sends i, expects i + 1 back
        p.send(peer, weft::tag{1}, static_cast<std::uint64_t>(i));
        exchange();
      } else {  // expects i, answers i + 1
        exchange();
        p.send(peer, weft::tag{1}, v + 1);
      }
      if (v != expected) throw std::runtime_error("wrong reply");
    }
    if (p.rank() == 0) ns = static_cast<double>((p.now() - start).ps) / 1e3 / static_cast<double>(iterations);
  };
  weft::machine m("full:2");
  weft::run_options opt;
  opt.clock = weft::clock_mode::wall;
  opt.workers = workers;
  opt.pin = pin;
  opt.program_name = "wall_pingpong";
  auto r = m.run(2, prog, opt);
  if (r.status != weft::run_status::ok) {
    fmt::print(stderr, "wall_pingpong: the PE run ended {}: {}\n", weft::to_string(r.status),
               r.problems.empty() ? "" : r.problems.front());
    std::exit(1);
  }
  return ns.load();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const auto n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

long number(const char* text, const char* flag) {
  char* end = nullptr;
  const long v = std::strtol(text, &end, 10);
  if (!text[0] || *end || v < 1) {
    fmt::print(stderr, "wall_pingpong: {} '{}' must be a whole number >= 1\n", flag, text);
    std::exit(2);
  }
  return v;
}

}  // namespace

int main(int argc, char** argv) {
  long iterations = 200000, rounds = 7;
  std::string pin_text = "scatter";
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (i + 1 < argc && a == "-n") iterations = number(argv[++i], "-n");
    else if (i + 1 < argc && a == "-r") rounds = number(argv[++i], "-r");
    else if (i + 1 < argc && a == "--pin") pin_text = argv[++i];
    else {
      fmt::print(stderr, "usage: wall_pingpong [-n ITERATIONS] [-r ROUNDS] [--pin compact|scatter]\n");
      return 2;
    }
  }
  weft::pin_policy pin;
  try {
    pin = weft::parse_pin_policy(pin_text);
  } catch (const std::exception& e) {
    fmt::print(stderr, "wall_pingpong: {}\n", e.what());
    return 2;
  }
  // The bare threads go where the weft run's two workers go.
  const auto cpus = weft::plan_workers(weft::discover_host(), pin, 2);
  if (cpus.size() < 2 || cpus[0] < 0 || cpus[0] == cpus[1]) {
    fmt::print(stderr, "wall_pingpong: needs two distinct CPUs to pin to (--pin compact or scatter)\n");
    return 2;
  }
  const long warmup = std::max(1000L, iterations / 10);
  fmt::print("# round trip of 8 bytes, {} iterations after {} warm-up, CPUs {} and {}, pin {}\n", iterations, warmup,
             cpus[0], cpus[1], pin_text);
  fmt::print("# {:>5} {:>12} {:>12} {:>14} {:>14} {:>10} {:>14}\n", "round", "bare(ns)", "pe(ns)", "pe-recv(ns)",
             "one-worker(ns)", "pe/bare", "pe-recv/bare");
  std::vector<double> bare, pe, pe_recv, alone, ratio, ratio_recv;
  for (long r = 0; r < rounds; ++r) {
    bare.push_back(bare_round_trip_ns(cpus[0], cpus[1], iterations, warmup));
    pe.push_back(pe_round_trip_ns(pin, 2, iterations, warmup, false));
    pe_recv.push_back(pe_round_trip_ns(pin, 2, iterations, warmup, true));
    alone.push_back(pe_round_trip_ns(pin, 1, iterations, warmup, false));
    ratio.push_back(pe.back() / bare.back());
    ratio_recv.push_back(pe_recv.back() / bare.back());
    fmt::print("  {:>5} {:>12.1f} {:>12.1f} {:>14.1f} {:>14.1f} {:>10.2f} {:>14.2f}\n", r + 1, bare.back(), pe.back(),
               pe_recv.back(), alone.back(), ratio.back(), ratio_recv.back());
  }
  fmt::print("median {:>11.1f} {:>12.1f} {:>14.1f} {:>14.1f} {:>10.2f} {:>14.2f}\n", median(bare), median(pe),
             median(pe_recv), median(alone), median(ratio), median(ratio_recv));
  return 0;
}
