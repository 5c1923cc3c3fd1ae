#pragma once
// Binds weft::machine::run for the transpose library (which sees only the PE API).

#include "weft/machine.hpp"
#include "weft/transpose/measure.hpp"

namespace weft::transpose::testing {

inline run_fn run_on_machine(int workers = 0) {
  return [workers](const std::string& spec, const link_model& model, const program& prog, int procs) {
    machine m(spec, model);
    run_options options;
    options.workers = workers;
    return m.run(procs, prog, options);
  };
}

}  // namespace weft::transpose::testing
