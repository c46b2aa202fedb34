#pragma once
/// \file The transposition table of the component search: a canonical component (graph6 of its
/// canonical form) to what is known of its nimber, the exact value or values it is known not to
/// have. Bounded in bytes (--max-memory): past the bound the cheaper half of the entries (by the
/// search work each cost) is dropped, since a cheap entry costs little to find again; dropping
/// loses no correctness, only time. Saved to and loaded from a file with a header and checksum
/// (docs/file-formats.md), refused whole when foreign or corrupt.

#include <cstdint>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "grundy/core/value.hpp"

namespace grundy {

class ComponentTable {
 public:
  struct Entry {
    Value nimber = 0;
    bool exact = false;
    /// Bit t (t < 64): the nimber is known not to be t.
    std::uint64_t not_values = 0;
    /// Search nodes the entry cost: what the replacement policy keeps the dearest of.
    std::uint64_t work = 0;
  };

  /// `rule` names the game the nimbers are of ("node", "arc"): a file of another is refused.
  ComponentTable(std::string rule, std::uint64_t max_bytes);

  std::optional<Entry> find(const std::string& key) const;
  void set_value(const std::string& key, Value nimber, std::uint64_t work);
  /// Records that the nimber is not `value` (kept for values below 64).
  void exclude(const std::string& key, Value value, std::uint64_t work);

  std::uint64_t size() const;
  /// The bytes the entries take, as counted against the bound.
  std::uint64_t bytes() const;
  std::uint64_t max_bytes() const noexcept { return max_bytes_; }
  /// Entries dropped by the replacement policy so far.
  std::uint64_t dropped() const;
  /// The exact entries (a copy): what save writes.
  std::unordered_map<std::string, Value> exact_values() const;

  /// Writes the exact entries and `extra` (entries kept elsewhere, the board search's) to `path`
  /// atomically (a reader sees the old file or the new one).
  void save(const std::filesystem::path& path,
            const std::unordered_map<std::string, Value>& extra = {}) const;
  /// Removes the exact entries whose key starts with `prefix` and returns them (a loaded file's
  /// board entries, handed to the board search).
  std::vector<std::pair<std::string, Value>> take_prefixed(std::string_view prefix);
  /// Adds the entries of a file written by save for the same rule; throws Error naming the file
  /// and the problem (not a table file, another rule, a bad checksum, a torn file) and then adds
  /// nothing.
  void load(const std::filesystem::path& path);

  /// Bytes one entry is counted as: the key beyond the string's own buffer, the node, the bucket.
  static std::uint64_t entry_bytes(const std::string& key) noexcept;
  /// The work an entry loaded from a file is counted as: dear, since it may have cost hours.
  static constexpr std::uint64_t kLoadedWork = std::uint64_t{1} << 40;

 private:
  Entry& slot(const std::string& key);
  void make_room();

  std::string rule_;
  std::uint64_t max_bytes_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Entry> map_;
  std::uint64_t bytes_ = 0;
  std::uint64_t dropped_ = 0;
};

}  // namespace grundy
