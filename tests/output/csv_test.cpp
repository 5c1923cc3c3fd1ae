// Every CSV weft writes goes through one writer (weft/output/csv.hpp): a field with a comma, a
// quote or a line break is quoted as RFC 4180 says, so a topology spec stays one column.
#define BOOST_TEST_MODULE csv writer
#include <boost/test/unit_test.hpp>
#include <sstream>

#include "weft/output/csv.hpp"

using weft::output::csv_field;
using weft::output::write_csv_line;

BOOST_AUTO_TEST_CASE(plain_fields_are_written_as_they_are) {
  BOOST_TEST(csv_field("torus:8x8") == "torus:8x8");
  BOOST_TEST(csv_field("") == "");
}

BOOST_AUTO_TEST_CASE(a_comma_a_quote_or_a_line_break_is_quoted) {
  BOOST_TEST(csv_field("srt1d:5,5") == "\"srt1d:5,5\"");
  BOOST_TEST(csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
  BOOST_TEST(csv_field("two\nlines") == "\"two\nlines\"");
  BOOST_TEST(csv_field("cr\r") == "\"cr\r\"");
}

BOOST_AUTO_TEST_CASE(numbers_are_written_in_their_shortest_exact_form) {
  std::ostringstream out;
  write_csv_line(out, {"srt1d:5,5", 16, std::int64_t{-3}, std::uint64_t{18446744073709551615ull}, 0.1, 2.5e-10, "x"});
  BOOST_TEST(out.str() == "\"srt1d:5,5\",16,-3,18446744073709551615,0.1,2.5e-10,x\n");
  std::ostringstream fields;
  weft::output::write_csv_fields(fields, {"a", "b,c", ""});
  BOOST_TEST(fields.str() == "a,\"b,c\",\n");
}
