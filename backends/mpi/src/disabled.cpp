// weft_mpi in a build without MPI: the same API, every entry point refusing in one line that
// says how to get the backend. The CLI and programs link it either way, with no #if.
#include <memory>
#include <stdexcept>
#include <string>

#include "weft/detail/rank_link.hpp"
#include "weft/mpi/engine_link.hpp"
#include "weft/mpi/mpi.hpp"

namespace weft::mpi {

namespace {
[[noreturn]] void refuse() {
  throw std::invalid_argument(
      "this weft was built without MPI; reconfigure with -DWEFT_MPI=ON after installing libopenmpi-dev");
}
}  // namespace

bool built_with_mpi() { return false; }

environment::environment() { refuse(); }
environment::~environment() = default;
int environment::rank() const { refuse(); }
int environment::size() const { refuse(); }
void environment::abort(const std::string&, int) const { refuse(); }
void environment::abort_quietly(int) const { refuse(); }
void environment::barrier() const { refuse(); }
std::vector<double> environment::gather(double) const { refuse(); }
std::vector<std::vector<double>> environment::gather_doubles(const std::vector<double>&) const { refuse(); }
report run(const environment&, const program&, const options&) { refuse(); }
std::unique_ptr<weft::detail::rank_link> make_engine_link(const environment&) { refuse(); }

}  // namespace weft::mpi
