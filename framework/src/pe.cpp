// The PE API: every call goes to the backend the run chose when it started (weft/pe_backend.hpp):
// the emulator on its virtual or wall clock (weft/detail/emulated_pe.hpp) or an MPI rank
// (backends/mpi). Nothing here knows which.
#include "weft/pe.hpp"

#include "weft/pe_backend.hpp"

namespace weft {

pe::pe(pe_backend& backend) : b_(&backend), rank_(backend.rank()), size_(backend.size()) {}

vtime pe::now() const { return b_->now(); }
void pe::send(int dst, tag t, const payload& data) { b_->send(dst, t, data); }
request pe::isend(int dst, tag t, const payload& data) { return b_->isend(dst, t, data); }
std::vector<request> pe::isend_chain(std::span<const outgoing> batch) { return b_->isend_chain(batch); }
received pe::recv(int src, tag t) { return b_->recv(src, t); }
receipt pe::recv_into(std::span<std::byte> into, int src, tag t) { return b_->recv_into(into, src, t); }
request pe::irecv(int src, tag t) { return b_->irecv(src, t); }
received pe::wait(request& r) { return b_->wait(r); }
std::vector<received> pe::wait_all(std::span<request> rs) { return b_->wait_all(rs); }
bool pe::test(request& r) { return b_->test(r); }
void pe::compute(vtime duration) { b_->compute(duration); }
void pe::compute(flops f) { b_->compute(f); }
void pe::compute(kernel k) { b_->compute(k); }
const host_model& pe::host() const { return b_->host(); }
void pe::overhead(vtime duration) { b_->overhead(duration); }
void pe::note_collective(std::string_view name, std::string_view algorithm) { b_->note_collective(name, algorithm); }
void pe::barrier() { b_->barrier(); }
bool pe::native_collective(const native_call& c) { return b_->native_collective(c); }

}  // namespace weft
