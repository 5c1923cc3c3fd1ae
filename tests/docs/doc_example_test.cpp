// The doc-example reader and matcher themselves, on pages written here.
#define BOOST_TEST_MODULE doc example reader
#include <boost/test/unit_test.hpp>

#include "doc_example.hpp"

using namespace weft::doc_test;
using lines = std::vector<std::string>;

BOOST_AUTO_TEST_CASE(a_block_starting_with_a_prompt_is_an_example_of_commands_and_their_output) {
  const auto found = examples_of(
      "text\n```\nnot an example\n```\n\n```\n$ weft topo ring:4\nring:4 has 4 nodes\n$ echo a \\\n  b\na b\n```\n");
  BOOST_TEST_REQUIRE(found.size() == 1u);
  BOOST_TEST(found[0].line == 6);
  BOOST_TEST(!found[0].skipped);
  BOOST_TEST_REQUIRE(found[0].commands.size() == 2u);
  BOOST_TEST(found[0].commands[0].text == "weft topo ring:4");
  BOOST_TEST(found[0].commands[0].expected == lines{"ring:4 has 4 nodes"});
  BOOST_TEST(found[0].commands[1].text == "echo a \\\n  b");
  BOOST_TEST(found[0].commands[1].expected == lines{"a b"});
}

BOOST_AUTO_TEST_CASE(a_skip_marker_right_before_the_fence_skips_that_example_only) {
  const auto found = examples_of(
      "<!-- doc-test: skip needs mpirun -->\n```sh\n$ mpirun weft\n```\n```\n$ weft\nx\n```\n");
  BOOST_TEST_REQUIRE(found.size() == 2u);
  BOOST_TEST(found[0].skipped);
  BOOST_TEST(found[0].skip_reason == " needs mpirun ");
  BOOST_TEST(!found[1].skipped);
  // Text between the marker and the fence cancels it.
  BOOST_TEST(!examples_of("<!-- doc-test: skip x -->\nsome words\n```\n$ weft\n```\n")[0].skipped);
}

BOOST_AUTO_TEST_CASE(an_ellipsis_stands_for_any_text_in_a_line) {
  BOOST_TEST(shows({"wall time: … s"}, {"wall time: 0.031 s"}));
  BOOST_TEST(shows({"…: ok"}, {"status: ok"}));
  BOOST_TEST(shows({"a … c … e"}, {"a b c d e"}));
  BOOST_TEST(shows({"peak RSS …"}, {"peak RSS 12 MiB"}));
  BOOST_TEST(shows({"ok  "}, {"ok"}));  // trailing spaces do not count
  BOOST_TEST(!shows({"a … c"}, {"a b d"}));
  BOOST_TEST(!shows({"status: ok"}, {"status: deadlock"}));
  BOOST_TEST(!shows({"ab…ba"}, {"aba"}));  // the pieces may not overlap
}

BOOST_AUTO_TEST_CASE(an_ellipsis_line_stands_for_any_number_of_lines) {
  BOOST_TEST(shows({"first", "…", "last"}, {"first", "last"}));
  BOOST_TEST(shows({"first", "…", "last"}, {"first", "x", "y", "last"}));
  BOOST_TEST(shows({"…"}, {}));
  BOOST_TEST(!shows({"first", "…", "last"}, {"first", "x"}));
  BOOST_TEST(!shows({"a"}, {"a", "b"}));  // every line printed must be shown
}

BOOST_AUTO_TEST_CASE(the_first_difference_points_at_the_expected_line) {
  BOOST_TEST(first_difference({"a", "b"}, {"a", "c"}) == 1);
  BOOST_TEST(first_difference({"a"}, {"a", "b"}) == 1);
  BOOST_TEST(first_difference({"a"}, {"a"}) == -1);
}
