#include "weft/programs/builtin.hpp"

#include <algorithm>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

namespace weft::programs {

namespace {

// Payloads carry a recognisable pattern so every receiver can check what really arrived.
std::byte pattern_byte(int src, int iteration, std::size_t i) {
  return static_cast<std::byte>((static_cast<std::size_t>(src) * 131 + static_cast<std::size_t>(iteration) * 31 + i) & 0xff);
}

std::int64_t real_bytes(std::int64_t modelled) { return std::min(modelled, real_payload_max); }

/// The real head of a payload of `bytes` modelled bytes.
std::vector<std::byte> pattern(std::int64_t bytes, int src, int iteration) {
  std::vector<std::byte> v(static_cast<std::size_t>(real_bytes(bytes)));
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = pattern_byte(src, iteration, i);
  return v;
}

/// Sends the real head; the network model charges the whole modelled size.
payload sized_pattern(const std::vector<std::byte>& head, std::int64_t bytes) { return weft::sized(head, bytes); }

void expect_pattern(const received& m, std::int64_t bytes, int src, int iteration) {
  bool intact = m.source == src && m.modelled_bytes == bytes &&
                m.data.size() == static_cast<std::size_t>(real_bytes(bytes));
  for (std::size_t i = 0; intact && i < m.data.size(); ++i) intact = m.data[i] == pattern_byte(src, iteration, i);
  if (!intact) throw std::runtime_error("payload from PE " + std::to_string(m.source) + " is corrupt");
}

traffic_hint one_message(const params& prm, int) {
  return {.messages_in_flight = 1, .real_bytes_per_message = real_bytes(prm.bytes),
          .modelled_bytes_per_message = prm.bytes, .messages_total = 2LL * prm.iterations};
}

traffic_hint ring_traffic(const params& prm, int procs) {
  return {.messages_in_flight = 1, .real_bytes_per_message = real_bytes(prm.bytes),
          .modelled_bytes_per_message = prm.bytes, .messages_total = static_cast<std::int64_t>(procs) * prm.iterations};  // < 2^62
}

traffic_hint alltoall_traffic(const params& prm, int procs) {
  const std::int64_t p = procs, flying = p * (p - 1);  // p < 2^31: fits
  // Saturated: p² × iterations can pass int64 (the estimate then refuses the run anyway).
  const double total = static_cast<double>(flying) * prm.iterations;
  return {.messages_in_flight = flying, .real_bytes_per_message = real_bytes(prm.bytes),
          .modelled_bytes_per_message = prm.bytes,
          .messages_total = total >= 9.2e18 ? INT64_MAX : static_cast<std::int64_t>(total),
          .real_bytes_per_pe = (p - 1) * real_bytes(prm.bytes)};
}

traffic_hint no_traffic(const params&, int) { return {.messages_in_flight = 0, .messages_total = 0}; }

void need_procs(const pe& p, int n, const char* name) {
  if (p.size() < n)
    throw std::invalid_argument(std::string(name) + " needs at least " + std::to_string(n) + " PEs");
}

}  // namespace


program registry::make(std::string_view name, const params& p) const {
  if (p.bytes < 0) throw std::invalid_argument("--bytes " + std::to_string(p.bytes) + " is negative");
  if (p.iterations < 1)
    throw std::invalid_argument("--iterations " + std::to_string(p.iterations) + " must be at least 1");
  return entries_.find(name).make(p);
}

traffic_hint registry::traffic(std::string_view name, const params& p, int procs) const {
  const auto& e = entries_.find(name);
  return e.traffic ? e.traffic(p, procs) : traffic_hint{};
}

void registry::check_procs(std::string_view name, int procs) const {
  const auto& e = find(name);
  if (procs < e.min_procs)
    throw std::invalid_argument(e.name + " needs at least " + std::to_string(e.min_procs) + " PEs (--procs " +
                                std::to_string(procs) + ")");
  if (e.procs_rule)
    if (auto why = e.procs_rule(procs); !why.empty())
      throw std::invalid_argument(e.name + ": --procs " + std::to_string(procs) + ": " + why);
}

program pingpong(const params& prm) {
  return [prm](pe& p) {
    need_procs(p, 2, "pingpong");
    for (int it = 0; it < prm.iterations; ++it) {
      if (p.rank() == 0) {
        p.send(1, tag{0}, sized_pattern(pattern(prm.bytes, 0, it), prm.bytes));
        expect_pattern(p.recv(1, tag{0}), prm.bytes, 1, it);
      } else if (p.rank() == 1) {
        expect_pattern(p.recv(0, tag{0}), prm.bytes, 0, it);
        p.send(0, tag{0}, sized_pattern(pattern(prm.bytes, 1, it), prm.bytes));
      }
    }
  };
}

program ring(const params& prm) {
  return [prm](pe& p) {
    const int right = (p.rank() + 1) % p.size();
    const int left = (p.rank() + p.size() - 1) % p.size();
    for (int it = 0; it < prm.iterations; ++it) {
      if (p.rank() == 0) {
        p.send(right, tag{1}, sized_pattern(pattern(prm.bytes, 0, it), prm.bytes));
        expect_pattern(p.recv(left, tag{1}), prm.bytes, left, it);
      } else {
        expect_pattern(p.recv(left, tag{1}), prm.bytes, left, it);
        p.send(right, tag{1}, sized_pattern(pattern(prm.bytes, p.rank(), it), prm.bytes));
      }
    }
  };
}

program alltoall(const params& prm) {
  return [prm](pe& p) {
    const int n = p.size(), me = p.rank();
    for (int it = 0; it < prm.iterations; ++it) {
      std::vector<request> reqs;
      reqs.reserve(static_cast<std::size_t>(2 * (n - 1)));
      for (int k = 1; k < n; ++k) reqs.push_back(p.irecv((me - k + n) % n, tag{2}));
      const auto mine = pattern(prm.bytes, me, it);
      for (int k = 1; k < n; ++k) reqs.push_back(p.isend((me + k) % n, tag{2}, sized_pattern(mine, prm.bytes)));
      auto got = p.wait_all(reqs);
      for (int k = 1; k < n; ++k) expect_pattern(got[static_cast<std::size_t>(k - 1)], prm.bytes, (me - k + n) % n, it);
    }
  };
}

program deadlock(const params& prm) {
  return [prm](pe& p) {
    const int right = (p.rank() + 1) % p.size();
    const int left = (p.rank() + p.size() - 1) % p.size();
    p.recv(right, tag{3});  // everyone waits first: nobody ever sends
    p.send(left, tag{3}, sized_pattern(pattern(prm.bytes, p.rank(), 0), prm.bytes));
  };
}

namespace {
// 1 KiB per frame; the bound is never reached: the stack ends first (that is the point).
int recurse(int depth, volatile char* sink) {
  volatile char frame[1024];
  frame[0] = static_cast<char>(depth);
  sink[0] = frame[0];
  if (depth == 1 << 30) return 0;
  return recurse(depth + 1, frame) + frame[depth % 1024];
}
}  // namespace

program overflow(const params&) {
  return [](pe& p) {
    if (p.rank() == p.size() - 1) {
      volatile char sink[1];
      recurse(0, sink);
    }
  };
}

program sigint(const params& prm) {
  return [prm](pe& p) {
    const int right = (p.rank() + 1) % p.size();
    const int left = (p.rank() + p.size() - 1) % p.size();
    for (int it = 0;; ++it) {  // until interrupted
      if (p.rank() == 0) {
        if (it == prm.iterations) std::raise(SIGINT);  // the run stops at the next phase boundary
        p.send(right, tag{4}, sized_pattern(pattern(prm.bytes, 0, it), prm.bytes));
        expect_pattern(p.recv(left, tag{4}), prm.bytes, left, it);
      } else {
        expect_pattern(p.recv(left, tag{4}), prm.bytes, left, it);
        p.send(right, tag{4}, sized_pattern(pattern(prm.bytes, p.rank(), it), prm.bytes));
      }
    }
  };
}

int nas_cg_rows(int procs) {
  int rows = 1;
  while (rows * rows * 4 <= procs) rows *= 2;
  return rows;
}

namespace {

std::string nas_cg_procs_rule(int procs) {
  if (procs < 1 || (procs & (procs - 1)) != 0) return "NPB CG needs a power of two PEs (1, 2, 4, ..., e.g. 32 = 4x8, 64 = 8x8)";
  return {};
}

traffic_hint nas_cg_traffic(const params& prm, int procs) {
  int steps = 1;  // the transpose exchange, plus one per recursive-doubling step along a row
  for (int c = procs / nas_cg_rows(procs); c > 1; c /= 2) ++steps;
  return {.messages_in_flight = procs, .real_bytes_per_message = real_bytes(prm.bytes),
          .modelled_bytes_per_message = prm.bytes,
          .messages_total = static_cast<std::int64_t>(procs) * steps * prm.iterations};
}

}  // namespace

program nas_cg(const params& prm) {
  return [prm](pe& p) {
    const int rows = nas_cg_rows(p.size()), cols = p.size() / rows, me = p.rank();
    const int row = me / cols, col = me % cols;
    // The same partners as weft::mapping::nas_cg_log (NPB 3.3 cg.f: reduce_exch_proc, exch_proc).
    const int transpose = cols == rows ? (me % rows) * rows + me / rows
                                       : 2 * (((me / 2) % rows) * rows + me / 2 / rows) + me % 2;
    for (int it = 0; it < prm.iterations; ++it) {
      auto exchange = [&](int partner) {
        request r = p.irecv(partner, tag{5});
        if (prm.rendezvous) {  // ready to receive, both ways, before the data (MPI's rendezvous)
          request ready = p.isend(partner, tag{6}, payload{});
          (void)p.recv(partner, tag{6});
          (void)p.wait(ready);
        }
        p.send(partner, tag{5}, sized_pattern(pattern(prm.bytes, me, it), prm.bytes));
        expect_pattern(p.wait(r), prm.bytes, partner, it);
      };
      // One communication set per exchange step (weft ccs finds the same sets in the log).
      // Every PE joins every barrier, also a diagonal PE, whose transpose partner is itself.
      auto step = [&](int partner) {
        if (prm.barrier_per_ccs) p.barrier();
        if (partner != me) exchange(partner);
      };
      for (int d = cols / 2; d >= 1; d /= 2) step(row * cols + (col ^ d));
      step(transpose);
    }
  };
}

void register_builtin_programs(registry& r) {
  r.add({"pingpong", "PE 0 and PE 1 exchange --bytes, --iterations round trips", pingpong, one_message, 2});
  r.add({"ring", "a token of --bytes travels once around all PEs per iteration", ring, ring_traffic});
  r.add({"alltoall", "every PE sends --bytes to every other PE (isend/irecv + wait_all)", alltoall, alltoall_traffic});
  r.add({"nas-cg", "NAS CG's communication: recursive doubling along the rows of NPB's grid, then the transpose "
                   "exchange (P a power of two)", nas_cg, nas_cg_traffic, 1, true, nas_cg_procs_rule});
  r.add({"deadlock", "every PE receives before it sends: a deliberate deadlock", deadlock, no_traffic, 1, false});
  r.add({"overflow", "the last PE recurses until its fiber stack overflows", overflow, no_traffic, 1, false});
  r.add({"sigint", "a ring that PE 0 interrupts with SIGINT after --iterations laps (tests the interrupt)", sigint,
         ring_traffic});
}

}  // namespace weft::programs
