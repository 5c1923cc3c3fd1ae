// MPI-style matching and the virtual-time meaning of wait and test.
#define BOOST_TEST_MODULE matching
#include <array>
#include <boost/test/unit_test.hpp>
#include <span>

#include "weft/machine.hpp"
#include "weft_test/unit_bytes.hpp"

using weft_test::unit_bytes;

BOOST_AUTO_TEST_CASE(any_source_receives_take_messages_in_arrival_order) {
  weft::machine m("full:4", unit_bytes());
  std::vector<int> order;
  auto r = m.run(4, [&order](weft::pe& p) {
    if (p.rank() == 0) {
      for (int i = 0; i < 3; ++i) order.push_back(p.recv(weft::any_source, weft::tag{1}).source);
    } else {
      // PE 3 sends the smallest message, so it arrives first; PE 1 the largest.
      p.send(0, weft::tag{1}, weft::sized(p.rank(), 400 - 100 * p.rank()));
    }
  });
  BOOST_TEST(r.status == weft::run_status::ok);
  BOOST_TEST(order == (std::vector<int>{3, 2, 1}));
}

BOOST_AUTO_TEST_CASE(posted_receives_match_in_posting_order_and_respect_tags) {
  weft::machine m("full:2", unit_bytes());
  std::vector<int> values;
  m.run(2, [&values](weft::pe& p) {
    if (p.rank() == 1) {
      p.send(0, weft::tag{7}, 70);
      p.send(0, weft::tag{8}, 80);
      p.send(0, weft::tag{7}, 71);
    } else {
      auto a = p.irecv(1, weft::tag{8});
      auto b = p.irecv(weft::any_source, weft::any_tag);
      auto c = p.irecv(1, weft::tag{7});
      std::vector<weft::request> all{a, b, c};
      for (auto& got : p.wait_all(all)) values.push_back(got.as<int>());
    }
  });
  BOOST_TEST(values == (std::vector<int>{80, 70, 71}));
}

BOOST_AUTO_TEST_CASE(test_is_false_before_the_arrival_and_true_after_it) {
  weft::machine m("full:2", unit_bytes());
  std::vector<bool> seen;
  std::int64_t finish = 0;
  m.run(2, [&](weft::pe& p) {
    if (p.rank() == 1) {
      p.send(0, weft::tag{0}, weft::sized(0, 1000));  // arrives at 1000
    } else {
      auto r = p.irecv(1, weft::tag{0});
      p.compute(weft::vtime::ticks(999));
      seen.push_back(p.test(r));  // 999 < 1000: not yet; costs the poll time (10 ns)
      seen.push_back(p.test(r));  // 999 + 10,000 >= 1000
      p.wait(r);
      finish = p.now().ps;
    }
  });
  BOOST_TEST(seen == (std::vector<bool>{false, true}));
  BOOST_TEST(finish == 999 + 10000);
}

BOOST_AUTO_TEST_CASE(catch_up_counts_the_messages_that_arrived_before_now_and_charges_nothing) {
  weft::machine m("full:3", unit_bytes());
  std::vector<std::size_t> counts;
  std::vector<std::int64_t> clocks;
  std::vector<int> sources;
  auto r = m.run(3, [&](weft::pe& p) {
    if (p.rank() == 1) p.send(0, weft::tag{0}, weft::sized(1, 100));  // arrives at 100
    if (p.rank() == 2) p.send(0, weft::tag{0}, weft::sized(2, 300));  // arrives at 300
    if (p.rank() != 0) return;
    for (std::int64_t until : {50, 200, 300, 301}) {
      p.compute(weft::vtime::ticks(until) - p.now());
      counts.push_back(p.catch_up());  // at 300 the message of 300 is not counted: not before now
      clocks.push_back(p.now().ps);
    }
    for (int i = 0; i < 2; ++i) sources.push_back(p.recv(weft::any_source, weft::tag{0}).source);
    clocks.push_back(p.now().ps);  // both had arrived: neither receive waited
  });
  BOOST_TEST(r.status == weft::run_status::ok);
  BOOST_TEST(counts == (std::vector<std::size_t>{0, 1, 1, 2}), boost::test_tools::per_element());
  BOOST_TEST(clocks == (std::vector<std::int64_t>{50, 200, 300, 301, 301}), boost::test_tools::per_element());
  BOOST_TEST(sources == (std::vector<int>{1, 2}), boost::test_tools::per_element());
  BOOST_TEST(r.pes[0].wait.ps == 0);
}

