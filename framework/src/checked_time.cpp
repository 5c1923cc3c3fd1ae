#include "weft/detail/checked_time.hpp"

#include <stdexcept>

namespace weft::detail {

void throw_time_overflow(const char* what, vtime at, vtime more) {
  throw std::overflow_error("virtual time overflow: " + std::string(what) + " " + format_time(more) + " at " +
                            format_time(at) + " passes the latest virtual time, " + latest_time_text());
}

void throw_count_overflow(const char* what, std::int64_t total, std::int64_t more) {
  throw std::overflow_error("count overflow: " + std::string(what) + " " + std::to_string(total) + " + " +
                            std::to_string(more) + " passes the largest count, " + std::to_string(INT64_MAX));
}

}  // namespace weft::detail
