// The examples of a Markdown page, as a reader sees them: a fenced block whose first line starts
// with "$ " holds commands, each followed by the output it prints. docs/examples.md says how a
// page marks what varies (wall time, RSS, host) and what it does not want run.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace weft::doc_test {

struct command {
  std::string text;                   // what follows "$ ", continuation lines joined with '\n'
  std::vector<std::string> expected;  // the lines shown after it
};

struct example {
  int line = 0;  // of the opening fence, 1-based
  std::vector<command> commands;
  bool skipped = false;  // <!-- doc-test: skip REASON --> right before the fence
  std::string skip_reason;
};

/// Every example of the page `text`, in page order.
std::vector<example> examples_of(std::string_view text);

/// Whether `actual` is what `expected` shows. In an expected line "…" stands for any text
/// (possibly none); a line that is "…" alone stands for any number of lines. Trailing spaces
/// are ignored on both sides.
bool shows(const std::vector<std::string>& expected, const std::vector<std::string>& actual);

/// Where the two first differ, for a failure message: the expected line's index, or -1.
int first_difference(const std::vector<std::string>& expected, const std::vector<std::string>& actual);

}  // namespace weft::doc_test
