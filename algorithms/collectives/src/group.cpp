#include "weft/coll/group.hpp"

#include <stdexcept>
#include <string>

namespace weft::coll {

group group::world(pe& self) { return group(self, self.size(), self.rank()); }

group::group(pe& self, std::vector<int> members, int context)
    : self_(&self), members_(std::move(members)), size_(static_cast<int>(members_.size())), context_(context) {
  const std::string who = "PE " + std::to_string(self.rank()) + ": group: ";
  if (members_.empty()) throw std::invalid_argument(who + "a group needs at least one member");
  if (context < 0 || context >= 1024)
    throw std::invalid_argument(who + "context " + std::to_string(context) + " is outside [0, 1024)");
  std::vector<bool> seen(static_cast<std::size_t>(self.size()), false);
  rank_ = -1;
  for (std::size_t i = 0; i < members_.size(); ++i) {
    int m = members_[i];
    if (m < 0 || m >= self.size())
      throw std::invalid_argument(who + "member " + std::to_string(m) + " is not a PE (the run has " +
                                  std::to_string(self.size()) + ")");
    if (seen[static_cast<std::size_t>(m)]) throw std::invalid_argument(who + "member " + std::to_string(m) + " appears twice");
    seen[static_cast<std::size_t>(m)] = true;
    if (m == self.rank()) rank_ = static_cast<int>(i);
  }
  if (rank_ < 0) throw std::invalid_argument(who + "this PE is not a member of the group it builds");
}

tag group::next_tag() {
  // 2^20 calls per context before a tag repeats; by then FIFO order between a pair of PEs on one
  // tag keeps calls apart anyway, since every call receives from named sources only.
  constexpr std::uint32_t window = 1u << 20;
  const std::uint32_t seq = sequence_++ % window;
  return tag{first_tag - static_cast<int>(static_cast<std::uint32_t>(context_) * window + seq)};
}

}  // namespace weft::coll
