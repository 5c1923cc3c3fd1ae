// Communication logs: the JSON Lines format read back, and every refusal as one exact line.
#define BOOST_TEST_MODULE mapping
#include <boost/test/unit_test.hpp>

#include <sstream>
#include <string>

#include "weft/mapping/comm_log.hpp"
#include "weft_test/refusal.hpp"

namespace {

using namespace weft::mapping;

comm_log parse(const std::string& text) {
  std::istringstream in(text);
  return read_comm_log(in, "t.jsonl");
}

std::string refusal_of(const std::string& text) {
  return weft_test::refusal([&] { parse(text); });
}

// The format's own example, completed with PE 1's side so every message has both ends.
const std::string exchange =
    R"({"pe":0,"seq":0,"call":"isend","peer":1,"tag":5,"bytes":1048576,"request":0,"t_ps":0}
{"pe":0,"seq":1,"call":"recv","peer":1,"tag":5,"bytes":1048576,"t_ps":1200}
{"pe":0,"seq":2,"call":"wait","peer":1,"tag":5,"bytes":1048576,"request":0,"kind":"send","t_ps":5000}
{"pe":0,"seq":3,"call":"collective","name":"allreduce","algorithm":"dissemination","t_ps":6000}
{"pe":1,"seq":0,"call":"irecv","peer":-1,"tag":5,"bytes":1048576,"request":0,"t_ps":0}
{"pe":1,"seq":1,"call":"send","peer":0,"tag":5,"bytes":1048576,"t_ps":10}
{"pe":1,"seq":2,"call":"wait","peer":0,"tag":5,"bytes":1048576,"request":0,"kind":"recv","t_ps":900}
)";

}  // namespace

BOOST_AUTO_TEST_SUITE(comm_log_reading)

BOOST_AUTO_TEST_CASE(a_log_is_read_per_pe_in_program_order_without_its_collective_markers) {
  auto log = parse(exchange);
  BOOST_TEST(log.pe_count() == 2);
  BOOST_TEST(log.pes[0].size() == 3u);  // the collective marker is dropped
  BOOST_TEST(log.pes[1].size() == 3u);
  BOOST_TEST((log.pes[0][0].kind == call_kind::isend));
  BOOST_TEST(log.pes[0][0].bytes == 1048576);
  BOOST_TEST(log.pes[0][0].line == 1);
  // PE 1's irecv from any source takes the source written on its wait.
  BOOST_TEST(log.pes[1][0].peer == 0);
  // Matched: PE 0's isend with PE 1's irecv, PE 1's send with PE 0's recv.
  BOOST_TEST(log.pes[0][0].partner_pe == 1);
  BOOST_TEST(log.pes[0][0].partner_index == 0);
  BOOST_TEST(log.pes[1][1].partner_index == 1);
  BOOST_TEST(log.pes[0][2].started_index == 0);
}

BOOST_AUTO_TEST_CASE(malformed_json_names_the_file_and_line) {
  BOOST_TEST(refusal_of("{\"pe\":0,\"call\":\"send\"\n").rfind("t.jsonl:1: malformed JSON (parse error", 0) == 0);
  BOOST_TEST(refusal_of("[1,2]\n") == "t.jsonl:1: each line must be a JSON object, not [1,2]");
}

BOOST_AUTO_TEST_CASE(an_unknown_call_is_refused_naming_line_pe_and_call) {
  BOOST_TEST(refusal_of(R"({"pe":3,"seq":0,"call":"bcast","peer":1,"bytes":8})") ==
             "t.jsonl:1: PE 3 bcast: unknown call 'bcast' (known: send, isend, recv, irecv, wait, collective)");
}

BOOST_AUTO_TEST_CASE(a_wait_on_a_request_never_started_is_refused) {
  BOOST_TEST(refusal_of(R"({"pe":0,"seq":0,"call":"wait","peer":1,"bytes":8,"request":4,"kind":"send"})") ==
             "t.jsonl:1: PE 0 wait: wait on request 4, which was never started");
}

