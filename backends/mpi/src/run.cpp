// weft::mpi::run: the program on every rank, then every rank's figures gathered into one
// report at rank 0, in the emulator's schema (weft/report.hpp) with backend "mpi".
#include <mpi.h>

#include <sys/resource.h>

#include <algorithm>
#include <array>
#include <set>
#include <string>

#include "abort.hpp"
#include "rank_pe.hpp"
#include "weft/mpi/mpi.hpp"

namespace weft::mpi {

namespace {

/// A communicator of the run's own, freed when the run ends.
struct owned_comm {
  MPI_Comm comm = MPI_COMM_NULL;
  owned_comm() { MPI_Comm_dup(MPI_COMM_WORLD, &comm); }
  ~owned_comm() { MPI_Comm_free(&comm); }
  owned_comm(const owned_comm&) = delete;
  owned_comm& operator=(const owned_comm&) = delete;
};

constexpr int figure_count = 9;

std::array<std::int64_t, figure_count> pack(const detail::rank_figures& f) {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return {f.finish, f.compute, f.overhead, f.wait, f.sent_messages, f.sent_bytes, f.received_messages,
          f.received_bytes, static_cast<std::int64_t>(ru.ru_maxrss) * 1024};
}

pe_report unpack(int rank, const std::int64_t* v) {
  pe_report p;
  p.rank = rank;
  p.node = rank;
  p.finish = vtime{v[0]};
  p.compute = vtime{v[1]};
  p.overhead = vtime{v[2]};
  p.wait = vtime{v[3]};
  p.sent_messages = static_cast<std::uint64_t>(v[4]);
  p.sent_bytes = v[5];
  p.received_messages = static_cast<std::uint64_t>(v[6]);
  p.received_bytes = v[7];
  return p;
}

/// Every rank's processor name, as "host (N ranks), other (M ranks)" at rank 0.
std::string hosts_at_root(int rank, int size) {
  char name[MPI_MAX_PROCESSOR_NAME] = {};
  int length = 0;
  MPI_Get_processor_name(name, &length);
  std::vector<char> all(rank == 0 ? static_cast<std::size_t>(size) * MPI_MAX_PROCESSOR_NAME : 0);
  MPI_Gather(name, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, all.data(), MPI_MAX_PROCESSOR_NAME, MPI_CHAR, 0, MPI_COMM_WORLD);
  if (rank != 0) return {};
  std::vector<std::string> names;
  for (int r = 0; r < size; ++r) names.emplace_back(all.data() + static_cast<std::size_t>(r) * MPI_MAX_PROCESSOR_NAME);
  std::string text;
  for (const auto& n : std::set<std::string>(names.begin(), names.end()))
    text += (text.empty() ? "" : ", ") + n + " (" + std::to_string(std::count(names.begin(), names.end(), n)) + " ranks)";
  return text;
}

/// Every rank's unreceived messages at rank 0 (src, dst, tag, bytes, arrival per message).
std::vector<unreceived_message> gather_unreceived(int rank, int size, const std::vector<unreceived_message>& mine) {
  std::vector<std::int64_t> flat;
  for (const auto& u : mine) flat.insert(flat.end(), {u.src, u.dst, u.tag, u.bytes, u.arrival.ps});
  int count = static_cast<int>(flat.size());
  std::vector<int> counts(static_cast<std::size_t>(rank == 0 ? size : 0)), offsets(counts.size());
  MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  int total = 0;
  for (std::size_t r = 0; r < counts.size(); ++r) {
    offsets[r] = total;
    total += counts[r];
  }
  std::vector<std::int64_t> all(static_cast<std::size_t>(total));
  MPI_Gatherv(flat.data(), count, MPI_INT64_T, all.data(), counts.data(), offsets.data(), MPI_INT64_T, 0, MPI_COMM_WORLD);
  std::vector<unreceived_message> out;
  for (std::size_t i = 0; i + 4 < all.size(); i += 5)
    out.push_back({static_cast<int>(all[i]), static_cast<int>(all[i + 1]), static_cast<int>(all[i + 2]), all[i + 3],
                   vtime{all[i + 4]}});
  return out;
}

}  // namespace

report run(const environment& env, const program& prog, const options& o) {
  const int rank = env.rank(), size = env.size();
  owned_comm user, reserved;
  detail::rank_pe backend(user.comm, reserved.comm, o);
  try {
    pe p(backend);
    prog(p);
  } catch (const std::exception& e) {
    detail::abort_job("PE " + std::to_string(rank) + " failed: " + e.what(), 4);
  } catch (...) {
    detail::abort_job("PE " + std::to_string(rank) + " failed: an exception that is not a std::exception", 4);
  }
  const auto left = backend.finish();

  const auto mine = pack(backend.figures());
  std::vector<std::int64_t> all(rank == 0 ? static_cast<std::size_t>(size) * figure_count : 0);
  MPI_Gather(mine.data(), figure_count, MPI_INT64_T, all.data(), figure_count, MPI_INT64_T, 0, MPI_COMM_WORLD);
  const std::string hosts = hosts_at_root(rank, size);
  auto unreceived = gather_unreceived(rank, size, left);

  report r;
  r.backend = "mpi";
  r.program = o.program_name;
  r.machine = "mpi";
  r.routing = "the MPI library's";
  r.model_description = "wall clock (MPI_Wtime), compute " + to_string(o.compute);
  r.procs = size;
  if (rank != 0) {  // its own figures only
    r.pes.push_back(unpack(rank, mine.data()));
    return r;
  }
  std::int64_t peak_rss = 0;
  for (int i = 0; i < size; ++i) {
    const std::int64_t* v = all.data() + static_cast<std::size_t>(i) * figure_count;
    r.pes.push_back(unpack(i, v));
    r.makespan = max(r.makespan, vtime{v[0]});
    r.sent += static_cast<std::uint64_t>(v[4]);
    r.received += static_cast<std::uint64_t>(v[6]);
    peak_rss = std::max(peak_rss, v[8]);
  }
  r.unreceived = std::move(unreceived);
  r.delivered = r.received + r.unreceived.size();
  r.conserved = r.sent == r.delivered;
  r.host.host_topology = hosts;
  r.host.workers = size;
  r.host.pin = "mpirun's";
  r.host.sharing = "none";
  r.host.wall_seconds = r.makespan.seconds();
  r.host.messages_per_second = r.host.wall_seconds > 0 ? static_cast<double>(r.received) / r.host.wall_seconds : 0;
  r.host.peak_rss_bytes = peak_rss;
  return r;
}

}  // namespace weft::mpi
