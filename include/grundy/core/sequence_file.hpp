#pragma once
/// \file Sequence files: g(0), ..., g(count-1) of one game, as `grundy seq --out` writes them
/// (format: docs/file-formats.md). A file being written is memory-mapped and is the store of the
/// values themselves, so a run is bounded by disk rather than memory. Checkpoints make the values
/// written so far durable; a run that is interrupted (even by kill -9) continues from the last
/// checkpoint, and the finished file is byte-identical to one written in a single run.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "grundy/core/checksum.hpp"
#include "grundy/core/value_store.hpp"

namespace grundy {

class SequenceFile final : public ValueStore {
 public:
  /// Opens a sequence file to read it. Checks everything (magic, version, header checksum, size,
  /// the values' checksum) and throws Error naming the file and the problem.
  static std::unique_ptr<SequenceFile> open(const std::filesystem::path& path);
  /// Opens `path` to write g(0), g(1), ... of `game` (its canonical name): a new file (or an
  /// empty one) is created; a sequence file of the same game is continued after its `count()`
  /// values. Anything else — another game's file, a corrupt file, a file that is not a sequence
  /// file, a file another process is writing — is refused with an Error and left untouched.
  static std::unique_ptr<SequenceFile> create_or_continue(const std::filesystem::path& path,
                                                          const std::string& game);
  ~SequenceFile() override;

  const std::filesystem::path& path() const noexcept { return path_; }
  const std::string& game() const noexcept { return game_; }
  /// Values in the file at its last checkpoint (or when it was opened).
  std::uint64_t count() const noexcept { return count_; }
  /// False for a file whose writer stopped before finishing (resumable).
  bool complete() const noexcept { return complete_; }

  /// Grows the file (disk space is allocated now, so a full disk is an error here and not a crash
  /// later) and the mapping.
  void reserve(std::uint64_t values) override;
  /// Rewrites the file at the wider width (a new file renamed over the old one: a crash leaves
  /// either, both valid).
  void widen(int width, std::uint64_t count) override;
  /// Makes g(0..count-1) durable and records `count` in the header (the file stays marked
  /// incomplete). Values are only ever appended: count never decreases.
  void checkpoint(std::uint64_t count);
  /// A final checkpoint: the file is cut to its exact size and marked complete.
  void finish(std::uint64_t count);

  /// Bytes before the first value, for a game name of `name_length` bytes.
  static std::uint64_t header_bytes(std::uint64_t name_length) noexcept;

 private:
  SequenceFile() = default;
  void map(std::uint64_t file_bytes, bool writable);
  void unmap() noexcept;
  void write_header(std::uint64_t count, bool complete);
  void hash_to(std::uint64_t count);
  std::uint64_t value_bytes(std::uint64_t count) const noexcept {
    return count * static_cast<std::uint64_t>(width_);
  }

  std::filesystem::path path_;
  std::string game_;
  int fd_ = -1;
  bool writable_ = false;
  std::byte* mapping_ = nullptr;
  std::size_t mapped_bytes_ = 0;
  std::uint64_t header_bytes_ = 0;
  std::uint64_t count_ = 0;
  bool complete_ = false;
  Fnv1a hash_;  // of the values g(0..hashed_-1)
  std::uint64_t hashed_ = 0;
};

}  // namespace grundy
