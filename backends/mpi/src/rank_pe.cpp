#include "rank_pe.hpp"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "abort.hpp"
#include "framing.hpp"
#include "tag_map.hpp"

namespace weft::mpi::detail {

namespace {

std::int64_t ps_of(double seconds) { return static_cast<std::int64_t>(seconds * 1e12); }

int byte_count(std::size_t n) {
  if (n > static_cast<std::size_t>(INT_MAX))
    throw std::invalid_argument("a message of " + std::to_string(n) + " bytes is more than MPI's int count (" +
                                std::to_string(INT_MAX) + ") allows");
  return static_cast<int>(n);
}

std::string seconds_text(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", s);
  return text;
}

std::string filter_text(int src, int t) {
  return "recv(src=" + (src == any_source ? std::string("any") : std::to_string(src)) +
         ", tag=" + (t == any_tag.value ? std::string("any") : std::to_string(t)) + ")";
}

}  // namespace

rank_pe::rank_pe(MPI_Comm user, MPI_Comm reserved, const options& o) : user_(user), reserved_(reserved), options_(o) {
  MPI_Comm_rank(user_, &rank_);
  MPI_Comm_size(user_, &size_);
  sent_to_.assign(static_cast<std::size_t>(size_), 0);
  int* ub = nullptr;
  int found = 0;
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &ub, &found);
  if (found && ub) tag_ub_ = *ub;
  // The library's costs are measured here, not modelled: collectives must not charge them.
  options_.host.coll_call = options_.host.coll_recv = vtime{};
  options_.host.reduce_tau = {};
  MPI_Barrier(user_);  // a common start: every rank's times count from (nearly) the same instant
  start_ = MPI_Wtime();
}

vtime rank_pe::now() const { return vtime{ps_of(MPI_Wtime() - start_)}; }

void rank_pe::check_rank(int r, const char* what) const {
  if (r < 0 || r >= size_)
    throw std::invalid_argument(std::string(what) + " rank " + std::to_string(r) + " is outside 0.." +
                                std::to_string(size_ - 1));
}

rank_pe::filter rank_pe::filter_of(int src, tag t) const {
  if (src != any_source) check_rank(src, "receive from");
  const int source = src == any_source ? MPI_ANY_SOURCE : src;
  if (t == any_tag) return {user_, source, MPI_ANY_TAG};
  if (t.value >= 0) return {user_, source, user_tag(t.value, tag_ub_)};
  return {reserved_, source, reserved_tag(t.value, tag_ub_)};
}

void rank_pe::start_send(int dst, tag t, const payload& data) {
  check_rank(dst, "send to");
  if (t == any_tag) throw std::invalid_argument("any_tag is for receives; a send needs a concrete tag");
  MPI_Comm comm = t.value >= 0 ? user_ : reserved_;
  const int mpi_tag = t.value >= 0 ? user_tag(t.value, tag_ub_) : reserved_tag(t.value, tag_ub_);
  std::vector<std::byte> buffer;
  if (!spare_.empty()) {
    buffer = std::move(spare_.back());
    spare_.pop_back();
  }
  frame(buffer, data.bytes(), data.modelled_bytes());
  const int count = byte_count(buffer.size());
  MPI_Request r;
  MPI_Isend(buffer.data(), count, MPI_BYTE, dst, mpi_tag, comm, &r);
  send_requests_.push_back(r);
  send_buffers_.push_back(std::move(buffer));  // moving a vector keeps its data where MPI reads it
  ++figures_.sent_messages;
  ++sent_to_[static_cast<std::size_t>(dst)];
  figures_.sent_bytes += count - static_cast<std::int64_t>(trailer_bytes);
}

void rank_pe::send(int dst, tag t, const payload& data) { start_send(dst, t, data); }

int rank_pe::new_request() {
  if (!free_.empty()) {
    const int id = free_.back();
    free_.pop_back();
    return id;
  }
  requests_.emplace_back();
  return static_cast<int>(requests_.size()) - 1;
}

request rank_pe::isend(int dst, tag t, const payload& data) {
  start_send(dst, t, data);
  // The data is copied: the request is complete at once, as on an all-port emulated PE.
  const int id = new_request();
  requests_[static_cast<std::size_t>(id)] = {kind::send, true, dst, t.value, {}};
  return {id};
}

