#include "weft/reduction/plan_pe_program.hpp"

namespace weft::reduction {

program make_reduce_program(std::shared_ptr<const plan> p, operation op, std::int64_t n,
                            std::shared_ptr<root_value> out) {
  return [p = std::move(p), op = std::move(op), n, out = std::move(out)](pe& self) {
    const auto& me = p->pes.at(static_cast<std::size_t>(self.rank()));
    value acc{};
    bool have = false;
    for (const auto& operands : me.ops) {
      int count = have ? 1 : 0;
      for (const auto& s : operands) {
        // Blocking receives in operand order: the operation starts once its last operand is here.
        value v = s.what == source::kind::item ? op.item(s.index)
                                               : self.recv(static_cast<int>(s.index), tag{0}).as<value>();
        acc = have ? op.combine(acc, v) : v;
        have = true;
        ++count;
      }
      if (count >= 2) self.compute(vtime::ticks(n));
    }
    if (me.parent >= 0) {
      self.send(me.parent, tag{0}, acc);
    } else {
      out->result = acc;
      out->done = true;
    }
  };
}

}  // namespace weft::reduction
