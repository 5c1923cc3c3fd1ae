#pragma once
// The paper's model (seed 001, §2) in weft's terms. One communication between neighbours costs
// m steps, one i-ary operation costs n steps, a PE does not compute and communicate at once.
// One step is one tick of virtual time (docs/model.md: abstract units use 1 tick = 1 unit).
//
//   paper                         weft (default charge "sender")
//   transfer time m               o_send = m   (sender CPU busy for the whole transfer)
//   (receive processing: free)    o_recv = 0
//   operation time n              pe.compute(n ticks)
//                                 α = τ = λ = 0, g = 0, all-port, store-and-forward
//
// docs/reduction.md explains why o_send, not α, carries m.

#include <cstdint>
#include <string>
#include <string_view>

#include "weft/cost_model.hpp"

namespace weft::reduction {

/// Where the transfer time m is charged in the link model.
enum class comm_charge {
  sender,  ///< o_send = m: the sender's clock pays m, so it cannot compute during the transfer
  link,    ///< α = m: the first (only) link is busy for m, the sender's clock pays nothing
};

comm_charge parse_comm_charge(std::string_view text);
std::string to_string(comm_charge c);

/// One reduction problem: K items, transfer time m, operation time n, arity i.
struct params {
  std::int64_t items = 1;  ///< K, the number of data items
  std::int64_t m = 1;      ///< transfer time of one message, in steps
  std::int64_t n = 1;      ///< time of one i-ary operation, in steps
  int arity = 2;           ///< i: an operation combines up to i values
  comm_charge charge = comm_charge::sender;

  /// Throws std::invalid_argument naming the first bad value and what is allowed.
  void validate() const;
};

/// The link model that realises the paper's costs (see the table above).
cost_model make_cost_model(const params& p);

}  // namespace weft::reduction
