#include "weft/reduction/params.hpp"

#include <stdexcept>
#include <string>

namespace weft::reduction {

comm_charge parse_comm_charge(std::string_view text) {
  if (text == "sender") return comm_charge::sender;
  if (text == "link") return comm_charge::link;
  throw std::invalid_argument("unknown --charge '" + std::string(text) + "' (known: sender, link)");
}

std::string to_string(comm_charge c) { return c == comm_charge::sender ? "sender" : "link"; }

void params::validate() const {
  // The limits keep every tree well inside the Fibonacci topology's 2^22 nodes (one PE fiber
  // each) and the step counts far from overflow; the paper's range is a few thousand items.
  if (items < 1 || items > (1 << 20))
    throw std::invalid_argument("-K " + std::to_string(items) +
                                ": the number of data items must be between 1 and 1048576");
  if (m < 1 || m > 10000)
    throw std::invalid_argument("-m " + std::to_string(m) +
                                ": the transfer time m must be a whole number of steps between 1 and 10000");
  if (n < 1 || n > 10000)
    throw std::invalid_argument("-n " + std::to_string(n) +
                                ": the operation time n must be a whole number of steps between 1 and 10000");
  if (arity < 2 || arity > 64)
    throw std::invalid_argument("-i " + std::to_string(arity) +
                                ": the arity i of the operation must be between 2 and 64");
}

cost_model make_cost_model(const params& p) {
  p.validate();
  cost_model model;  // α = τ = λ = o_recv = g = 0, all-port, store-and-forward
  if (p.charge == comm_charge::sender) model.o_send = vtime::ticks(p.m);
  else model.alpha = vtime::ticks(p.m);
  return model;
}

}  // namespace weft::reduction
