// Exact virtual times for cases computed by hand from docs/model.md.
#define BOOST_TEST_MODULE link model times
#include <boost/test/unit_test.hpp>

#include "weft/machine.hpp"
#include "weft_test/unit_bytes.hpp"

using weft::vtime;

namespace {

weft::cost_model abstract_model() {
  weft::cost_model m;
  m.alpha = vtime::ticks(100);
  m.tau = {2, 1};  // 2 ticks per byte
  m.hop_latency = vtime::ticks(10);
  m.o_send = vtime::ticks(5);
  m.o_recv = vtime::ticks(7);
  return m;
}

constexpr std::int64_t bytes = 50;

// One round trip between PE 0 (node 0) and PE 1 placed h hops away on a ring of 16.
weft::report pingpong_over(int hops, weft::switching mode) {
  auto model = abstract_model();
  model.mode = mode;
  weft::machine m("ring:16", model);
  weft::run_options opt;
  opt.node_of_rank = {0, hops};
  return m.run(2, [](weft::pe& p) {
    std::vector<std::byte> data(bytes, std::byte{7});
    if (p.rank() == 0) {
      p.send(1, weft::tag{0}, data);
      p.recv(1, weft::tag{0});
    } else {
      auto got = p.recv(0, weft::tag{0});
      p.send(0, weft::tag{0}, got.data);
    }
  }, opt);
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_store_and_forward_ping_pong_over_h_hops_costs_twice_o_alpha_h_hops_and_o) {
  for (int h : {1, 2, 3, 5, 8}) {
    auto r = pingpong_over(h, weft::switching::store_and_forward);
    // o_send + α + h(Bτ + λ) + o_recv, each way.
    const std::int64_t one_way = 5 + 100 + h * (bytes * 2 + 10) + 7;
    BOOST_TEST(r.status == weft::run_status::ok);
    BOOST_TEST(r.pes[0].finish.ps == 2 * one_way);
    BOOST_TEST(r.makespan.ps == 2 * one_way);
    BOOST_TEST(r.hop_histogram.at(static_cast<std::size_t>(h)) == 2u);
  }
}

BOOST_AUTO_TEST_CASE(a_cut_through_ping_pong_pays_the_serialization_once_per_message) {
  for (int h : {1, 2, 3, 5, 8}) {
    auto r = pingpong_over(h, weft::switching::cut_through);
    // o_send + α + hλ + Bτ + o_recv, each way.
    const std::int64_t one_way = 5 + 100 + h * 10 + bytes * 2 + 7;
    BOOST_TEST(r.pes[0].finish.ps == 2 * one_way);
  }
}

BOOST_AUTO_TEST_CASE(store_and_forward_with_an_mtu_pipelines_packets_across_hops) {
  auto model = weft_test::unit_bytes();
  model.mtu = 100;
  weft::machine m("ring:16", model);
  weft::run_options opt;
  opt.node_of_rank = {0, 4};
  auto r = m.run(2, [](weft::pe& p) {
    if (p.rank() == 0) p.send(1, weft::tag{0}, weft::sized(0, 1000));
    else p.recv(0, weft::tag{0});
  }, opt);
  // 10 packets of 100 over 4 hops: the first arrives after 4·100, the rest follow 100 apart.
  BOOST_TEST(r.pes[1].finish.ps == 4 * 100 + 9 * 100);
}

BOOST_AUTO_TEST_CASE(a_single_port_pe_sends_two_messages_one_after_the_other) {
  auto model = weft_test::unit_bytes();
  model.alpha = vtime::ticks(30);
  auto run = [&](weft::port_model ports) {
    model.ports = ports;
    weft::machine m("full:3", model);
    return m.run(3, [](weft::pe& p) {
      if (p.rank() == 0) {
        std::vector<weft::request> rs{p.isend(1, weft::tag{0}, weft::sized(0, 70)),
                                      p.isend(2, weft::tag{0}, weft::sized(0, 70))};
        p.wait_all(rs);
      } else {
        p.recv(0, weft::tag{0});
      }
    });
  };
  auto all = run(weft::port_model::all_port);
  BOOST_TEST(all.pes[1].finish.ps == 100);
  BOOST_TEST(all.pes[2].finish.ps == 100);
  BOOST_TEST(all.pes[0].finish.ps == 0);  // eager sends: the buffer is free at once
  auto single = run(weft::port_model::single_port);
  BOOST_TEST(single.pes[1].finish.ps == 100);
  BOOST_TEST(single.pes[2].finish.ps == 200);
  BOOST_TEST(single.pes[0].finish.ps == 200);  // the port was busy until the last byte left
}

BOOST_AUTO_TEST_CASE(a_send_is_released_once_it_has_completed_and_kept_while_it_is_in_progress) {
  auto model = weft_test::unit_bytes();
  model.alpha = vtime::ticks(30);
  std::vector<bool> released;
  std::vector<int> ids;
  bool receive_refused = false;
  auto run = [&](weft::port_model ports, vtime gap) {
    released.clear();
    ids.clear();
    model.ports = ports;
    model.gap = gap;
    weft::machine m("full:3", model);
    return m.run(3, [&](weft::pe& p) {
      if (p.rank() == 0) {
        std::vector<weft::request> kept;
        for (int dst : {1, 2}) {
          weft::request r = p.isend(dst, weft::tag{0}, weft::sized(0, 70));
          released.push_back(p.release(r));
          ids.push_back(r.id);
          if (r.id >= 0) kept.push_back(r);
        }
        p.wait_all(kept);
      } else {
        weft::request r = p.irecv(0, weft::tag{0});
        try {
          (void)p.release(r);
        } catch (const std::invalid_argument&) {
          receive_refused = true;
        }
        p.wait(r);
      }
    });
  };
  // All-port: both sends completed as they were made; the messages arrive as when waited for.
  auto all = run(weft::port_model::all_port, vtime{});
  BOOST_TEST(all.status == weft::run_status::ok);
  BOOST_TEST(released == std::vector<bool>({true, true}), boost::test_tools::per_element());
  BOOST_TEST(ids == std::vector<int>({-1, -1}), boost::test_tools::per_element());
  BOOST_TEST(all.pes[1].finish.ps == 100);
  BOOST_TEST(all.pes[2].finish.ps == 100);
  BOOST_TEST(all.pes[0].finish.ps == 0);
  // A gap holds the second injection back to 50: that send is still in progress, kept, waited for.
  auto gapped = run(weft::port_model::all_port, vtime::ticks(50));
  BOOST_TEST(released == std::vector<bool>({true, false}), boost::test_tools::per_element());
  BOOST_TEST(ids[1] >= 0);
  BOOST_TEST(gapped.pes[2].finish.ps == 150);
  BOOST_TEST(gapped.pes[0].finish.ps == 50);
  // Single-port: a send completes once the port has injected it, never as it is made.
  auto single = run(weft::port_model::single_port, vtime{});
  BOOST_TEST(released == std::vector<bool>({false, false}), boost::test_tools::per_element());
  BOOST_TEST(single.pes[1].finish.ps == 100);
  BOOST_TEST(single.pes[2].finish.ps == 200);
  BOOST_TEST(single.pes[0].finish.ps == 200);
  BOOST_TEST(receive_refused);
}

BOOST_AUTO_TEST_CASE(two_flows_sharing_one_link_take_twice_as_long_as_one) {
  auto model = weft_test::unit_bytes();
  weft::machine m("full:2", model);
  auto flows = [&](int senders) {
    weft::run_options opt;
    opt.node_of_rank.assign(static_cast<std::size_t>(senders), 0);  // senders share node 0
    opt.node_of_rank.push_back(1);
    return m.run(senders + 1, [senders](weft::pe& p) {
      if (p.rank() < senders) {
        p.send(senders, weft::tag{0}, weft::sized(0, 1000));
      } else {
        for (int i = 0; i < senders; ++i) p.recv(weft::any_source, weft::tag{0});
      }
    }, opt);
  };
  auto one = flows(1);
  auto two = flows(2);
  BOOST_TEST(one.makespan.ps == 1000);
  BOOST_TEST(two.makespan.ps == 2000);
  BOOST_TEST(two.links[0].waited == 1u);
  BOOST_TEST(two.links[0].max_queue == 1);
  BOOST_TEST(two.links[0].busy.ps == 2000);
}

BOOST_AUTO_TEST_CASE(gap_spaces_the_injections_of_one_pe) {
  auto model = weft_test::unit_bytes();
  model.gap = vtime::ticks(50);
  weft::machine m("full:4", model);
  auto r = m.run(4, [](weft::pe& p) {
    if (p.rank() == 0)
      for (int d = 1; d < 4; ++d) p.send(d, weft::tag{0}, weft::sized(0, 10));
    else
      p.recv(0, weft::tag{0});
  });
  BOOST_TEST(r.pes[1].finish.ps == 10);
  BOOST_TEST(r.pes[2].finish.ps == 60);
  BOOST_TEST(r.pes[3].finish.ps == 110);
}

BOOST_AUTO_TEST_CASE(compute_charges_durations_and_flops_at_the_machine_rate) {
  weft::cost_model model;
  model.flops = {1e9};  // 1 Gflop/s: one flop per ns
  weft::machine m("ring:2", model);
  auto r = m.run(1, [](weft::pe& p) {
    p.compute(vtime::ns(5));
    p.compute(weft::flops{250});
  });
  BOOST_TEST(r.pes[0].finish.ps == 255000);
  BOOST_TEST(r.pes[0].compute.ps == 255000);
}

BOOST_AUTO_TEST_CASE(small_messages_take_the_short_path_middle_ones_the_eager_path_and_large_ones_the_bulk_path) {
  auto model = weft_test::unit_bytes();
  model.alpha = vtime::ticks(1000);
  model.short_max = 128;
  model.short_alpha = vtime::ticks(100);
  model.short_tau = {4, 1};
  model.chain_alpha = vtime::ticks(10);
  // One message from PE 0 to PE 1 on full:2, or two in one chained batch (they share the link).
  auto one_way = [](const weft::cost_model& with, std::int64_t bytes, bool chained = false) {
    return weft::machine("full:2", with).run(2, [bytes, chained](weft::pe& p) {
      if (p.rank() == 1) {
        p.recv(0, weft::tag{0});
        if (chained) p.recv(0, weft::tag{0});
      } else if (chained) {
        const std::vector<weft::pe::outgoing> two{{1, weft::tag{0}, weft::sized(0, bytes)}, {1, weft::tag{0}, weft::sized(0, bytes)}};
        auto requests = p.isend_chain(two);
        p.wait_all(requests);
      } else {
        p.send(1, weft::tag{0}, weft::sized(0, bytes));
      }
    }).makespan.ps;
  };
  BOOST_TEST(one_way(model, 128) == 100 + 128 * 4);
  BOOST_TEST(one_way(model, 129) == 1000 + 129);
  model.eager_max = 1024;
  model.eager_alpha = vtime::ticks(300);
  model.eager_tau = {2, 1};
  BOOST_TEST(one_way(model, 128) == 100 + 128 * 4);
  BOOST_TEST(one_way(model, 129) == 300 + 129 * 2);
  BOOST_TEST(one_way(model, 1024) == 300 + 1024 * 2);
  BOOST_TEST(one_way(model, 1025) == 1000 + 1025);
  // Only the bulk path chains (DMA descriptors): a chained eager message pays eager_alpha again,
  // a chained bulk one chain_alpha; the second leaves when the first has (one link).
  BOOST_TEST(one_way(model, 1024, true) == 2 * (300 + 1024 * 2));
  BOOST_TEST(one_way(model, 1025, true) == 1000 + 1025 + 10 + 1025);
}

BOOST_AUTO_TEST_CASE(a_chained_batch_pays_the_start_up_once) {
  auto model = weft_test::unit_bytes();
  model.alpha = vtime::ticks(1000);
  model.chain_alpha = vtime::ticks(10);
  model.ports = weft::port_model::single_port;
  weft::machine m("full:4", model);
  auto r = m.run(4, [](weft::pe& p) {
    if (p.rank() == 0) {
      std::vector<weft::pe::outgoing> batch;
      for (int d = 1; d < 4; ++d) batch.push_back({d, weft::tag{0}, weft::sized(0, 100)});
      auto reqs = p.isend_chain(batch);
      p.wait_all(reqs);
    } else {
      p.recv(0, weft::tag{0});
    }
  });
  BOOST_TEST(r.pes[1].finish.ps == 1100);
  BOOST_TEST(r.pes[2].finish.ps == 1100 + 110);
  BOOST_TEST(r.pes[3].finish.ps == 1100 + 220);
}

namespace {

// On mesh:3x1 (0 - 1 - 2), PE 1 sends 400 B in two packets of 200 to PE 2 at time 0, and PE 0
// sends 100 B (one packet) to PE 2, which reaches link 1->2 at 100 + λ = 110 (store-and-forward,
// 1 tick per byte, λ = 10, α = 0). Returns the arrival of PE 0's message and of PE 1's.
std::pair<std::int64_t, std::int64_t> two_sources_meet(weft::injection inject) {
  weft::cost_model model;
  model.tau = {1, 1};
  model.hop_latency = vtime::ticks(10);
  model.mtu = 200;
  model.inject = inject;
  weft::machine m("mesh:3x1", model);
  std::pair<std::int64_t, std::int64_t> arrivals;
  auto r = m.run(3, [&](weft::pe& p) {
    if (p.rank() == 0) p.send(2, weft::tag{0}, weft::sized(std::byte{1}, 100));
    if (p.rank() == 1) p.send(2, weft::tag{0}, weft::sized(std::byte{1}, 400));
    if (p.rank() == 2) {
      arrivals.first = p.recv(0, weft::tag{0}).arrival.ps;
      arrivals.second = p.recv(1, weft::tag{0}).arrival.ps;
    }
  }, {});
  BOOST_TEST(r.status == weft::run_status::ok);
  return arrivals;
}

}  // namespace

BOOST_AUTO_TEST_CASE(packets_injected_one_by_one_let_a_message_that_meets_them_go_between) {
  // --injection message: PE 1's two packets hold link 1->2 as one burst, [0, 200] and [200, 400];
  // PE 0's packet, asking at 110, waits for both: [400, 500], arrives at 510; PE 1's at 410.
  const auto burst = two_sources_meet(weft::injection::message);
  BOOST_TEST(burst.first == 510);
  BOOST_TEST(burst.second == 410);
  // --injection packet: PE 1's second packet asks at 200, after PE 0's (110): PE 0's packet takes
  // [200, 300] and arrives at 310; PE 1's second packet [300, 500], its message arrives at 510.
  const auto one_by_one = two_sources_meet(weft::injection::packet);
  BOOST_TEST(one_by_one.first == 310);
  BOOST_TEST(one_by_one.second == 510);
}
