#include "sweep_plot.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "cli_output.hpp"

namespace weft::cli {

namespace {

bool ends_with(const std::string& file, std::string_view extension) {
  if (file.size() <= extension.size()) return false;
  return std::equal(extension.begin(), extension.end(), file.end() - static_cast<std::ptrdiff_t>(extension.size()),
                    [](char e, char f) { return e == std::tolower(static_cast<unsigned char>(f)); });
}

}  // namespace

plot_format check_plot_file(const std::string& file, const char* flag) {
  if (file.empty()) return plot_format::none;
  if (ends_with(file, ".svg")) return plot_format::svg;
  if (!ends_with(file, ".png"))
    throw std::invalid_argument(std::string(flag) + " '" + file +
                                "': give a name ending in .svg (drawn by weft) or .png (drawn by gnuplot)");
  if (!have_gnuplot())
    throw std::invalid_argument(std::string(flag) + " '" + file +
                                "': PNG is drawn by gnuplot, which is not on PATH (apt-get install gnuplot-nox); "
                                "a name ending in .svg is drawn by weft itself");
  return plot_format::png;
}

void write_plot(const std::string& file, const char* flag, std::string_view what, const std::function<void(std::ostream&)>& svg,
                const std::function<std::string(const std::string&)>& png_script) {
  if (check_plot_file(file, flag) == plot_format::png)
    draw_with_gnuplot(file, flag, what, png_script);
  else
    write_file(file, flag, what, svg);
}

}  // namespace weft::cli
