#pragma once
// One MPI rank as a weft PE: every pe call of weft/pe.hpp mapped onto MPI (docs/mpi.md, "What
// maps to what"). Private to weft_mpi: the only file besides run.cpp that sees <mpi.h>.
//
// weft's semantics are kept where MPI's differ:
//  - a message carries its modelled size for real (framing.hpp);
//  - a send copies its data and returns (the emulator's all-port eager send): MPI_Isend from a
//    buffer this PE owns until MPI completes it, so two PEs that send to each other before they
//    receive never deadlock, whatever the size;
//  - a receive learns its size from the message (MPI_Improbe + MPI_Mrecv), and posted receives
//    are matched in posting order by probing them in that order.

#include <mpi.h>

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "weft/mpi/mpi.hpp"
#include "weft/pe_backend.hpp"

namespace weft::mpi::detail {

/// What one rank did, in wall-clock picoseconds and counts (a row of the report).
struct rank_figures {
  std::int64_t finish = 0, compute = 0, overhead = 0, wait = 0;
  std::int64_t sent_messages = 0, sent_bytes = 0, received_messages = 0, received_bytes = 0;
};

class rank_pe final : public pe_backend {
 public:
  /// `user` and `reserved`: the communicators of user and reserved tags (tag_map.hpp).
  rank_pe(MPI_Comm user, MPI_Comm reserved, const options& o);

  int rank() const override { return rank_; }
  int size() const override { return size_; }
  vtime now() const override;

  void send(int dst, tag t, const payload& data) override;
  request isend(int dst, tag t, const payload& data) override;
  std::vector<request> isend_chain(std::span<const outgoing> batch) override;
  received recv(int src, tag t) override;
  receipt recv_into(std::span<std::byte> into, int src, tag t) override;
  request irecv(int src, tag t) override;
  received wait(request& r) override;
  std::vector<received> wait_all(std::span<request> rs) override;
  bool test(request& r) override;
  bool release(request& r) override;
  /// Nothing to catch up with: a rank's sends leave as they are made.
  std::size_t catch_up() override { return 0; }

  void compute(vtime duration) override;
  void compute(flops f) override;
  void compute(kernel k) override;
  const host_model& host() const override { return options_.host; }
  void overhead(vtime duration) override;
  void note_collective(std::string_view, std::string_view) override {}  // no communication log on MPI
  void barrier() override;
  bool native_collective(const native_call& c) override;  // native.cpp

  /// After the program: completes every send, takes in what nobody received (as the emulator's
  /// `unreceived`), and meets the other ranks. Collective.
  std::vector<unreceived_message> finish();
  rank_figures figures() const { return figures_; }

 private:
  enum class kind : std::uint8_t { unused, send, recv };
  struct slot {
    kind what = kind::unused;
    bool complete = false;
    int src = any_source, tag = 0;  ///< a receive's filter (weft's values)
    received msg;
  };
  /// Where a receive looks: communicator, MPI source and MPI tag.
  struct filter {
    MPI_Comm comm;
    int source, tag;
  };

  void check_rank(int r, const char* what) const;
  filter filter_of(int src, tag t) const;
  void start_send(int dst, tag t, const payload& data);
  /// Receives the message a probe found into a new buffer; `wanted` is the receive's weft tag.
  received take(MPI_Message& m, const MPI_Status& st, bool user, int wanted);
  /// Frees what MPI has finished sending.
  void reap_sends();
  /// Whether receive `s` accepts a message that came on `comm` from `source` with `mpi_tag`.
  bool accepts(const slot& s, MPI_Comm comm, int source, int mpi_tag) const;
  /// One round of progress: reaps completed sends, matches posted receives in posting order.
  void progress();
  /// progress() until `done`; the time counts as waiting; aborts past the timeout, naming `what`.
  template <class Done>
  void wait_until(Done done, const std::string& what);
  int new_request();
  slot& checked(const request& r);
  received complete(request& r);
  void spin(vtime duration, std::int64_t& into);

  MPI_Comm user_, reserved_;
  int rank_ = 0, size_ = 1, tag_ub_ = 32767;
  options options_;
  double start_ = 0;  ///< MPI_Wtime at the common start
  std::vector<slot> requests_;
  std::vector<int> free_;
  std::deque<int> posted_;                ///< receives not matched yet, in posting order
  // Sends MPI has not completed: their requests (contiguous, for MPI_Testall) and the copies
  // MPI sends from, alive until then.
  std::vector<MPI_Request> send_requests_;
  std::vector<std::int64_t> sent_to_;  // messages sent to each rank, on both communicators (finish())
  std::vector<std::vector<std::byte>> send_buffers_;
  std::vector<int> index_scratch_;
  /// Buffers of completed sends, reused: a fresh page costs more than the copy (PLATFORM.md).
  std::vector<std::vector<std::byte>> spare_;
  static constexpr std::size_t max_spare = 64;
  std::vector<std::byte> scratch_;  ///< recv_into's landing buffer
  rank_figures figures_;
};

}  // namespace weft::mpi::detail
