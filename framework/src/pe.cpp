// The PE API on top of pe_state: everything here runs on the PE's own fiber, during a PE
// phase, and touches only this PE's state (the engine reads it between phases).
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>

#include "weft/detail/checked_time.hpp"
#include "weft/detail/engine.hpp"
#include "weft/detail/message_pool.hpp"
#include "weft/detail/pe_state.hpp"
#include "weft/pe.hpp"
#include "weft/pe_backend.hpp"

namespace weft {

namespace {

using detail::message;
using detail::pe_state;
using detail::request_kind;

using detail::barrier_tag;

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

/// `what` names the overhead for an overflow message ("o_send").
void charge_overhead(pe_state& s, vtime d, const char* what) {
  if (s.wall) return;  // the host's own costs are in its measured times
  const vtime end = detail::checked_add(s.clock, d, what);
  s.add_span(s.clock, end, 1);
  s.clock = end;
  s.overhead_time += d;  // a part of the clock, so it cannot overflow
}

/// Suspends until every listed request has completed (the engine wakes us).
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
  s.status = detail::pe_status::blocked;
  s.host->suspend(s);
  s.status = detail::pe_status::runnable;
}

/// Moves the clock past a completed request, charges o_recv for a receive and releases the
/// request; returns the received message (nullptr for a send), which the caller releases.
message* complete(pe_state& s, int id) {
  auto& slot = s.requests[static_cast<std::size_t>(id)];
  if (slot.completion > s.clock) {
    s.add_span(s.clock, slot.completion, 2);
    s.wait_time += slot.completion - s.clock;
    s.clock = slot.completion;
  }
  message* m = nullptr;
  if (slot.kind == request_kind::recv) {
    charge_overhead(s, s.net->host().o_recv, "o_recv");
    m = slot.msg;
    if (s.recording)
      s.received_log.push_back({m->src, m->dst, m->src_node, m->dst_node, m->tag, m->bytes, m->seq, m->ready, m->arrival});
    ++s.received_messages;
    s.received_bytes = detail::checked_total(s.received_bytes, m->bytes, "bytes received");
  }
  slot = {};
  s.free_requests.push_back(id);
  return m;
}

/// complete() for the vector-returning calls: the payload is copied out.
received finish(pe_state& s, int id) {
  received out;
  if (message* m = complete(s, id)) {
    out.source = m->src;
    out.tag = m->tag;
    out.modelled_bytes = m->bytes;
    out.arrival = m->arrival;
    out.data = std::move(m->data);  // the buffer goes to the caller; a message can grow a new one
    s.pool->release(s.spare_messages, m);
  }
  return out;
}

[[noreturn, gnu::cold]] void throw_inactive_request(const pe_state& s) {
  throw std::invalid_argument("PE " + std::to_string(s.rank) + ": wait/test on a request that is not active");
}

[[noreturn, gnu::cold]] void throw_flops_overflow(double count) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", count);
  throw std::overflow_error("virtual time overflow: compute(flops{" + std::string(text) +
                            "}) takes longer than the latest virtual time, " + latest_time_text());
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

int start_send(pe_state& s, int dst, tag t, const payload& data) {
  check_rank(s, dst, "send to");
  if (t == any_tag) throw std::invalid_argument("any_tag is for receives; a send needs a concrete tag");
  const host_model& host = s.net->host();
  const std::int64_t bytes = data.modelled_bytes();
  s.net->check_sendable(bytes);  // the network's own limits (packets of an MTU)
  charge_overhead(s, host.o_send, "o_send");
  // Everything that can throw comes before the message is taken from the pool.
  vtime ready = s.clock;
  if (s.last_injection.ps >= 0) ready = max(ready, detail::checked_add(s.last_injection, host.gap, "gap"));
  const std::int64_t sent_bytes = detail::checked_total(s.sent_bytes, bytes, "bytes sent");
  message* m = s.pool->acquire(s.spare_messages);
  m->src = s.rank;
  m->dst = dst;
  m->tag = t.value;
  m->seq = s.next_seq++;
  m->bytes = bytes;
  const auto real = data.bytes();
  m->data.assign(real.begin(), real.end());
  m->ready = ready;
  s.last_injection = ready;
  ++s.sent_messages;
  s.sent_bytes = sent_bytes;

  int id = new_request(s);
  auto& slot = s.requests[static_cast<std::size_t>(id)];
  slot.kind = request_kind::send;
  slot.peer = dst;
  slot.tag = t.value;
  m->short_path = host.uses_short_path(bytes);
  if (s.net->sender_waits_for_injection()) {
    m->send_request = id;  // completes when the port has injected the last byte
  } else {
    slot.complete = true;  // eager: the data was copied, the buffer is free
    slot.completion = ready;
  }
  s.outbox.push_back(m);
  if (s.wall) s.host->post(s);
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

// Every call below first asks whether a backend serves this PE: one predictable branch (the
// emulator's PEs never have one), kept out of the emulator's inlined paths.
int pe::rank() const { return b_ ? b_->rank() : s_->rank; }
int pe::size() const { return b_ ? b_->size() : s_->size; }
vtime pe::now() const { return b_ ? b_->now() : s_->wall ? s_->host->elapsed() : s_->clock; }

request pe::isend(int dst, tag t, const payload& data) {
  if (b_) [[unlikely]] return b_->isend(dst, t, data);
  pe_state& s = *s_;
  const vtime start = s.clock;
  const int id = start_send(s, dst, t, data);
  if (s.recording_calls) {
    log_call(s, call_record::kind::isend, dst, t.value, data.modelled_bytes(), id, start);
    log_posted(s, id);
  }
  return {id};
}

std::vector<request> pe::isend_chain(std::span<const outgoing> batch) {
  if (b_) [[unlikely]] return b_->isend_chain(batch);
  std::vector<request> out;
  out.reserve(batch.size());
  for (std::size_t i = 0; i < batch.size(); ++i) {
    out.push_back(isend(batch[i].dst, batch[i].tag, batch[i].data));
    if (i > 0 && !s_->wall) s_->outbox.back()->chained = true;  // wall: posted already, no α to save
  }
  return out;
}

void pe::send(int dst, tag t, const payload& data) {
  if (b_) [[unlikely]] return b_->send(dst, t, data);
  pe_state& s = *s_;
  const vtime start = s.clock;
  const int id = start_send(s, dst, t, data);  // a refused send (bad rank, tag or size) logs nothing
  if (s.recording_calls) log_call(s, call_record::kind::send, dst, t.value, data.modelled_bytes(), -1, start);
  block_until_complete(s, std::span<const int>(&id, 1));
  complete(s, id);
}

request pe::irecv(int src, tag t) {
  if (b_) [[unlikely]] return b_->irecv(src, t);
  pe_state& s = *s_;
  const int id = post_receive(s, src, t);
  if (s.recording_calls) {
    log_call(s, call_record::kind::irecv, src, t == any_tag ? -1 : t.value, -1, id, s.clock);
    log_posted(s, id);
  }
  return {id};
}

received pe::recv(int src, tag t) {
  if (b_) [[unlikely]] return b_->recv(src, t);
  return finish(*s_, receive(*s_, src, t));
}

receipt pe::recv_into(std::span<std::byte> into, int src, tag t) {
  if (b_) [[unlikely]] return b_->recv_into(into, src, t);
  pe_state& s = *s_;
  message* m = complete(s, receive(s, src, t));
  receipt out{m->src, m->tag, m->bytes, m->arrival, m->data.size()};
  if (out.bytes == into.size() && !into.empty()) std::memcpy(into.data(), m->data.data(), into.size());
  s.pool->release(s.spare_messages, m);
  return out;
}

received pe::wait(request& r) {
  if (b_) [[unlikely]] return b_->wait(r);
  pe_state& s = *s_;
  const vtime start = s.clock;
  int id = checked_id(s, r);
  block_until_complete(s, std::span<const int>(&id, 1));
  if (s.recording_calls) log_wait(s, id, start);
  r.id = -1;
  return finish(s, id);
}

std::vector<received> pe::wait_all(std::span<request> rs) {
  if (b_) [[unlikely]] return b_->wait_all(rs);
  pe_state& s = *s_;
  const vtime start = s.clock;
  std::vector<int> ids;
  ids.reserve(rs.size());
  for (auto& r : rs) ids.push_back(checked_id(s, r));
  block_until_complete(s, ids);
  // Completions are taken in the order given so the clock moves the same way every run.
  std::vector<received> out;
  out.reserve(rs.size());
  for (std::size_t i = 0; i < rs.size(); ++i) {
    if (s.recording_calls) log_wait(s, ids[i], start);
    out.push_back(finish(s, ids[i]));
    rs[i].id = -1;
  }
  return out;
}

bool pe::test(request& r) {
  if (b_) [[unlikely]] return b_->test(r);
  pe_state& s = *s_;
  const vtime start = s.clock;
  int id = checked_id(s, r);
  auto done = [&] {
    const auto& slot = s.requests[static_cast<std::size_t>(id)];
    return slot.complete && slot.completion <= s.clock;
  };
  if (!done() && !s.requests[static_cast<std::size_t>(id)].complete) {
    // A message due by now may still be in flight in the engine: let it catch up to our clock.
    s.sync_until = s.clock;
    s.status = detail::pe_status::syncing;
    s.host->suspend(s);
    s.status = detail::pe_status::runnable;
  }
  if (done()) {
    if (s.recording_calls) log_wait(s, id, start);  // the wait that follows logs nothing more
    return true;
  }
  charge_overhead(s, s.net->host().poll, "poll");
  return false;
}

void pe::compute(vtime duration) {
  if (b_) [[unlikely]] return b_->compute(duration);
  pe_state& s = *s_;
  if (duration.ps < 0)
    throw std::invalid_argument("compute time " + format_time(duration) + " is negative");
  if (s.wall) return;  // a no-op: the real work is the program's own code (docs/model.md, "Clocks")
  const vtime end = detail::checked_add(s.clock, duration, "compute");
  s.add_span(s.clock, end, 0);
  s.clock = end;
  s.compute_time += duration;
}

const host_model& pe::host() const { return b_ ? b_->host() : s_->net->host(); }

void pe::overhead(vtime duration) {
  if (b_) [[unlikely]] return b_->overhead(duration);
  if (duration.ps < 0) throw std::invalid_argument("overhead " + format_time(duration) + " is negative");
  if (duration.ps > 0) charge_overhead(*s_, duration, "overhead");
}

void pe::compute(flops f) {
  if (b_) [[unlikely]] return b_->compute(f);
  compute(compute_time(s_->net->host(), f));
}

void pe::compute(kernel k) {
  if (b_) [[unlikely]] return b_->compute(k);
  compute(compute_time(s_->net->host(), k));
}

vtime compute_time(const host_model& h, flops f) {
  const auto rate = h.flops.per_second;
  if (rate <= 0)
    throw std::invalid_argument("compute(flops) needs a flop rate: give the machine --flops RATE");
  if (f.count < 0) throw std::invalid_argument("compute: negative flop count");
  const double ps = f.count / rate * 1e12 + 0.5;
  if (!(ps < static_cast<double>(latest_time.ps)))  // also NaN; the cast below would be undefined
    throw_flops_overflow(f.count);
  return vtime{static_cast<std::int64_t>(ps)};
}

vtime compute_time(const host_model& h, kernel k) {
  if (!(k.flops >= 0) || !(k.bytes >= 0))
    throw std::invalid_argument("compute(kernel): flops and bytes must be >= 0");
  if (k.flops > 0 && h.flops.per_second <= 0)
    throw std::invalid_argument("compute(kernel) needs a flop rate: give the machine --flops RATE");
  if (k.bytes > 0 && h.memory_time.num == 0)
    throw std::invalid_argument("compute(kernel) needs a memory bandwidth: give the machine --memory-bandwidth RATE");
  // Each part rounded as compute(flops) and the wire's τ round theirs, so closed forms hold.
  const double arithmetic = k.flops > 0 ? k.flops / h.flops.per_second * 1e12 + 0.5 : 0;
  if (!(arithmetic < static_cast<double>(latest_time.ps))) throw_flops_overflow(k.flops);
  const vtime memory = h.memory_time.serialize(k.bytes);
  const vtime longer = max(vtime{static_cast<std::int64_t>(arithmetic)}, memory);
  return detail::checked_add(h.kernel_overhead, longer, "compute(kernel)");
}

void pe::note_collective(std::string_view name, std::string_view algorithm) {
  if (b_) [[unlikely]] return b_->note_collective(name, algorithm);
  pe_state& s = *s_;
  if (!s.recording_calls) return;
  log_call(s, call_record::kind::collective, -1, -1, -1, -1, s.clock);
  s.calls.back().name = name;
  s.calls.back().algorithm = algorithm;
}

void pe::barrier() {
  if (b_) [[unlikely]] return b_->barrier();
  // Dissemination: in round k every PE signals rank + 2^k and waits for rank - 2^k.
  const int p = s_->size, me = s_->rank;
  for (int dist = 1; dist < p; dist *= 2) {
    request sent = isend((me + dist) % p, tag{barrier_tag}, payload{});
    recv((me - dist + p) % p, tag{barrier_tag});
    wait(sent);
  }
}

bool pe::native_collective(const native_call& c) { return b_ ? b_->native_collective(c) : false; }

}  // namespace weft