std::vector<request> rank_pe::isend_chain(std::span<const outgoing> batch) {
  std::vector<request> out;
  out.reserve(batch.size());
  for (const auto& m : batch) out.push_back(isend(m.dst, m.tag, m.data));
  return out;
}

request rank_pe::irecv(int src, tag t) {
  filter_of(src, t);  // checks the source and the tag now, where the caller made them
  const int id = new_request();
  requests_[static_cast<std::size_t>(id)] = {kind::recv, false, src, t.value, {}};
  posted_.push_back(id);
  return {id};
}

received rank_pe::take(MPI_Message& m, const MPI_Status& st, bool user, int wanted) {
  int count = 0;
  MPI_Get_count(&st, MPI_BYTE, &count);
  received r;
  r.data.resize(static_cast<std::size_t>(count));
  MPI_Mrecv(r.data.data(), count, MPI_BYTE, &m, MPI_STATUS_IGNORE);
  const frame_sizes sizes = unframe(r.data.data(), r.data.size());
  r.data.resize(sizes.real);  // drops padding and trailer, no copy
  r.source = st.MPI_SOURCE;
  r.tag = user ? st.MPI_TAG : wanted;  // reserved receives always name their tag
  r.modelled_bytes = sizes.wire;
  r.arrival = now();
  ++figures_.received_messages;
  figures_.received_bytes += sizes.wire;
  return r;
}

void rank_pe::reap_sends() {
  if (send_requests_.empty()) return;
  int done = 0;
  MPI_Testall(static_cast<int>(send_requests_.size()), send_requests_.data(), &done, MPI_STATUSES_IGNORE);
  if (done) {
    for (auto& b : send_buffers_)
      if (spare_.size() < max_spare) spare_.push_back(std::move(b));
    send_requests_.clear();
    send_buffers_.clear();
    return;
  }
  // Not all done: keep the pending ones (MPI sets completed requests to MPI_REQUEST_NULL).
  int outcount = 0;
  index_scratch_.resize(send_requests_.size());
  MPI_Testsome(static_cast<int>(send_requests_.size()), send_requests_.data(), &outcount, index_scratch_.data(),
               MPI_STATUSES_IGNORE);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < send_requests_.size(); ++i) {
    if (send_requests_[i] == MPI_REQUEST_NULL) {
      if (spare_.size() < max_spare) spare_.push_back(std::move(send_buffers_[i]));
      continue;
    }
    if (kept != i) {  // a vector moved onto itself would free the bytes MPI still sends from
      send_requests_[kept] = send_requests_[i];
      send_buffers_[kept] = std::move(send_buffers_[i]);
    }
    ++kept;
  }
  send_requests_.resize(kept);
  send_buffers_.resize(kept);
}

bool rank_pe::accepts(const slot& s, MPI_Comm comm, int source, int mpi_tag) const {
  const filter f = filter_of(s.src, tag{s.tag});
  return f.comm == comm && (f.source == MPI_ANY_SOURCE || f.source == source) &&
         (f.tag == MPI_ANY_TAG || f.tag == mpi_tag);
}

void rank_pe::progress() {
  reap_sends();
  for (std::size_t i = 0; i < posted_.size(); ++i) {
    const slot& s = requests_[static_cast<std::size_t>(posted_[i])];
    const filter f = filter_of(s.src, tag{s.tag});
    int found = 0;
    MPI_Message m;
    MPI_Status st;
    MPI_Improbe(f.source, f.tag, f.comm, &found, &m, &st);
    if (!found) continue;
    // The message may have arrived after an earlier receive that accepts it probed: MPI's
    // order gives it to the first posted receive that accepts it.
    std::size_t to = i;
    for (std::size_t j = 0; j < i; ++j)
      if (accepts(requests_[static_cast<std::size_t>(posted_[j])], f.comm, st.MPI_SOURCE, st.MPI_TAG)) {
        to = j;
        break;
      }
    slot& target = requests_[static_cast<std::size_t>(posted_[to])];
    target.msg = take(m, st, f.comm == user_, target.tag);
    target.complete = true;
    posted_.erase(posted_.begin() + static_cast<std::ptrdiff_t>(to));
    --i;  // the entry at i moved (to == i) or is still to be probed (to < i: it shifted down)
  }
}

