// mpirun -n P weft calibrate --backend mpi [--sizes 8:4M] [--nodes N] [--name NAME] [--output F.toml]
// Measures this cluster (ranks 0 and 1 ping-pong, a PE program like any other) and writes a
// machine preset whose link model reproduces it, so the emulator predicts *this* machine, at
// any PE count (docs/mpi.md, "Predicted vs measured").
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <ctime>
#include <fstream>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>
#include <string>

#include "backend_options.hpp"
#include "cli_output.hpp"
#include "calibrated_preset.hpp"
#include "commands.hpp"
#include "list_options.hpp"
#include "weft/presets/preset.hpp"

namespace weft::cli {

namespace {

std::string utc_now() {
  char date[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
  return date;
}

struct settings {
  std::vector<std::int64_t> sizes;
  int iterations = 100, warmup = 10;
};

/// Ranks 0 and 1 bounce a message of each size; rank 0 writes the one-way time (half a round
/// trip) per size. The other ranks have nothing to do.
program ping_pong(const settings& s, std::vector<vtime>& one_way) {
  return [&s, &one_way](pe& p) {
    if (p.rank() > 1) return;
    const int other = 1 - p.rank();
    std::vector<std::byte> buffer, back;
    for (std::size_t k = 0; k < s.sizes.size(); ++k) {
      buffer.assign(static_cast<std::size_t>(s.sizes[k]), std::byte{1});
      back.resize(buffer.size());
      // recv_into: no fresh buffer per message, whose first-touch page faults would be timed
      // as if the network were slow (PLATFORM.md: 4-8 us per 4 KiB page here).
      auto round_trip = [&] {
        if (p.rank() == 0) {
          p.send(other, tag{1}, buffer);
          (void)p.recv_into(back, other, tag{1});
        } else {
          (void)p.recv_into(back, other, tag{1});
          p.send(other, tag{1}, buffer);
        }
      };
      for (int i = 0; i < s.warmup; ++i) round_trip();
      const vtime start = p.now();
      for (int i = 0; i < s.iterations; ++i) round_trip();
      if (p.rank() == 0) one_way[k] = vtime{(p.now() - start).ps / (2 * s.iterations)};
    }
  };
}

}  // namespace

command_runner add_calibrate_command(CLI::App& app) {
  struct state {
    std::string sizes = "8B:4MiB", name = "calibrated", output;
    int iterations = 100, warmup = 10, nodes = 0;
    backend_options backend;
  };
  auto s = std::make_shared<state>();
  auto* sub = app.add_subcommand("calibrate", "measure real MPI ranks (ping-pong) and write a machine preset for the emulator");
  sub->add_option("--sizes", s->sizes, "message sizes: LO:HI (powers of two) or a list")->capture_default_str();
  sub->add_option("--iterations,-i", s->iterations, "timed round trips per size")->capture_default_str();
  sub->add_option("--warmup", s->warmup, "untimed round trips per size first")->capture_default_str();
  sub->add_option("--nodes", s->nodes, "nodes of the preset's machine (full:N; default: the job's rank count)");
  sub->add_option("--name", s->name, "the preset's name")->capture_default_str();
  sub->add_option("--output,-o", s->output, "write the preset here (default: print it)");
  add_backend_options(*sub, s->backend);
  return [sub, s]() -> int {
    if (!sub->parsed()) return -1;
    if (!on_mpi(s->backend))
      throw std::invalid_argument("calibrate measures real ranks: run it under mpirun with --backend mpi");
    check_backend_options(*sub, s->backend,
                          {"--sizes", "--iterations", "--warmup", "--nodes", "--name", "--output"});
    settings set{parse_sizes(s->sizes), s->iterations, s->warmup};
    // alpha + bytes / bandwidth has two unknowns: one size (or one repeated) cannot tell them apart.
    if (std::set<std::int64_t>(set.sizes.begin(), set.sizes.end()).size() < 2)
      throw std::invalid_argument("--sizes " + s->sizes + ": the fit of alpha and bandwidth needs at least two different sizes (e.g. 8B:4MiB)");
    if (set.iterations < 1) throw std::invalid_argument("--iterations " + std::to_string(set.iterations) + " must be at least 1");
    if (set.warmup < 0) throw std::invalid_argument("--warmup " + std::to_string(set.warmup) + " must be at least 0");
    if (sub->count("--nodes") && s->nodes < 2)
      throw std::invalid_argument("--nodes " + std::to_string(s->nodes) + " must be at least 2");
    if (s->name.empty()) throw std::invalid_argument("--name: empty value (give one, or leave the option out)");
    // The name and --nodes are checked before the measurement, on a preset of the same shape.
    check_preset_name(s->name);
    check_preset_loads(calibrated_preset_text({}, {}, s->name, s->nodes > 0 ? s->nodes : 2));
    check_outputs({{"--output", s->output}});
    return run_on_mpi([&](const mpi::environment& env) {
      check_rank_count(env, 0, 2, "calibrate");
      std::vector<vtime> one_way(set.sizes.size());
      const auto r = mpi::run(env, ping_pong(set, one_way), mpi_options(s->backend, "calibrate"));
      if (env.rank() != 0) return 0;
      const int nodes = s->nodes > 0 ? s->nodes : env.size();
      const calibration measured{set.sizes, one_way, set.iterations, set.warmup, r.host.host_topology, utc_now()};
      const std::string text = calibrated_preset_text(measured, fit_model(set.sizes, one_way), s->name, nodes);
      check_preset_loads(text);  // what it writes, weft runs
      if (s->output.empty()) {
        std::cout << text;
      } else {
        write_file(s->output, "--output", "machine preset", [&](std::ostream& out) { out << text; });
        std::cout << text.substr(0, text.find("\nname")) << "\n";
      }
      return 0;
    });
  };
}

}  // namespace weft::cli
