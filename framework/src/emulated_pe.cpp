// The emulator's backends (weft/detail/emulated_pe.hpp): the PE API on top of pe_state, one code
// for both clocks. Everything here runs on the PE's own fiber, during its slice, and touches only
// this PE's state; what a clock changes goes through its policy's hooks.
#include "weft/detail/emulated_pe.hpp"

#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "weft/detail/checked_time.hpp"
#include "weft/detail/engine.hpp"
#include "weft/detail/message_pool.hpp"

namespace weft::detail {

void virtual_clock::charge_overhead(pe_state& s, vtime d, const char* what) const {
  const vtime end = checked_add(s.clock, d, what);
  s.add_span(s.clock, end, 1);
  s.clock = end;
  s.overhead_time += d;  // a part of the clock, so it cannot overflow
}

void virtual_clock::charge_compute(pe_state& s, vtime d) const {
  const vtime end = checked_add(s.clock, d, "compute");
  s.add_span(s.clock, end, 0);
  s.clock = end;
  s.compute_time += d;
}

namespace {

// The checks below run on every call; their error paths are kept out of line.
[[noreturn, gnu::cold]] void throw_bad_rank(const pe_state& s, int r, const char* what) {
  throw std::invalid_argument(std::string(what) + " rank " + std::to_string(r) + " is outside 0.." +
                              std::to_string(s.size - 1));
}

void check_rank(const pe_state& s, int r, const char* what) {
  if (r < 0 || r >= s.size) [[unlikely]]
    throw_bad_rank(s, r, what);
}

int new_request(pe_state& s) {
  if (!s.free_requests.empty()) {
    int id = s.free_requests.back();
    s.free_requests.pop_back();
    return id;
  }
  s.requests.emplace_back();
  return static_cast<int>(s.requests.size()) - 1;
}

/// Suspends until the runtime has committed every event before the PE's clock: a message due
/// by then has arrived.
void sync_to_clock(pe_state& s) {
  s.sync_until = s.clock;
  s.status = pe_status::syncing;
  s.host->suspend(s);
  s.status = pe_status::runnable;
}

/// Suspends until every listed request has completed (the runtime wakes us).
void block_until_complete(pe_state& s, std::span<const int> ids) {
  s.outstanding = 0;
  s.wake_at = vtime{};
  for (int id : ids) {
    auto& slot = s.requests[static_cast<std::size_t>(id)];
    if (slot.complete) continue;
    slot.waited = true;
    ++s.outstanding;
  }
  if (s.outstanding == 0) return;
  s.status = pe_status::blocked;
  s.host->suspend(s);
  s.status = pe_status::runnable;
}

/// Moves the clock past a completed request, charges o_recv for a receive and releases the
/// request; returns the received message (nullptr for a send), which the caller releases.
template <class Clock>
message* complete(pe_state& s, const Clock& clock, const host_model& host, int id) {
  auto& slot = s.requests[static_cast<std::size_t>(id)];
  if (slot.completion > s.clock) {
    s.add_span(s.clock, slot.completion, 2);
    s.wait_time += slot.completion - s.clock;
    s.clock = slot.completion;
  }
  message* m = nullptr;
  if (slot.kind == request_kind::recv) {
    clock.charge_overhead(s, host.o_recv, "o_recv");
    m = slot.msg;
    if (s.recording)
      s.received_log.push_back({m->src, m->dst, m->src_node, m->dst_node, m->tag, m->bytes, m->seq, m->ready, m->arrival});
    ++s.received_messages;
    s.received_bytes = checked_total(s.received_bytes, m->bytes, "bytes received");
  }
  slot = {};
  s.free_requests.push_back(id);
  return m;
}

/// complete() for the vector-returning calls: the payload is copied out.
template <class Clock>
received finish(pe_state& s, const Clock& clock, const host_model& host, int id) {
  received out;
  if (message* m = complete(s, clock, host, id)) {
    out.source = m->src;
    out.tag = m->tag;
    out.modelled_bytes = m->bytes;
    out.arrival = m->arrival;
    try {
      out.data = m->data.take();  // a heap buffer goes to the caller; a message can grow a new one
    } catch (...) {  // a payload kept in place is copied out: bad_alloc; the message is no one's now
      s.pool->release(s.spare_messages, m);
      throw;
    }
    s.pool->release(s.spare_messages, m);
  }
  return out;
}

[[noreturn, gnu::cold]] void throw_inactive_request(const pe_state& s) {
  throw std::invalid_argument("PE " + std::to_string(s.rank) + ": wait/test on a request that is not active");
}

int checked_id(const pe_state& s, const request& r) {
  if (r.id < 0 || static_cast<std::size_t>(r.id) >= s.requests.size() ||
      s.requests[static_cast<std::size_t>(r.id)].kind == request_kind::unused) [[unlikely]]
    throw_inactive_request(s);
  return r.id;
}

// The communication log (run_options::record_calls): one record per call, in program order.
// Every hook below is behind `if (s.recording_calls)`; nothing else is paid when it is off.

void log_call(pe_state& s, call_record::kind k, int peer, int tag, std::int64_t bytes, int request, vtime start) {
  s.calls.push_back({k, false, peer, tag, bytes, request, start, {}, {}});
}

/// Remembers the record that posted request `id` (the last one), for its wait.
void log_posted(pe_state& s, int id) {
  const auto at = static_cast<std::size_t>(id);
  if (s.call_of_request.size() <= at) s.call_of_request.resize(at + 1, -1);
  s.call_of_request[at] = static_cast<std::int32_t>(s.calls.size()) - 1;
}

/// A completed receive's record: the message it matched.
void log_matched(pe_state& s, call_record::kind k, int id, vtime start) {
  const message* m = s.requests[static_cast<std::size_t>(id)].msg;
  log_call(s, k, m->src, m->tag, m->bytes, k == call_record::kind::wait ? id : -1, start);
}

/// The wait line of completed request `id`, unless a successful test logged it already.
void log_wait(pe_state& s, int id, vtime start) {
  const auto at = static_cast<std::size_t>(id);
  if (at >= s.call_of_request.size() || s.call_of_request[at] < 0) return;
  if (s.requests[at].kind == request_kind::recv) {
    log_matched(s, call_record::kind::wait, id, start);
  } else {
    const call_record posted = s.calls[static_cast<std::size_t>(s.call_of_request[at])];
    log_call(s, call_record::kind::wait, posted.peer, posted.tag, posted.bytes, id, start);
    s.calls.back().on_send = true;
  }
  s.call_of_request[at] = -1;
}

template <class Clock>
int start_send(pe_state& s, const Clock& clock, const engine& machine, int dst, tag t, const payload& data) {
  check_rank(s, dst, "send to");
  if (t == any_tag) throw std::invalid_argument("any_tag is for receives; a send needs a concrete tag");
  const host_model& host = machine.host();
  const std::int64_t bytes = data.modelled_bytes();
  machine.check_sendable(bytes);  // the network's own limits (packets of an MTU)
  clock.charge_overhead(s, host.o_send, "o_send");
  // Everything that can throw comes before the message is taken from the pool.
  vtime ready = s.clock;
  if (s.last_injection.ps >= 0) ready = max(ready, checked_add(s.last_injection, host.gap, "gap"));
  const std::int64_t sent_bytes = checked_total(s.sent_bytes, bytes, "bytes sent");
  message* m = s.pool->acquire(s.spare_messages, s.sent_messages);
  m->src = s.rank;
  m->dst = dst;
  m->tag = t.value;
  m->seq = s.next_seq++;
  m->bytes = bytes;
  const auto real = data.bytes();
  m->data.assign(real);
  m->ready = ready;
  s.last_injection = ready;
  ++s.sent_messages;
  s.sent_bytes = sent_bytes;

  int id = new_request(s);
  auto& slot = s.requests[static_cast<std::size_t>(id)];
  slot.kind = request_kind::send;
  slot.peer = dst;
  slot.tag = t.value;
  m->path = host.path_for(bytes);
  if (machine.sender_waits_for_injection()) {
    m->send_request = id;  // completes when the port has injected the last byte
  } else {
    slot.complete = true;  // eager: the data was copied, the buffer is free
    slot.completion = ready;
  }
  s.outbox.push_back(m);
  clock.sent(s);
  return id;
}

int post_receive(pe_state& s, int src, tag t) {
  if (src != any_source) check_rank(s, src, "receive from");
  int id = new_request(s);
  auto& slot = s.requests[static_cast<std::size_t>(id)];
  slot.kind = request_kind::recv;
  slot.peer = src;
  slot.tag = t.value;
  // take() is too big to inline; most receives are posted before their message arrives.
  message* m = s.unexpected.empty() ? nullptr : s.unexpected.take(src, t.value);
  if (m) {
    slot.msg = m;
    slot.complete = true;
    slot.completion = m->arrival;
  } else {
    s.posted.post(id, src, t.value);
  }
  return id;
}

/// A blocking receive: posts, waits, logs the message it matched; returns the request id.
int receive(pe_state& s, int src, tag t) {
  const vtime start = s.clock;
  const int id = post_receive(s, src, t);
  block_until_complete(s, std::span<const int>(&id, 1));
  if (s.recording_calls) log_matched(s, call_record::kind::recv, id, start);
  return id;
}

}  // namespace

template <class Clock>
const host_model& emulated_pe<Clock>::host() const {
  return machine_.host();
}

template <class Clock>
request emulated_pe<Clock>::isend(int dst, tag t, const payload& data) {
  const vtime start = s_.clock;
  const int id = start_send(s_, clock_, machine_, dst, t, data);
  if (s_.recording_calls) {
    log_call(s_, call_record::kind::isend, dst, t.value, data.modelled_bytes(), id, start);
    log_posted(s_, id);
  }
  return {id};
}

template <class Clock>
std::vector<request> emulated_pe<Clock>::isend_chain(std::span<const outgoing> batch) {
  std::vector<request> out;
  out.reserve(batch.size());
  for (std::size_t i = 0; i < batch.size(); ++i) {
    out.push_back(isend(batch[i].dst, batch[i].tag, batch[i].data));
    if (i > 0) clock_.chained(s_);
  }
  return out;
}

template <class Clock>
void emulated_pe<Clock>::send(int dst, tag t, const payload& data) {
  const vtime start = s_.clock;
  const int id = start_send(s_, clock_, machine_, dst, t, data);  // a refused send (bad rank, tag or size) logs nothing
  if (s_.recording_calls) log_call(s_, call_record::kind::send, dst, t.value, data.modelled_bytes(), -1, start);
  block_until_complete(s_, std::span<const int>(&id, 1));
  complete(s_, clock_, host(), id);
}

template <class Clock>
request emulated_pe<Clock>::irecv(int src, tag t) {
  const int id = post_receive(s_, src, t);
  if (s_.recording_calls) {
    log_call(s_, call_record::kind::irecv, src, t == any_tag ? -1 : t.value, -1, id, s_.clock);
    log_posted(s_, id);
  }
  return {id};
}

template <class Clock>
received emulated_pe<Clock>::recv(int src, tag t) {
  return finish(s_, clock_, host(), receive(s_, src, t));
}

template <class Clock>
receipt emulated_pe<Clock>::recv_into(std::span<std::byte> into, int src, tag t) {
  message* m = complete(s_, clock_, host(), receive(s_, src, t));
  receipt out{m->src, m->tag, m->bytes, m->arrival, m->data.size()};
  if (out.bytes == into.size() && !into.empty()) std::memcpy(into.data(), m->data.data(), into.size());
  s_.pool->release(s_.spare_messages, m);
  return out;
}

template <class Clock>
received emulated_pe<Clock>::wait(request& r) {
  const vtime start = s_.clock;
  int id = checked_id(s_, r);
  block_until_complete(s_, std::span<const int>(&id, 1));
  if (s_.recording_calls) log_wait(s_, id, start);
  r.id = -1;
  return finish(s_, clock_, host(), id);
}

template <class Clock>
std::vector<received> emulated_pe<Clock>::wait_all(std::span<request> rs) {
  const vtime start = s_.clock;
  std::vector<int> ids;
  ids.reserve(rs.size());
  for (auto& r : rs) ids.push_back(checked_id(s_, r));
  block_until_complete(s_, ids);
  // Completions are taken in the order given so the clock moves the same way every run.
  std::vector<received> out;
  out.reserve(rs.size());
  for (std::size_t i = 0; i < rs.size(); ++i) {
    if (s_.recording_calls) log_wait(s_, ids[i], start);
    out.push_back(finish(s_, clock_, host(), ids[i]));
    rs[i].id = -1;
  }
  return out;
}

template <class Clock>
bool emulated_pe<Clock>::test(request& r) {
  pe_state& s = s_;
  const vtime start = s.clock;
  int id = checked_id(s, r);
  auto done = [&] {
    const auto& slot = s.requests[static_cast<std::size_t>(id)];
    return slot.complete && slot.completion <= s.clock;
  };
  if (!done() && !s.requests[static_cast<std::size_t>(id)].complete) {
    sync_to_clock(s);  // a message due by now may still be in flight
  }
  if (done()) {
    if (s.recording_calls) log_wait(s, id, start);  // the wait that follows logs nothing more
    return true;
  }
  clock_.charge_overhead(s, host().poll, "poll");
  return false;
}

template <class Clock>
bool emulated_pe<Clock>::release(request& r) {
  const int id = checked_id(s_, r);
  auto& slot = s_.requests[static_cast<std::size_t>(id)];
  if (slot.kind != request_kind::send)
    throw std::invalid_argument("PE " + std::to_string(s_.rank) +
                                ": release takes a send's request; a receive's message must be taken (wait or test)");
  // Only what the send itself decided, never how far the engine has got: a single-port send's
  // completion is the engine's to commit (it may or may not have by now, by worker count).
  if (machine_.sender_waits_for_injection() || !slot.complete || slot.completion > s_.clock) return false;
  r.id = -1;
  slot = {};
  // With the communication log on, a released number is not given out again: the log, which
  // has no line for a release, would show the request started twice.
  if (s_.recording_calls) {
    if (static_cast<std::size_t>(id) < s_.call_of_request.size()) s_.call_of_request[static_cast<std::size_t>(id)] = -1;
    return true;
  }
  s_.free_requests.push_back(id);
  return true;
}

template <class Clock>
std::size_t emulated_pe<Clock>::catch_up() {
  if constexpr (std::is_same_v<Clock, virtual_clock>) {
    sync_to_clock(s_);
    // Only what arrived before the clock: the events of the clock's own time may still be to come.
    return s_.unexpected.arrived_before(s_.clock);
  } else {
    return s_.unexpected.arrived_before(vtime::infinity());  // the wall clock: what has arrived is all there is
  }
}

template <class Clock>
void emulated_pe<Clock>::compute(vtime duration) {
  if (duration.ps < 0)
    throw std::invalid_argument("compute time " + format_time(duration) + " is negative");
  clock_.charge_compute(s_, duration);
}

template <class Clock>
void emulated_pe<Clock>::overhead(vtime duration) {
  if (duration.ps < 0) throw std::invalid_argument("overhead " + format_time(duration) + " is negative");
  if (duration.ps > 0) clock_.charge_overhead(s_, duration, "overhead");
}

// Checked, and converted, on both clocks, so a program behaves the same on either.
template <class Clock>
void emulated_pe<Clock>::compute(flops f) {
  compute(compute_time(host(), f));
}

template <class Clock>
void emulated_pe<Clock>::compute(kernel k) {
  compute(compute_time(host(), k));
}

template <class Clock>
void emulated_pe<Clock>::note_collective(std::string_view name, std::string_view algorithm) {
  if (!s_.recording_calls) return;
  log_call(s_, call_record::kind::collective, -1, -1, -1, -1, s_.clock);
  s_.calls.back().name = name;
  s_.calls.back().algorithm = algorithm;
}

template <class Clock>
void emulated_pe<Clock>::barrier() {
  // Dissemination: in round k every PE signals rank + 2^k and waits for rank - 2^k.
  const int p = s_.size, me = s_.rank;
  for (int dist = 1; dist < p; dist *= 2) {
    request sent = isend((me + dist) % p, tag{barrier_tag}, payload{});
    recv((me - dist + p) % p, tag{barrier_tag});
    wait(sent);
  }
}

template class emulated_pe<virtual_clock>;
template class emulated_pe<wall_clock>;

}  // namespace weft::detail
