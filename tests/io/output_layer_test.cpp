// The output layer: one file by any spelling is one file; writes are atomic and checked.
#define BOOST_TEST_MODULE io_output_layer
#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>
#include <stdexcept>

#include "weft/io/file_identity.hpp"
#include "weft/output/file_plan.hpp"
#include "weft/io/input_file.hpp"
#include "weft/output/output_file.hpp"

namespace fs = std::filesystem;
using weft::io::file_plan;

namespace {

// A scratch folder, the current directory while it lives (relative spellings are relative to it).
struct scratch {
  fs::path dir, before;
  scratch() {
    std::string tmpl = (fs::temp_directory_path() / "weft-io-XXXXXX").string();
    dir = ::mkdtemp(tmpl.data());
    before = fs::current_path();
    fs::current_path(dir);
    fs::create_directory("sub");
  }
  ~scratch() {
    fs::current_path(before);
    fs::remove_all(dir);
  }
};

void write(const fs::path& p, const std::string& text) { std::ofstream(p) << text; }
std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}
std::string refusal(const file_plan& plan) {
  try {
    plan.check();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}
std::size_t entries(const fs::path& dir) {
  return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

}  // namespace

BOOST_FIXTURE_TEST_SUITE(same_file, scratch)

BOOST_AUTO_TEST_CASE(every_spelling_of_an_existing_output_is_one_file) {
  write("o.json", "x");
  fs::create_symlink("o.json", "link.json");
  fs::create_hard_link("o.json", "hard.json");
  for (std::string other : std::vector<std::string>{"o.json", "./o.json", "sub/../o.json", (dir / "o.json").string(), "link.json", "hard.json"}) {
    std::string why = refusal(file_plan{}.output("--json", "o.json").output("--trace", other));
    BOOST_TEST_CONTEXT(other) { BOOST_TEST(why.find("--json and --trace both name the file 'o.json'") == 0); }
  }
}

BOOST_AUTO_TEST_CASE(every_spelling_of_a_new_output_is_one_file) {
  fs::create_symlink("new.json", "dangling.json");
  fs::create_directory_symlink("sub", "alias");
  for (auto [a, b] : {std::pair{"new.json", "./new.json"}, {"new.json", "sub/../new.json"}, {"new.json", "dangling.json"},
                      {"sub/x.json", "alias/x.json"}}) {
    BOOST_TEST_CONTEXT(a << " vs " << b) { BOOST_TEST(!refusal(file_plan{}.output("--json", a).output("--csv", b)).empty()); }
  }
  BOOST_TEST(!fs::exists("new.json"));
  BOOST_TEST(fs::is_symlink("dangling.json"));
}

BOOST_AUTO_TEST_CASE(an_output_naming_an_input_is_refused) {
  write("A.mtx", "matrix");
  fs::create_symlink("A.mtx", "B.mtx");
  std::string why = refusal(file_plan{}.input("--matrix", "A.mtx").output("--solution", "./B.mtx"));
  BOOST_TEST(why == "--solution file './B.mtx' is the input 'A.mtx' (--matrix) this command reads; write the output to another file");
  BOOST_TEST(read("A.mtx") == "matrix");
}

BOOST_AUTO_TEST_CASE(different_files_and_devices_pass) {
  BOOST_TEST(refusal(file_plan{}.output("--json", "a.json").output("--csv", "b.csv").input("--matrix", "a.mtx")).empty());
  BOOST_TEST(refusal(file_plan{}.output("--json", "/dev/null").output("--csv", "/dev/null")).empty());
  BOOST_TEST(entries(dir) == 1u);  // the check created nothing (only "sub")
}

BOOST_AUTO_TEST_CASE(unwritable_outputs_are_refused_before_any_work) {
  BOOST_TEST(refusal(file_plan{}.output("--json", "sub")) == "--json file 'sub' cannot be written: Is a directory");
  BOOST_TEST(refusal(file_plan{}.output("--json", "missing/o.json")) ==
             "--json file 'missing/o.json' cannot be written: No such file or directory");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_FIXTURE_TEST_SUITE(atomic_writes, scratch)

BOOST_AUTO_TEST_CASE(a_committed_file_replaces_the_old_one_whole) {
  write("o.json", "old");
  weft::io::write_output("o.json", "--json", [](std::ostream& out) { out << "new"; });
  BOOST_TEST(read("o.json") == "new");
  BOOST_TEST(entries(dir) == 2u);  // no temporary file left behind
}

BOOST_AUTO_TEST_CASE(a_failure_while_writing_leaves_the_old_file) {
  write("o.json", "old");
  BOOST_CHECK_THROW(weft::io::write_output("o.json", "--json",
                                          [](std::ostream& out) {
                                            out << "half";
                                            throw std::runtime_error("interrupted");
                                          }),
                    std::runtime_error);
  BOOST_TEST(read("o.json") == "old");
  BOOST_TEST(entries(dir) == 2u);
  {
    weft::io::output_file never_committed("o.json", "--json");
    never_committed.stream() << "lost";
  }
  BOOST_TEST(read("o.json") == "old");
}

BOOST_AUTO_TEST_CASE(a_symlink_is_written_through) {
  fs::create_symlink("target.json", "link.json");
  weft::io::write_output("link.json", "--json", [](std::ostream& out) { out << "data"; });
  BOOST_TEST(fs::is_symlink("link.json"));
  BOOST_TEST(read("target.json") == "data");
}

BOOST_AUTO_TEST_CASE(a_full_device_is_an_error_naming_the_file_and_reason) {
  try {
    weft::io::write_output("/dev/full", "--json", [](std::ostream& out) { out << "report"; });
    BOOST_FAIL("no error");
  } catch (const weft::io::write_error& e) {
    BOOST_TEST(std::string(e.what()) == "--json file '/dev/full' cannot be written: No space left on device");
  }
}

BOOST_AUTO_TEST_CASE(large_files_pass_the_buffer_whole) {
  std::string big(300000, 'x');
  weft::io::write_output("big.txt", "--trace", [&](std::ostream& out) { out << big << big; });
  BOOST_TEST(fs::file_size("big.txt") == 600000u);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_FIXTURE_TEST_SUITE(inputs, scratch)

BOOST_AUTO_TEST_CASE(folders_and_missing_files_are_named) {
  auto why = [](const std::string& path) {
    try {
      weft::io::open_input(path, "--trace");
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  BOOST_TEST(why("sub") == "--trace 'sub' is a directory, not a file");
  BOOST_TEST(why("none.txt") == "--trace 'none.txt' cannot be read: No such file or directory");
}

BOOST_AUTO_TEST_CASE(crlf_lines_read_like_lf) {
  write("t.txt", "a b\r\nc\r\n");
  auto in = weft::io::open_input("t.txt", "--trace");
  std::string line;
  BOOST_TEST((weft::io::read_line(in, line) && line == "a b"));
  BOOST_TEST((weft::io::read_line(in, line) && line == "c"));
  BOOST_TEST(!weft::io::read_line(in, line));
}

BOOST_AUTO_TEST_CASE(control_characters_are_shown_escaped) {
  BOOST_TEST(weft::io::printable(std::string("a\0b\x1b", 4)) == "a\\0b\\x1b");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_FIXTURE_TEST_SUITE(review_findings, scratch)

BOOST_AUTO_TEST_CASE(a_symlink_to_itself_is_refused_and_left_alone) {
  fs::create_symlink("loop", "loop");
  BOOST_TEST(refusal(file_plan{}.output("--json", "loop")) ==
             "--json file 'loop' cannot be written: Too many levels of symbolic links");
  BOOST_CHECK_THROW(weft::io::output_file("loop", "--json"), weft::io::write_error);
  BOOST_TEST(fs::is_symlink("loop"));
}

BOOST_AUTO_TEST_CASE(devices_are_no_inputs_and_lines_are_bounded) {
  BOOST_CHECK_THROW(weft::io::open_input("/dev/zero", "--trace"), std::invalid_argument);
  std::istringstream endless(std::string(weft::io::max_line_bytes + 10, 'x'));
  std::string line;
  try {
    weft::io::read_line(endless, line, "t.csv");
    BOOST_FAIL("no refusal");
  } catch (const std::invalid_argument& e) {
    BOOST_TEST(std::string(e.what()) == "t.csv: a line longer than 1048576 bytes: not a text input");
  }
}

BOOST_AUTO_TEST_CASE(a_byte_order_mark_is_dropped_from_the_first_line_only) {
  std::istringstream in("\xEF\xBB\xBFnode a\n\xEF\xBB\xBFx\nlast");
  std::string line;
  BOOST_TEST((weft::io::read_line(in, line) && line == "node a"));
  BOOST_TEST((weft::io::read_line(in, line) && line == "\xEF\xBB\xBFx"));
  BOOST_TEST((weft::io::read_line(in, line) && line == "last"));
  BOOST_TEST(!weft::io::read_line(in, line));
}

BOOST_AUTO_TEST_CASE(a_line_longer_than_one_chunk_reads_whole) {
  const std::string long_line(10000, 'y');
  std::istringstream in(long_line + "\r\n" + std::string(4095, 'z') + "\nend\n");
  std::string line;
  BOOST_TEST((weft::io::read_line(in, line) && line == long_line));
  BOOST_TEST((weft::io::read_line(in, line) && line == std::string(4095, 'z')));
  BOOST_TEST((weft::io::read_line(in, line) && line == "end"));
  BOOST_TEST(!weft::io::read_line(in, line));
}

BOOST_AUTO_TEST_SUITE_END()
