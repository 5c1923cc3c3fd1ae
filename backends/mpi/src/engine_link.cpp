// The engine's rank link over MPI (weft/mpi/engine_link.hpp): per window one MPI_Iallreduce, which
// the engine overlaps with the exchange of border events, and that exchange as two neighbourhood
// collectives (sizes, then bytes) on a distributed graph of the ranks that share a link; buffers
// are kept between windows. The engine calls it from one thread at a time (MPI_THREAD_SERIALIZED,
// asked for by environment).
#include <mpi.h>

#include <chrono>
#include <climits>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "abort.hpp"
#include "weft/detail/rank_link.hpp"
#include "weft/mpi/engine_link.hpp"

namespace weft::mpi {

namespace {

int checked_count(std::size_t n, const char* what) {
  if (n > static_cast<std::size_t>(INT_MAX))
    detail::abort_job(std::string("--engine mpi: ") + what + " passes MPI's int count (2 GiB in one window)", 4);
  return static_cast<int>(n);
}

class mpi_engine_link final : public weft::detail::rank_link {
 public:
  mpi_engine_link() {
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks_);
    MPI_Comm host = MPI_COMM_NULL;  // the ranks that share this one's memory
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &host);
    MPI_Comm_size(host, &on_host_);
    MPI_Comm_free(&host);
    MPI_Comm_dup(MPI_COMM_WORLD, &agree_);
  }
  ~mpi_engine_link() override {
    if (graph_ != MPI_COMM_NULL) MPI_Comm_free(&graph_);
    MPI_Comm_free(&agree_);
  }

  bool every_rank_agrees(double seconds) override {
    MPI_Request all = MPI_REQUEST_NULL;
    MPI_Ibarrier(agree_, &all);
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    for (int done = 0;;) {
      MPI_Test(&all, &done, MPI_STATUS_IGNORE);
      if (done) return true;
      if (std::chrono::steady_clock::now() > until) return false;  // the job ends: left pending
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }

  int rank() const override { return rank_; }
  int ranks() const override { return ranks_; }
  int ranks_on_host() const override { return on_host_; }

  void set_neighbours(const std::vector<int>& ranks) override {
    if (graph_ != MPI_COMM_NULL) MPI_Comm_free(&graph_);  // a command's earlier run, on another machine
    neighbours_ = ranks;
    const int n = static_cast<int>(ranks.size());
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, n, neighbours_.data(), MPI_UNWEIGHTED, n, neighbours_.data(),
                                   MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &graph_);
    send_sizes_.assign(ranks.size(), 0);
    recv_sizes_.assign(ranks.size(), 0);
    send_counts_.assign(ranks.size(), 0);
    recv_counts_.assign(ranks.size(), 0);
    send_offsets_.assign(ranks.size(), 0);
    recv_offsets_.assign(ranks.size(), 0);
  }

  void start_min(std::span<std::int64_t> values) override {
    reduce_in_.assign(values.begin(), values.end());
    MPI_Iallreduce(reduce_in_.data(), values.data(), static_cast<int>(values.size()), MPI_INT64_T, MPI_MIN,
                   MPI_COMM_WORLD, &reduce_);
  }
  void finish_min() override { MPI_Wait(&reduce_, MPI_STATUS_IGNORE); }