BOOST_AUTO_TEST_CASE(a_send_without_a_receive_is_refused_naming_the_pe_and_call) {
  BOOST_TEST(refusal_of(R"({"pe":0,"seq":0,"call":"send","peer":1,"tag":2,"bytes":8}
{"pe":1,"seq":0,"call":"send","peer":0,"tag":2,"bytes":8}
{"pe":0,"seq":1,"call":"recv","peer":1,"tag":2,"bytes":8}
)") == "t.jsonl:1: PE 0 send to PE 1 (tag 2) has no matching receive on PE 1");
}

BOOST_AUTO_TEST_CASE(a_receive_without_a_send_is_refused_naming_the_pe_and_call) {
  // Counted per ordered pair: PE 1 receives twice from PE 0, which sends once.
  BOOST_TEST(refusal_of(R"({"pe":0,"seq":0,"call":"send","peer":1,"bytes":8}
{"pe":1,"seq":0,"call":"recv","peer":0,"bytes":8}
{"pe":1,"seq":1,"call":"recv","peer":0,"bytes":8}
)") == "t.jsonl:3: PE 1 recv from PE 0 (tag 0) has no matching send on PE 0");
}

BOOST_AUTO_TEST_CASE(a_peer_outside_the_log_and_calls_out_of_order_are_refused) {
  BOOST_TEST(refusal_of(R"({"pe":0,"seq":0,"call":"send","peer":7,"bytes":8})") ==
             "t.jsonl:1: PE 0 send: peer 7 is not a PE of this log (0..0)");
  BOOST_TEST(refusal_of(R"({"pe":0,"seq":1,"call":"send","peer":0,"bytes":8}
{"pe":0,"seq":1,"call":"recv","peer":0,"bytes":8})") ==
             "t.jsonl:2: PE 0 recv: seq 1 does not follow 1 (calls of a PE must be in program order)");
  BOOST_TEST(refusal_of("\n") == "t.jsonl: no point-to-point calls in the log");
}

BOOST_AUTO_TEST_CASE(a_log_built_in_memory_is_checked_like_a_file) {
  comm_log_builder b(2, "mem");
  b.send(0, 1, 8);
  BOOST_TEST(weft_test::refusal([&] { std::move(b).build(); }) ==
             "mem: PE 0 send (call 0) to PE 1 (tag 0) has no matching receive on PE 1");
}

BOOST_AUTO_TEST_CASE(sent_bytes_whose_sum_passes_2_to_the_63_are_refused_at_the_line_that_passes_it) {
  // Issue 22: one 2^63 - 1 byte send and one more byte; summed unchecked they wrap negative.
  BOOST_TEST(refusal_of(R"({"pe":0,"call":"send","peer":1,"bytes":9223372036854775807}
{"pe":1,"call":"recv","peer":0,"bytes":9223372036854775807}
{"pe":1,"call":"send","peer":0,"bytes":1}
{"pe":0,"call":"recv","peer":1,"bytes":1}
)") == "t.jsonl:3: PE 1 send: bytes 1 brings the log's sent bytes past 2^63 - 1");
}

BOOST_AUTO_TEST_CASE(a_crlf_log_reads_like_an_lf_one_and_an_odd_call_name_is_shown_escaped) {
  const auto log = parse("{\"pe\":0,\"call\":\"send\",\"peer\":1,\"bytes\":8}\r\n{\"pe\":1,\"call\":\"recv\",\"peer\":0,\"bytes\":8}\r\n");
  BOOST_TEST(log.pes[1][0].bytes == 8);
  BOOST_TEST(refusal_of("{\"pe\":0,\"call\":\"se\\u0000nd\",\"peer\":1,\"bytes\":8}\n") ==
             "t.jsonl:1: PE 0 se\\0nd: unknown call 'se\\0nd' (known: send, isend, recv, irecv, wait, collective)");
}

// comm_log_fuzz: an unsigned JSON number past 2^63 - 1 was read through int64 and wrapped, so
// "tag":18446744073709551615 became -1 (any tag) and an irecv's "bytes" of it -1 (not known yet).
BOOST_AUTO_TEST_CASE(a_number_past_2_to_the_63_is_refused_not_wrapped_to_a_negative_one) {
  BOOST_TEST(refusal_of(R"({"pe":0,"call":"send","peer":1,"bytes":1,"tag":5}
{"pe":1,"call":"recv","peer":0,"bytes":1,"tag":18446744073709551615}
)") == "t.jsonl:2: PE 1 recv: \"tag\" must be an integer, not 18446744073709551615");
  BOOST_TEST(refusal_of(R"({"pe":0,"call":"isend","peer":1,"bytes":1,"request":18446744073709551614}
)") == "t.jsonl:1: PE 0 isend: \"request\" must be an integer, not 18446744073709551614");
  BOOST_TEST(refusal_of(R"({"pe":0,"call":"send","peer":1,"bytes":1}
{"pe":1,"call":"irecv","peer":0,"bytes":18446744073709551615,"request":0}
)") == "t.jsonl:2: PE 1 irecv: \"bytes\" must be a whole number >= -1, not 18446744073709551615");
}

// comm_log_fuzz: a number past the largest double threw nlohmann's out_of_range, not a refusal.
BOOST_AUTO_TEST_CASE(a_number_past_the_largest_double_is_malformed_json_naming_the_line) {
  BOOST_TEST(refusal_of("{\"pe\":0,\"call\":\"send\",\"peer\":1,\"bytes\":1}\n{\"pe\":1e400}\n") ==
             "t.jsonl:2: malformed JSON (number overflow parsing '1e400')");
}

// comm_log_fuzz: an irecv from peer -2 (or any negative number) was taken as "any source" (-1).
BOOST_AUTO_TEST_CASE(only_minus_one_is_any_source) {
  BOOST_TEST(refusal_of(R"({"pe":0,"call":"send","peer":1,"bytes":1}
{"pe":1,"call":"irecv","peer":-2,"bytes":1,"request":0}
{"pe":1,"call":"wait","peer":0,"request":0}
)") == "t.jsonl:2: PE 1 irecv: peer -2 (only an irecv may name any source, -1)");
}

BOOST_AUTO_TEST_CASE(a_folder_given_as_a_log_is_named_as_one) {
  BOOST_TEST(weft_test::refusal([] { read_comm_log_file("."); }) == "communication log '.' is a directory, not a file");
}

// issue 22: a negative clock and a receive of another size than its send were accepted.
BOOST_AUTO_TEST_CASE(a_negative_t_ps_is_refused_with_its_line) {
  BOOST_TEST(refusal_of(R"({"pe":0,"seq":0,"call":"send","peer":1,"tag":0,"bytes":8,"t_ps":-5}
{"pe":1,"seq":0,"call":"recv","peer":0,"tag":0,"bytes":8,"t_ps":0}
)") == R"(t.jsonl:1: PE 0 send: "t_ps" must be a whole number of picoseconds >= 0, not -5)");
}

BOOST_AUTO_TEST_CASE(a_receive_of_another_size_than_its_send_is_refused) {
  BOOST_TEST(refusal_of(R"({"pe":0,"seq":0,"call":"send","peer":1,"tag":0,"bytes":8,"t_ps":0}
{"pe":1,"seq":0,"call":"recv","peer":0,"tag":0,"bytes":9,"t_ps":0}
)") == "t.jsonl:2: PE 1 recv from PE 0 (tag 0): a send of 8 B (line 1) is matched by a receive of 9 B; both must "
       "give the message's size");
  // an irecv's -1 (its size unknown until it matches) is not a mismatch
  BOOST_TEST(parse(exchange).pes.size() == 2u);
}

BOOST_AUTO_TEST_SUITE_END()
