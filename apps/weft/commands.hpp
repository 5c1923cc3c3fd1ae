#pragma once
// Each weft subcommand lives in its own file (X_command.cpp) with one entry point, which main()
// calls: `add_X_command` adds the subcommand to the top-level CLI11 app and returns its runner.
// Called after parsing, the runner returns -1 when its subcommand was not the one selected,
// otherwise the exit code. Invalid input is thrown as std::invalid_argument, which main() turns
// into one line ("weft: error: ...") and exit code 2.

#include <functional>

namespace CLI {
class App;
}

namespace weft::cli {

using command_runner = std::function<int()>;

command_runner add_run_command(CLI::App& app);
command_runner add_topo_command(CLI::App& app);
command_runner add_transpose_command(CLI::App& app);
command_runner add_reduce_command(CLI::App& app);
command_runner add_coll_command(CLI::App& app);
command_runner add_cg_command(CLI::App& app);
command_runner add_traffic_command(CLI::App& app);
command_runner add_machines_command(CLI::App& app);
command_runner add_ccs_command(CLI::App& app);
command_runner add_map_command(CLI::App& app);
command_runner add_calibrate_command(CLI::App& app);

}  // namespace weft::cli
