#pragma once
// The time of one message alone on a machine: PE 0 sends, the receiver checks the payload, the
// rest wait. Zero-load closed forms are checked against it.

#include <boost/test/unit_test.hpp>
#include <cstdint>

#include "weft/machine.hpp"

namespace weft_test {

/// PE 0 sends `bytes` to PE `dst` at time 0; the rest wait. Returns when `dst` had it (ns).
inline std::int64_t one_message(const weft::machine& m, int dst, std::int64_t bytes) {
  const int procs = m.topo().compute_nodes();
  auto prog = [=](weft::pe& p) {
    if (p.rank() == 0) p.send(dst, weft::tag{1}, weft::sized(42, bytes));
    if (p.rank() == dst) BOOST_REQUIRE(p.recv(0, weft::tag{1}).as<int>() == 42);
  };
  const auto r = m.run(procs, prog);
  BOOST_REQUIRE(r.status == weft::run_status::ok);
  return r.pes[static_cast<std::size_t>(dst)].finish.ps / 1000;
}

}  // namespace weft_test