  void exchange(const std::vector<std::vector<std::byte>>& out, std::vector<std::vector<std::byte>>& in) override {
    // Collective over the whole graph communicator: a rank without neighbours takes part too.
    const std::size_t n = neighbours_.size();
    for (std::size_t i = 0; i < n; ++i) send_sizes_[i] = static_cast<std::int64_t>(out[i].size());
    MPI_Neighbor_alltoall(send_sizes_.data(), 1, MPI_INT64_T, recv_sizes_.data(), 1, MPI_INT64_T, graph_);
    std::size_t total_out = 0, total_in = 0;
    for (std::size_t i = 0; i < n; ++i) {
      send_offsets_[i] = checked_count(total_out, "the events sent");
      recv_offsets_[i] = checked_count(total_in, "the events received");
      send_counts_[i] = checked_count(out[i].size(), "the events sent");
      recv_counts_[i] = checked_count(static_cast<std::size_t>(recv_sizes_[i]), "the events received");
      total_out += out[i].size();
      total_in += static_cast<std::size_t>(recv_sizes_[i]);
    }
    checked_count(total_out, "the events sent");
    checked_count(total_in, "the events received");
    send_buffer_.clear();
    for (const auto& bytes : out) send_buffer_.insert(send_buffer_.end(), bytes.begin(), bytes.end());
    recv_buffer_.resize(total_in);
    MPI_Neighbor_alltoallv(send_buffer_.data(), send_counts_.data(), send_offsets_.data(), MPI_BYTE,
                           recv_buffer_.data(), recv_counts_.data(), recv_offsets_.data(), MPI_BYTE, graph_);
    for (std::size_t i = 0; i < n; ++i)
      in[i].assign(recv_buffer_.begin() + recv_offsets_[i], recv_buffer_.begin() + recv_offsets_[i] + recv_counts_[i]);
  }

  std::vector<std::vector<std::byte>> all_gather(std::span<const std::byte> mine) override {
    return collect(mine, true);
  }
  std::vector<std::vector<std::byte>> gather(std::span<const std::byte> mine) override { return collect(mine, false); }
  void broadcast(std::vector<std::byte>& bytes, int root) override {
    auto size = static_cast<std::uint64_t>(bytes.size());
    MPI_Bcast(&size, 1, MPI_UINT64_T, root, MPI_COMM_WORLD);
    if (rank_ != root) bytes.resize(static_cast<std::size_t>(size));
    MPI_Bcast(bytes.data(), checked_count(bytes.size(), "a rank's share of the report"), MPI_BYTE, root, MPI_COMM_WORLD);
  }

 private:
  std::vector<std::vector<std::byte>> collect(std::span<const std::byte> mine, bool everywhere) {
    const bool here = everywhere || rank_ == 0;
    const int count = checked_count(mine.size(), "a rank's share of the report");
    std::vector<int> counts(here ? static_cast<std::size_t>(ranks_) : 0), offsets(counts.size());
    if (everywhere) MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
    else MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::size_t total = 0;
    for (std::size_t r = 0; r < counts.size(); ++r) {
      offsets[r] = checked_count(total, "the report's shares");
      total += static_cast<std::size_t>(counts[r]);
    }
    std::vector<std::byte> flat(total);
    if (everywhere)
      MPI_Allgatherv(mine.data(), count, MPI_BYTE, flat.data(), counts.data(), offsets.data(), MPI_BYTE, MPI_COMM_WORLD);
    else
      MPI_Gatherv(mine.data(), count, MPI_BYTE, flat.data(), counts.data(), offsets.data(), MPI_BYTE, 0, MPI_COMM_WORLD);
    std::vector<std::vector<std::byte>> all;
    for (std::size_t r = 0; r < counts.size(); ++r)
      all.emplace_back(flat.begin() + offsets[r], flat.begin() + offsets[r] + counts[r]);
    return all;
  }

  int rank_ = 0, ranks_ = 1, on_host_ = 1;
  MPI_Comm graph_ = MPI_COMM_NULL;
  MPI_Comm agree_ = MPI_COMM_NULL;  // every_rank_agrees' own
  std::vector<int> neighbours_;
  MPI_Request reduce_ = MPI_REQUEST_NULL;
  std::vector<std::int64_t> reduce_in_;
  std::vector<std::int64_t> send_sizes_, recv_sizes_;
  std::vector<int> send_counts_, recv_counts_, send_offsets_, recv_offsets_;
  std::vector<std::byte> send_buffer_, recv_buffer_;
};

}  // namespace

std::unique_ptr<weft::detail::rank_link> make_engine_link(const environment&) {
  int level = 0;
  MPI_Query_thread(&level);
  if (level < MPI_THREAD_SERIALIZED)
    throw std::invalid_argument("--engine mpi: this MPI library gives no MPI_THREAD_SERIALIZED (the engine calls MPI "
                                "from its worker thread)");
  return std::make_unique<mpi_engine_link>();
}

}  // namespace weft::mpi
