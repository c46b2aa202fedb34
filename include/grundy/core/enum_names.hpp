#pragma once
/// \file Names of enumerators, written once as a table {value, name} and read both ways: the one
/// helper behind every enum that has a name in a document, a file or an option.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <iterator>
#include <utility>

namespace grundy {

/// The name of `value` in `table` (a range of {value, name} pairs); `fallback` when absent.
template <class Table, class E>
constexpr std::string_view enum_name(const Table& table, E value, std::string_view fallback) {
  for (const auto& [k, name] : table) {
    if (k == value) return name;
  }
  return fallback;
}

/// The value named `name` in `table`; nothing when no entry has that name.
template <class Table>
constexpr auto enum_from_name(const Table& table, std::string_view name)
    -> std::optional<std::remove_cvref_t<decltype(std::begin(table)->first)>> {
  for (const auto& [k, n] : table) {
    if (n == name) return k;
  }
  return std::nullopt;
}

/// The names of `table` as a list for a message: "a, b or c".
template <class Table>
std::string enum_names_text(const Table& table) {
  std::string out;
  const std::size_t n = std::size(table);
  std::size_t i = 0;
  for (const auto& entry : table) {
    if (i > 0) out += i + 1 == n ? " or " : ", ";
    out += entry.second;
    ++i;
  }
  return out;
}

}  // namespace grundy
