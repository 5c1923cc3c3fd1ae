#pragma once
// Options that take one of a few words (switching, ports, pinning, sharing): one table of
// spellings per option gives both its parser and its printed name.

#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace weft::detail {

template <class E>
struct spelling {
  std::string_view word;
  E value;
};

/// The value `text` spells; otherwise std::invalid_argument "KIND 'TEXT' is not valid (ALLOWED)".
template <class E>
E parse_spelled(std::string_view text, std::string_view kind, std::span<const spelling<E>> words,
                std::string_view allowed) {
  for (const auto& w : words)
    if (w.word == text) return w.value;
  throw std::invalid_argument(std::string(kind) + " '" + std::string(text) + "' is not valid (" +
                              std::string(allowed) + ")");
}

/// The first word that spells `value`.
template <class E>
std::string spelled(E value, std::span<const spelling<E>> words) {
  for (const auto& w : words)
    if (w.value == value) return std::string(w.word);
  return "?";
}

}  // namespace weft::detail
