// link_use SPEC ROUTING VCS LOAD [BUFFER [WAIT_FOR_TAIL_CREDIT [LABEL]]]: one point of uniform traffic on
// the flit network (16-flit packets, --cycles 10000 --warmup 1000, seed 1, as bench/routing/
// seed002.sh runs them) and how busy each kind of link was while packets were created: per link
// label (an SRT's level, a mesh's or hypercube's dimension) the links' mean and highest share of
// the window's cycles carrying a flit. Past saturation it says whether the hottest links still
// run full (the network delivers what they allow) or idle while packets wait (docs/routing.md,
// "Past saturation"). With LABEL, every link of that label too (from, to, share). Not a test: a
// measuring tool.
//
//   uniform schedule --> machine::run (trace: one span per packet and link) --> flits per link
//   inside [warmup, cycles) --> grouped by the link's dimension label --> table
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "weft/machine.hpp"
#include "weft/traffic/run.hpp"

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: link_use SPEC ROUTING VCS LOAD [BUFFER [WAIT_FOR_TAIL_CREDIT [LABEL]]]\n");
    return 2;
  }
  const std::string spec = argv[1], routing = argv[2];
  const int vcs = std::atoi(argv[3]);
  const double load = std::atof(argv[4]);
  weft::cost_model model;
  model.network = "flit";
  model.params.set("vcs", vcs);
  model.params.set("buffer", argc > 5 ? std::atoi(argv[5]) : 8);
  model.params.set("wait_for_tail_credit", argc > 6 ? std::atoi(argv[6]) : 1);
  model.flit.packet_flits = 16;
  const weft::machine m(spec, model, routing);

  weft::traffic::params run;  // cycles 10000, warmup 1000, seed 1: weft traffic's defaults
  run.shape.packet_flits = 16;
  const auto p = weft::traffic::pattern::parse("uniform", weft::traffic::node_grid::of(m.topo()), m.topo().spec());
  weft::run_options options;
  options.workers = 1;
  options.trace = true;
  const auto r = weft::traffic::run_point(m, p, load, run, options);
  if (r.rep.status != weft::run_status::ok) {
    std::fprintf(stderr, "link_use: the run ended %s\n", weft::to_string(r.rep.status).c_str());
    return 1;
  }

  // A span covers one packet on one link, from its head's cycle to the end of its tail's: its 16
  // flits are spread evenly over it, and the part inside the window counts.
  const double cycle_ps = 1000.0, lo = static_cast<double>(run.warmup), hi = static_cast<double>(run.cycles);
  std::vector<double> flits(r.rep.links.size(), 0.0);
  for (const auto& s : r.rep.trace.links) {
    const double b = static_cast<double>(s.begin.ps) / cycle_ps, e = static_cast<double>(s.end.ps) / cycle_ps;
    const double inside = std::max(0.0, std::min(e, hi) - std::max(b, lo));
    if (e > b) flits[static_cast<std::size_t>(s.link)] += 16.0 * inside / (e - b);
  }
  struct group {
    int links = 0;
    double sum = 0, max = 0;
  };
  std::map<int, group> by_label;
  for (std::size_t l = 0; l < flits.size(); ++l) {
    auto& g = by_label[r.rep.links[l].dimension];
    const double use = flits[l] / (hi - lo);
    ++g.links;
    g.sum += use;
    g.max = std::max(g.max, use);
  }
  std::printf("%s %s, %d VCs, load %.4f: offered %.4f accepted %.4f latency %.1f (queueing %.1f, network %.1f)\n",
              spec.c_str(), routing.c_str(), vcs, load, r.measured.offered, r.measured.accepted, r.measured.latency,
              r.measured.queueing.value_or(0), r.measured.network.value_or(0));
  std::printf("label  links  busy mean  busy max   (share of the window's cycles a link carried a flit)\n");
  for (const auto& [label, g] : by_label)
    std::printf("%5d  %5d  %9.3f  %8.3f\n", label, g.links, g.sum / g.links, g.max);
  if (argc > 7)
    for (std::size_t l = 0; l < flits.size(); ++l)
      if (r.rep.links[l].dimension == std::atoi(argv[7]))
        std::printf("%5d -> %5d  %.3f\n", r.rep.links[l].from, r.rep.links[l].to, flits[l] / (hi - lo));
  return 0;
}
