#pragma once
/// \file The component search's table file (`--table FILE`, docs/file-formats.md): what a search
/// proved of its components, one line each under a header (kind, rule, entry count, FNV-1a
/// checksum of the lines), written atomically — `KEY VALUE` for an exact nimber, `KEY !a,b` for
/// values the nimber is known not to be (the "no" answers of the aspiration search, so that a
/// resumed search does not ask again). A file that is foreign (another rule) or corrupt (a bad
/// header, count or checksum) is refused whole.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "grundy/core/value.hpp"
#include "grundy/solve/value_set.hpp"

namespace grundy {

/// What a table file says of one component: its exact nimber, or values it is not (a set of
/// values below ValueSet::kLimit, not empty).
struct TableFact {
  std::optional<Value> value;
  ValueSet not_values;

  static TableFact exact(Value v) { return {v, {}}; }
  static TableFact excluding(ValueSet values) { return {std::nullopt, values}; }
  friend bool operator==(const TableFact&, const TableFact&) = default;
  /// An order (for sorting entries): by value, no value first, then by the not-values' bits.
  friend bool operator<(const TableFact& a, const TableFact& b) {
    if (a.value != b.value) return a.value < b.value;
    return a.not_values.bits < b.not_values.bits;
  }
};

/// A fact as a file line writes it after the key: the value ("3"), or "!" and the values it is
/// not in increasing order ("!0,2").
std::string table_fact_text(const TableFact& fact);
/// The fact of a line's text after the key; nullopt when it is not of table_fact_text's form.
std::optional<TableFact> parse_table_fact(std::string_view text);

/// A table file keeps the not-values of the entries whose proof took at least this many nodes
/// (and every exact value): cheaper ones are proved again faster than a file of them is read,
/// and they are most of a table.
inline constexpr std::uint64_t kTableFileNotValuesWork = std::uint64_t{1} << 9;

/// The line a table file keeps for an entry of a search's table (SearchTable::Entry): its exact
/// value, or its not-values when their proof took at least kTableFileNotValuesWork nodes; none
/// otherwise.
template <class Entry>
std::optional<TableFact> table_line_of(const Entry& entry) {
  if (entry.value) return TableFact::exact(*entry.value);
  if (entry.not_values.empty() || entry.work() < kTableFileNotValuesWork) return std::nullopt;
  return TableFact::excluding(entry.not_values);
}

using TableEntries = std::vector<std::pair<std::string, TableFact>>;

/// The entries of a table to save: a source calls put(key, fact) for each, the same entries in
/// the same order every time it is called.
using TableEntrySource = std::function<void(
    const std::function<void(std::string_view key, const TableFact& fact)>& put)>;

/// Writes the entries of `source` for `rule` ("node" or "arc") to `path` atomically: a reader
/// sees the old file or the new one. The source is read twice (the count and checksum of the
/// header first, then the lines as they are written), so a table of any size is written
/// without a copy of it in memory.
void save_table_file(const std::filesystem::path& path, std::string_view rule,
                     const TableEntrySource& source);
/// The same for a list of entries, sorted first (one set of entries always writes one file; of
/// two entries of one key, the first in that order is kept).
void save_table_file(const std::filesystem::path& path, std::string_view rule,
                     TableEntries entries);

/// Called with each entry of a table file.
using TableEntryVisitor = std::function<void(std::string_view key, const TableFact& fact)>;

/// Calls entry(key, fact) for every entry of a file written by save_table_file for `rule` (or
/// of the first format, exact values only), the
/// file read twice through a small buffer (first checked whole, so that a foreign or corrupt file
/// gives no entry; then read entry by entry). Throws Error as load_table_file does.
void read_table_file(const std::filesystem::path& path, std::string_view rule,
                     std::uint64_t max_bytes, const TableEntryVisitor& entry);

/// The entries of a file written by save_table_file for `rule`; throws Error naming the file and
/// what is wrong (not a table file, another rule, a bad count or checksum, a torn file), reading
/// at most `max_bytes` (and at least 1 MiB).
TableEntries load_table_file(const std::filesystem::path& path, std::string_view rule,
                             std::uint64_t max_bytes);

}  // namespace grundy
