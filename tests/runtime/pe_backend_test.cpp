// The seam under the PE API (weft/pe_backend.hpp): a pe hands every call, whole and unchanged, to
// the backend it was built on, and knows nothing of which backend that is.
#define BOOST_TEST_MODULE pe_backend
#include <boost/test/unit_test.hpp>
#include <string>
#include <vector>

#include "weft/cost_model.hpp"
#include "weft/native_call.hpp"
#include "weft/pe.hpp"

namespace {

/// A backend that serves nothing and writes down every call it gets, with its arguments.
class recording_backend final : public weft::pe_backend {
 public:
  std::vector<std::string> calls;

  int rank() const override { return 3; }
  int size() const override { return 8; }
  weft::vtime now() const override { return weft::vtime{42}; }

  void send(int dst, weft::tag t, const weft::payload& d) override { note("send", dst, t.value, d.modelled_bytes()); }
  weft::request isend(int dst, weft::tag t, const weft::payload& d) override {
    note("isend", dst, t.value, d.modelled_bytes());
    return {7};
  }
  std::vector<weft::request> isend_chain(std::span<const weft::outgoing> batch) override {
    note("isend_chain", static_cast<int>(batch.size()));
    return std::vector<weft::request>(batch.size());
  }
  weft::received recv(int src, weft::tag t) override {
    note("recv", src, t.value);
    return {};
  }
  weft::receipt recv_into(std::span<std::byte> into, int src, weft::tag t) override {
    note("recv_into", static_cast<int>(into.size()), src, t.value);
    return {};
  }
  weft::request irecv(int src, weft::tag t) override {
    note("irecv", src, t.value);
    return {9};
  }
  weft::received wait(weft::request& r) override {
    note("wait", r.id);
    return {};
  }
  std::vector<weft::received> wait_all(std::span<weft::request> rs) override {
    note("wait_all", static_cast<int>(rs.size()));
    return {};
  }
  bool test(weft::request& r) override {
    note("test", r.id);
    return true;
  }
  bool release(weft::request& r) override {
    note("release", r.id);
    return true;
  }
  std::size_t catch_up() override {
    note("catch_up");
    return 2;
  }
  void compute(weft::vtime d) override { note("compute", static_cast<int>(d.ps)); }
  void compute(weft::flops f) override { note("compute_flops", static_cast<int>(f.count)); }
  void compute(weft::kernel k) override { note("compute_kernel", static_cast<int>(k.flops), static_cast<int>(k.bytes)); }
  const weft::host_model& host() const override { return host_; }
  void overhead(weft::vtime d) override { note("overhead", static_cast<int>(d.ps)); }
  void note_collective(std::string_view name, std::string_view algorithm) override {
    calls.push_back("note_collective " + std::string(name) + " " + std::string(algorithm));
  }
  void barrier() override { note("barrier"); }
  bool native_collective(const weft::native_call&) override {
    note("native_collective");
    return true;
  }

 private:
  template <class... Args>
  void note(const char* what, Args... args) {
    std::string line = what;
    ((line += " " + std::to_string(args)), ...);
    calls.push_back(line);
  }
  weft::host_model host_;
};

}  // namespace

BOOST_AUTO_TEST_CASE(a_pe_answers_rank_size_and_now_from_its_backend) {
  recording_backend b;
  weft::pe pe(b);
  BOOST_TEST(pe.rank() == 3);
  BOOST_TEST(pe.size() == 8);
  BOOST_TEST(pe.now().ps == 42);
  BOOST_TEST(&pe.host() == &b.host());
}

BOOST_AUTO_TEST_CASE(every_pe_call_reaches_the_backend_whole_and_in_order) {
  recording_backend b;
  weft::pe pe(b);
  pe.send(1, weft::tag{2}, weft::sized(0, 100));
  auto sent = pe.isend(4, weft::tag{5}, std::vector<int>(3));
  std::vector<weft::outgoing> batch{{1, weft::tag{0}, 1}, {2, weft::tag{0}, 2}};
  BOOST_TEST(pe.isend_chain(batch).size() == 2u);
  pe.recv(weft::any_source, weft::tag{6});
  std::vector<std::byte> buffer(16);
  (void)pe.recv_into(buffer, 2, weft::tag{1});
  auto posted = pe.irecv(0, weft::tag{3});
  BOOST_TEST(sent.id == 7);
  BOOST_TEST(posted.id == 9);
  pe.wait(sent);
  std::vector<weft::request> both{sent, posted};
  pe.wait_all(both);
  BOOST_TEST(pe.test(posted));
  BOOST_TEST(pe.release(sent));
  BOOST_TEST(pe.catch_up() == 2u);
  pe.compute(weft::vtime{5});
  pe.compute(weft::flops{6});
  pe.compute(weft::kernel{7, 8});
  pe.overhead(weft::vtime{9});
  pe.note_collective("allreduce", "ring");
  pe.barrier();
  BOOST_TEST(pe.native_collective(weft::native_call{}));
  const std::vector<std::string> expected{
      "send 1 2 100",    "isend 4 5 12",     "isend_chain 2",     "recv -1 6",
      "recv_into 16 2 1", "irecv 0 3",       "wait 7",            "wait_all 2",
      "test 9",          "release 7",        "catch_up",         "compute 5",        "compute_flops 6",   "compute_kernel 7 8",
      "overhead 9",      "note_collective allreduce ring",        "barrier",
      "native_collective"};
  BOOST_TEST(b.calls == expected, boost::test_tools::per_element());
}
