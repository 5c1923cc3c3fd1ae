// How a communication call's kind is spelled (the --comm-log writer is output/'s).
#include <string_view>

#include "weft/report.hpp"

namespace weft {

std::string_view to_string(call_record::kind k) {
  switch (k) {
    case call_record::kind::send: return "send";
    case call_record::kind::isend: return "isend";
    case call_record::kind::recv: return "recv";
    case call_record::kind::irecv: return "irecv";
    case call_record::kind::wait: return "wait";
    case call_record::kind::collective: return "collective";
  }
  return "?";
}

}  // namespace weft
