// Runs every example of one Markdown page (the page's path after "--") and compares what each
// command prints, stdout and stderr together as a terminal shows them, with what the page shows
// after it (docs/examples.md). A page whose example drifts from the program fails here.
#define BOOST_TEST_MODULE doc examples
#include <boost/test/unit_test.hpp>

#include "doc_example.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using weft::doc_test::example;

namespace {

constexpr std::string_view marker = "@@doc-test command@@";

std::string page_path() {
  const auto& suite = boost::unit_test::framework::master_test_suite();
  for (int i = 1; i + 1 < suite.argc; ++i)
    if (std::string_view(suite.argv[i]) == "--page") return suite.argv[i + 1];
  return {};
}

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A folder as the page's reader has it: ./build is the build tree, ./tests the sources' test
// data, `weft` is on PATH; what a command writes stays in the folder.
fs::path reader_folder() {
  std::string pattern = (fs::temp_directory_path() / "weft-doc-XXXXXX").string();
  const char* made = mkdtemp(pattern.data());
  BOOST_REQUIRE(made != nullptr);
  const fs::path dir = made;
  fs::create_directory_symlink(WEFT_BINARY_DIR, dir / "build");
  fs::create_directory_symlink(fs::path(WEFT_SOURCE_DIR) / "tests", dir / "tests");
  return dir;
}

// Each command's output, in order: the commands run in one shell, so one may use what another
// wrote (and `echo $?` sees the previous exit status).
std::vector<std::vector<std::string>> outputs_of(const example& e, const fs::path& dir) {
  std::ostringstream script;
  script << "cd '" << dir.string() << "' || exit 99\nexport PATH='" << WEFT_BINARY_DIR << "/apps':\"$PATH\"\n";
  // The marker keeps the previous command's exit status for the next one's `$?`.
  for (const auto& c : e.commands)
    script << "doc_test_status=$?; echo '" << marker << "'; (exit $doc_test_status)\n" << c.text << "\n";
  const fs::path file = dir / "example.sh";
  std::ofstream(file) << script.str();
  // A command that hangs is stopped: the page then fails on its output, not by waiting.
  const std::string run = "LC_ALL=C.UTF-8 COLUMNS=100 timeout 300 bash '" + file.string() + "' 2>&1";
  FILE* pipe = popen(run.c_str(), "r");
  BOOST_REQUIRE(pipe != nullptr);
  std::string all;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) all.append(buffer, n);
  pclose(pipe);
  std::vector<std::vector<std::string>> outputs;
  std::istringstream lines(all);
  for (std::string line; std::getline(lines, line);) {
    if (line == marker)
      outputs.emplace_back();
    else if (!outputs.empty())
      outputs.back().push_back(line);
  }
  return outputs;
}

std::string listing(const std::vector<std::string>& lines, int from) {
  std::ostringstream s;
  for (int k = std::max(0, from - 2); k < static_cast<int>(lines.size()) && k < from + 6; ++k)
    s << (k == from ? "  > " : "    ") << lines[static_cast<std::size_t>(k)] << "\n";
  return s.str();
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_example_on_the_page_prints_what_it_shows) {
  const std::string page = page_path();
  BOOST_REQUIRE_MESSAGE(!page.empty(), "give the page: doc_examples_test -- --page FILE.md");
  const auto examples = weft::doc_test::examples_of(read(page));
  BOOST_REQUIRE_MESSAGE(!examples.empty(), page << " has no example");
  for (const auto& e : examples) {
    if (e.skipped) {
      BOOST_TEST_MESSAGE(page << ":" << e.line << ": skipped:" << e.skip_reason);
      continue;
    }
    if (std::getenv("WEFT_DOC_TEST_NO_MPI") != nullptr && e.commands.front().text.starts_with("mpirun")) {
      BOOST_TEST_MESSAGE(page << ":" << e.line << ": skipped: this build has no MPI");
      continue;
    }
    const fs::path dir = reader_folder();
    const auto outputs = outputs_of(e, dir);
    BOOST_TEST_CONTEXT(page << ":" << e.line) {
      BOOST_TEST_REQUIRE(outputs.size() == e.commands.size());
      for (std::size_t k = 0; k < e.commands.size(); ++k) {
        const auto& expected = e.commands[k].expected;
        if (weft::doc_test::shows(expected, outputs[k])) continue;
        const int at = weft::doc_test::first_difference(expected, outputs[k]);
        BOOST_ERROR("$ " << e.commands[k].text << "\nthe page shows (from line " << at + 1 << " of the output):\n"
                         << listing(expected, at) << "the command printed:\n"
                         << listing(outputs[k], at));
      }
    }
    fs::remove_all(dir);
  }
}