BOOST_AUTO_TEST_CASE(catch_up_leaves_out_what_no_any_tag_receive_takes) {
  // A barrier's message (a reserved tag) has come before PE 0's clock, a user's has not.
  weft::machine m("full:2", unit_bytes());
  std::vector<std::size_t> counts;
  auto r = m.run(2, [&](weft::pe& p) {
    if (p.rank() == 1) {
      p.barrier();
      p.send(0, weft::tag{4}, weft::sized(4, 100));
      return;
    }
    p.compute(weft::vtime::ticks(1000));
    counts.push_back(p.catch_up());
    p.barrier();
    p.compute(weft::vtime::ticks(5000));
    counts.push_back(p.catch_up());
    p.recv(weft::any_source, weft::any_tag);
  });
  BOOST_TEST(r.status == weft::run_status::ok);
  BOOST_TEST(counts == (std::vector<std::size_t>{0, 1}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(messages_with_the_same_source_and_tag_never_overtake) {
  weft::machine m("torus:4x4", unit_bytes());
  std::vector<int> got;
  m.run(16, [&got](weft::pe& p) {
    if (p.rank() == 0)
      for (int i = 0; i < 20; ++i) p.send(15, weft::tag{3}, weft::sized(i, 1000 - 40 * i));
    if (p.rank() == 15)
      for (int i = 0; i < 20; ++i) got.push_back(p.recv(0, weft::tag{3}).as<int>());
  });
  for (int i = 0; i < 20; ++i) BOOST_TEST(got[static_cast<std::size_t>(i)] == i);
}

BOOST_AUTO_TEST_CASE(a_receive_costs_o_recv_after_the_later_of_clock_and_arrival) {
  weft::cost_model model = unit_bytes();
  model.o_recv = weft::vtime::ticks(5);
  weft::machine m("full:2", model);
  auto r = m.run(2, [](weft::pe& p) {
    if (p.rank() == 1) {
      p.send(0, weft::tag{0}, weft::sized(0, 100));
      p.send(0, weft::tag{1}, weft::sized(0, 100));
    } else {
      p.recv(1, weft::tag{0});               // arrives 100 -> clock 105
      p.compute(weft::vtime::ticks(500));    // 605, the second arrived at 200
      p.recv(1, weft::tag{1});               // 610
    }
  });
  BOOST_TEST(r.pes[0].finish.ps == 610);
  BOOST_TEST(r.pes[0].wait.ps == 100);
  BOOST_TEST(r.pes[0].overhead.ps == 10);
}

BOOST_AUTO_TEST_CASE(the_barrier_releases_everyone_after_the_last_arrival) {
  weft::cost_model model;
  model.alpha = weft::vtime::ticks(10);
  weft::machine m("full:8", model);
  auto r = m.run(8, [](weft::pe& p) {
    if (p.rank() == 5) p.compute(weft::vtime::ticks(1000));
    p.barrier();
  });
  // Dissemination over 8 PEs: 3 rounds. Every other PE needs the late PE's signal, directly
  // or relayed, so none leaves before 1000 + α; the relays make the last one leave at
  // 1000 + 3α. The late PE finds all its signals already there and leaves at 1000.
  for (const auto& pe : r.pes)
    if (pe.rank != 5) BOOST_TEST(pe.finish.ps >= 1000 + 10);
  BOOST_TEST(r.pes[5].finish.ps == 1000);
  BOOST_TEST(r.makespan.ps == 1000 + 3 * 10);
}

BOOST_AUTO_TEST_CASE(recv_into_copies_an_exact_fit_and_reports_any_other_size_without_copying) {
  weft::machine m("full:2", unit_bytes());
  std::array<std::int32_t, 2> fit{}, small{-1};
  weft::receipt first, second;
  std::int64_t clock = 0;
  m.run(2, [&](weft::pe& p) {
    if (p.rank() == 1) {
      p.send(0, weft::tag{4}, std::vector<std::int32_t>{11, 12});              // 8 B at 8 ticks
      p.send(0, weft::tag{5}, weft::sized(std::vector<std::int32_t>{7, 8}, 100));  // 100 modelled
    } else {
      first = p.recv_into(std::as_writable_bytes(std::span(fit)), 1, weft::tag{4});
      second = p.recv_into(std::as_writable_bytes(std::span(small).first(1)), weft::any_source, weft::any_tag);
      clock = p.now().ps;
    }
  });
  BOOST_TEST(fit[0] == 11);
  BOOST_TEST(fit[1] == 12);
  BOOST_TEST(first.source == 1);
  BOOST_TEST(first.tag == 4);
  BOOST_TEST(first.bytes == 8u);
  BOOST_TEST(first.modelled_bytes == 8);
  BOOST_TEST(first.arrival.ps == 8);
  BOOST_TEST(small[0] == -1);  // 8 B came for a 4 B buffer: nothing copied
  BOOST_TEST(second.bytes == 8u);
  BOOST_TEST(second.tag == 5);
  BOOST_TEST(second.modelled_bytes == 100);
  BOOST_TEST(second.arrival.ps == 108);  // one link: the second message follows the first
  BOOST_TEST(clock == 108);
}