template <class Done>
void rank_pe::wait_until(Done done, const std::string& what) {
  if (done()) return;
  const double begin = MPI_Wtime();
  for (std::uint64_t spins = 1;; ++spins) {
    progress();
    if (done()) break;
    if (options_.timeout_seconds > 0 && spins % 256 == 0 && MPI_Wtime() - begin > options_.timeout_seconds)
      abort_job("PE " + std::to_string(rank_) + " waited more than " + seconds_text(options_.timeout_seconds) +
                    " s in " + what + ": a deadlock, or a rank that stopped (raise --timeout if it is just slow)",
                3);
  }
  figures_.wait += ps_of(MPI_Wtime() - begin);
}

rank_pe::slot& rank_pe::checked(const request& r) {
  if (r.id < 0 || static_cast<std::size_t>(r.id) >= requests_.size() ||
      requests_[static_cast<std::size_t>(r.id)].what == kind::unused)
    throw std::invalid_argument("PE " + std::to_string(rank_) + ": wait/test on a request that is not active");
  return requests_[static_cast<std::size_t>(r.id)];
}

received rank_pe::complete(request& r) {
  slot& s = requests_[static_cast<std::size_t>(r.id)];
  received out = std::move(s.msg);
  s = {};
  free_.push_back(r.id);
  r.id = -1;
  return out;
}

received rank_pe::wait(request& r) {
  slot& s = checked(r);
  if (!s.complete) wait_until([&] { return s.complete; }, filter_text(s.src, s.tag));
  return complete(r);
}

std::vector<received> rank_pe::wait_all(std::span<request> rs) {
  for (auto& r : rs) checked(r);
  auto all = [&] {
    return std::all_of(rs.begin(), rs.end(), [&](const request& r) { return requests_[static_cast<std::size_t>(r.id)].complete; });
  };
  wait_until(all, "wait_all of " + std::to_string(rs.size()) + " requests");
  std::vector<received> out;
  out.reserve(rs.size());
  for (auto& r : rs) out.push_back(complete(r));
  return out;
}

bool rank_pe::release(request& r) {
  const slot& s = checked(r);
  if (s.what != kind::send)
    throw std::invalid_argument("PE " + std::to_string(rank_) +
                                ": release takes a send's request; a receive's message must be taken (wait or test)");
  complete(r);  // complete since it was made: the data was copied, MPI's request is reaped with the others
  return true;
}

bool rank_pe::test(request& r) {
  slot& s = checked(r);
  if (!s.complete) progress();
  return s.complete;
}

received rank_pe::recv(int src, tag t) {
  request r = irecv(src, t);
  return wait(r);
}

receipt rank_pe::recv_into(std::span<std::byte> into, int src, tag t) {
  const filter f = filter_of(src, t);
  if (!posted_.empty()) {  // earlier receives come first: go through the posted queue
    received m = recv(src, t);
    if (m.data.size() == into.size() && !into.empty()) std::memcpy(into.data(), m.data.data(), into.size());
    return {m.source, m.tag, m.modelled_bytes, m.arrival, m.data.size()};
  }
  // Nothing posted before: probe for it, no receive to queue.
  int found = 0;
  MPI_Message m;
  MPI_Status st;
  wait_until(
      [&] {
        MPI_Improbe(f.source, f.tag, f.comm, &found, &m, &st);
        return found != 0;
      },
      filter_text(src, t.value));
  int count = 0;
  MPI_Get_count(&st, MPI_BYTE, &count);
  // Into a buffer kept between calls: the caller's has no room for padding and trailer.
  scratch_.resize(static_cast<std::size_t>(count));
  MPI_Mrecv(scratch_.data(), count, MPI_BYTE, &m, MPI_STATUS_IGNORE);
  const frame_sizes sizes = unframe(scratch_.data(), scratch_.size());
  if (sizes.real == into.size() && !into.empty()) std::memcpy(into.data(), scratch_.data(), into.size());
  ++figures_.received_messages;
  figures_.received_bytes += sizes.wire;
  return {st.MPI_SOURCE, f.comm == user_ ? st.MPI_TAG : t.value, sizes.wire, now(), sizes.real};
}

