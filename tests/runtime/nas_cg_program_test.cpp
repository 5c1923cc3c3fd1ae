// The NAS CG kernel as a built-in program: its times by closed form with and without a barrier
// per communication set (seed 004's "TAC3 barrier"), the same report on 1, 2 and 4 workers, and
// the nas-cg:ROWSxCOLS names of the command line.
#define BOOST_TEST_MODULE nas cg program
#include <boost/test/unit_test.hpp>

#include "weft/machine.hpp"
#include "weft/programs/builtin.hpp"
#include "weft_test/refusal.hpp"
#include "weft_test/virtual_json.hpp"

using weft::vtime;
namespace programs = weft::programs;

namespace {

// full:4: one link per ordered pair, so no two messages of the kernel ever share one.
weft::report run_on_full4(bool barrier, int workers = 1, bool rendezvous = false) {
  weft::cost_model m;
  m.alpha = vtime::us(1);
  m.tau = weft::parse_bandwidth("1GB/s", "test");  // 1 ns per byte
  m.mode = weft::switching::cut_through;
  weft::machine machine("full:4", m);
  weft::run_options opt;
  opt.workers = workers;
  programs::params prm;
  prm.bytes = 1000;
  prm.barrier_per_ccs = barrier;
  prm.rendezvous = rendezvous;
  return machine.run(4, programs::nas_cg(prm), opt);
}

}  // namespace

BOOST_AUTO_TEST_CASE(four_pes_exchange_along_the_row_then_transpose_by_closed_form) {
  // NPB's grid for 4 PEs is 2x2: step 1 pairs 0-1 and 2-3, the transpose pairs 1-2 (0 and 3 are
  // on the diagonal). One message costs T = α + B τ = 1 us + 1000 ns = 2 us.
  const auto r = run_on_full4(false);
  BOOST_TEST(r.status == weft::run_status::ok);
  BOOST_TEST(r.pes[0].finish.ps == vtime::us(2).ps);
  BOOST_TEST(r.pes[1].finish.ps == vtime::us(4).ps);
  BOOST_TEST(r.pes[2].finish.ps == vtime::us(4).ps);
  BOOST_TEST(r.pes[3].finish.ps == vtime::us(2).ps);
}

BOOST_AUTO_TEST_CASE(a_barrier_heads_each_set_and_every_pe_joins_it) {
  // A dissemination barrier on 4 PEs is 2 rounds of zero-byte messages, α = 1 us each: 2 us.
  // Barrier, step 1 (2 us), barrier, transpose (2 us): the diagonal PEs 0 and 3 join the second
  // barrier too (else the others would wait for them forever) and finish at 2 + 2 + 2 = 6 us.
  const auto r = run_on_full4(true);
  BOOST_TEST(r.status == weft::run_status::ok);
  BOOST_TEST(r.pes[0].finish.ps == vtime::us(6).ps);
  BOOST_TEST(r.pes[1].finish.ps == vtime::us(8).ps);
  BOOST_TEST(r.pes[3].finish.ps == vtime::us(6).ps);
  BOOST_TEST(r.makespan.ps == vtime::us(8).ps);
}

BOOST_AUTO_TEST_CASE(a_rendezvous_exchange_trades_ready_messages_before_the_data) {
  // Each exchange: a zero-byte ready message each way (α = 1 us), then the data (2 us): 3 us a step.
  const auto r = run_on_full4(false, 1, true);
  BOOST_TEST(r.status == weft::run_status::ok);
  BOOST_TEST(r.pes[0].finish.ps == vtime::us(3).ps);
  BOOST_TEST(r.pes[1].finish.ps == vtime::us(6).ps);
  BOOST_TEST(r.pes[3].finish.ps == vtime::us(3).ps);
}

BOOST_AUTO_TEST_CASE(the_barrier_and_rendezvous_version_gives_the_same_report_on_1_2_and_4_workers) {
  weft::cost_model m;
  m.alpha = vtime::us(1);
  m.tau = weft::parse_bandwidth("5GB/s", "test");
  m.mode = weft::switching::cut_through;
  weft::machine machine("tofu:1x1x4@4x2x8", m);
  programs::params prm{1 << 20, 3, true, true};
  const auto prog = programs::nas_cg(prm);
  const auto one = weft_test::virtual_json(machine, 32, prog, 1);
  BOOST_TEST(one.find("\"status\": \"ok\"") != std::string::npos);
  BOOST_TEST(weft_test::virtual_json(machine, 32, prog, 2) == one);
  BOOST_TEST(weft_test::virtual_json(machine, 32, prog, 4) == one);
}

BOOST_AUTO_TEST_CASE(nas_cg_names_its_grid_rows_first) {
  BOOST_TEST(programs::parse_program_choice("nas-cg:8x8").procs == 64);
  BOOST_TEST(programs::parse_program_choice("nas-cg:4x8").procs == 32);
  BOOST_TEST(programs::parse_program_choice("nas-cg:4x8").name == "nas-cg");
  BOOST_TEST(programs::parse_program_choice("ring").procs == 0);
  BOOST_TEST(programs::choose_procs(programs::parse_program_choice("nas-cg:8x8"), "nas-cg:8x8", false, 0) == 64);
  BOOST_TEST(programs::choose_procs(programs::parse_program_choice("ring"), "ring", true, 5) == 5);
  BOOST_TEST(programs::choose_procs(programs::parse_program_choice("ring"), "ring", false, 0) == 0);
  BOOST_TEST(weft_test::refusal([] { programs::parse_program_choice("nas-cg:8x4"); }) ==
             "program 'nas-cg:8x4': NPB CG's grid for 32 PEs is nas-cg:4x8 (ROWSxCOLS; the paper's \"8x4\" is nas-cg:4x8)");
  BOOST_TEST(weft_test::refusal([] { programs::parse_program_choice("nas-cg:3x3"); }) ==
             "program 'nas-cg:3x3': NPB CG's grids have a power of two PEs and ROWS = COLS or 2 ROWS = COLS (8x8, 4x8, 4x4, ...)");
  BOOST_TEST(weft_test::refusal([] { programs::parse_program_choice("nas-cg:8"); }) ==
             "program 'nas-cg:8': give NPB CG's grid as nas-cg:ROWSxCOLS, e.g. nas-cg:8x8");
  BOOST_TEST(weft_test::refusal([] { programs::parse_program_choice("ring:4"); }) ==
             "program 'ring:4': only nas-cg takes arguments (nas-cg:ROWSxCOLS)");
  BOOST_TEST(weft_test::refusal([] {
               programs::choose_procs(programs::parse_program_choice("nas-cg:8x8"), "nas-cg:8x8", true, 32);
             }) == "--procs 32 contradicts nas-cg:8x8, which has 64 PEs (leave --procs out)");
  BOOST_TEST(weft_test::refusal([] {
               programs::check_nas_cg_only(programs::parse_program_choice("ring"), programs::params{8, 1, true});
             }) == "--barrier-per-ccs: only nas-cg marks its communication sets (one per exchange step); ring does not");
  BOOST_TEST(weft_test::refusal([] {
               programs::check_nas_cg_only(programs::parse_program_choice("alltoall"), programs::params{8, 1, false, true});
             }) == "--rendezvous: only nas-cg trades ready messages before its data; alltoall does not");
}