void rank_pe::spin(vtime duration, std::int64_t& into) {
  const double begin = MPI_Wtime(), end = begin + duration.seconds();
  double at = begin;
  while (at < end) at = MPI_Wtime();
  into += ps_of(at - begin);
}

void rank_pe::compute(vtime duration) {
  if (duration.ps < 0) throw std::invalid_argument("compute time " + format_time(duration) + " is negative");
  if (options_.compute == compute_mode::spin) spin(duration, figures_.compute);
}

void rank_pe::compute(flops f) {
  if (options_.compute == compute_mode::skip) {
    if (!(f.count >= 0)) throw std::invalid_argument("compute: negative flop count");
    return;
  }
  spin(compute_time(options_.host, f), figures_.compute);
}

void rank_pe::compute(kernel k) {
  if (options_.compute == compute_mode::skip) {
    if (!(k.flops >= 0) || !(k.bytes >= 0)) throw std::invalid_argument("compute(kernel): flops and bytes must be >= 0");
    return;
  }
  spin(compute_time(options_.host, k), figures_.compute);
}

void rank_pe::overhead(vtime duration) {
  if (duration.ps < 0) throw std::invalid_argument("overhead " + format_time(duration) + " is negative");
  if (options_.compute == compute_mode::spin) spin(duration, figures_.overhead);
}

void rank_pe::barrier() {
  MPI_Request r;
  MPI_Ibarrier(reserved_, &r);
  int done = 0;
  wait_until(
      [&] {
        MPI_Test(&r, &done, MPI_STATUS_IGNORE);
        return done != 0;
      },
      "barrier");
}

std::vector<unreceived_message> rank_pe::finish() {
  figures_.finish = now().ps;
  // How many messages were sent to this rank in all, summed over the senders' counts: until
  // that many have been taken in (by the program or here), some are still on their way. An
  // eager send completes at its sender before it arrives, so a barrier alone could end the run
  // with messages in flight and report them neither received nor unreceived.
  std::vector<unreceived_message> left;
  std::int64_t expected = 0;
  MPI_Request counted = MPI_REQUEST_NULL;
  MPI_Ireduce_scatter_block(sent_to_.data(), &expected, 1, MPI_INT64_T, MPI_SUM, user_, &counted);
  bool known = false;
  const double begin = MPI_Wtime();
  for (std::uint64_t spins = 1;; ++spins) {
    reap_sends();  // a rendezvous send completes only once its receiver (maybe this loop) takes it
    for (MPI_Comm comm : {user_, reserved_})
      for (;;) {  // everything queued now, not one a pass
        int found = 0;
        MPI_Message m;
        MPI_Status st;
        MPI_Improbe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm, &found, &m, &st);
        if (!found) break;
        int count = 0;
        MPI_Get_count(&st, MPI_BYTE, &count);
        std::vector<std::byte> sink(static_cast<std::size_t>(count));
        MPI_Mrecv(sink.data(), count, MPI_BYTE, &m, MPI_STATUS_IGNORE);
        // A reserved tag is reported as MPI carried it (a folded one cannot be told back).
        left.push_back({st.MPI_SOURCE, rank_, comm == user_ ? st.MPI_TAG : -st.MPI_TAG - 1,
                        unframe(sink.data(), sink.size()).wire, now()});
      }
    if (!known) {
      int done = 0;
      MPI_Test(&counted, &done, MPI_STATUS_IGNORE);
      known = done != 0;
    }
    const auto taken = static_cast<std::int64_t>(figures_.received_messages) + static_cast<std::int64_t>(left.size());
    if (known && taken >= expected && send_requests_.empty()) break;
    if (options_.timeout_seconds > 0 && spins % 256 == 0 && MPI_Wtime() - begin > options_.timeout_seconds)
      abort_job("PE " + std::to_string(rank_) + " finished but waited more than " +
                    seconds_text(options_.timeout_seconds) + " s for the others to finish",
                3);
  }
  // Every rank has taken in all its messages and completed its sends: nothing is in flight.
  MPI_Barrier(user_);
  return left;
}

}  // namespace weft::mpi::detail
