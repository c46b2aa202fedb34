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

#include "grundy/core/checked.hpp"
#include "grundy/core/checksum.hpp"
#include "grundy/core/value_store.hpp"

namespace grundy {

class SequenceFile final : public ValueStore {
 public:
  /// Opens a sequence file to read it. Checks everything (magic, version, header checksum, size,
  /// the values' checksum) and throws Error naming the file and the problem.
  static std::unique_ptr<SequenceFile> open(const std::filesystem::path& path);
  /// Opens a finished sequence file whose values are read in place for as long as the object
  /// lives (data(), count() values of width() bytes, read-only): everything open() checks, and
  /// refuses (Error) a file that is unfinished or that a writer holds (its lock). Writers only
  /// ever append to a finished file, so the values mapped never change and the file never gets
  /// shorter than the map (which would be a SIGBUS on reading).
  static std::unique_ptr<SequenceFile> open_finished(const std::filesystem::path& path);
  /// Opens `path` to write g(0), g(1), ... of `game` (its canonical name): a new file (or an
  /// empty one) is created; a sequence file of the same game is continued after its `count()`
  /// values. Anything else — another game's file, a corrupt file, a file that is not a sequence
  /// file, a file another process is writing — is refused with an Error and left untouched.
  /// When the object goes away without a checkpoint of at least one value (a refused or failed
  /// run), the file it created is removed and an empty file it found is cut back to empty.
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
  /// later) and the mapping. A full disk, or a size past what a file can hold, is a
  /// ResourceError.
  using ValueStore::reserve;
  void reserve(std::uint64_t values, std::uint64_t slack) override;
  /// Refuses (ResourceError, naming the bytes needed and available) when the file system cannot
  /// hold g(0..values-1) at one byte each next to what the file holds: a run that cannot finish
  /// is refused before it starts.
  void require_disk_room(std::uint64_t values) const;
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
  static std::unique_ptr<SequenceFile> open_to_read(const std::filesystem::path& path,
                                                    bool finished_only);
  void map(std::uint64_t file_bytes, bool writable);
  void unmap() noexcept;
  void write_header(std::uint64_t count, bool complete);
  void hash_to(std::uint64_t count);
  /// Bytes of `count` values, and of the file holding them (saturating: checked.hpp).
  std::uint64_t value_bytes(std::uint64_t count) const noexcept {
    return bytes_for(count, static_cast<std::uint64_t>(width_));
  }
  std::uint64_t file_bytes_for(std::uint64_t count) const noexcept {
    return saturating_add(header_bytes_, value_bytes(count));
  }

  std::filesystem::path path_;
  std::string game_;
  int fd_ = -1;
  bool writable_ = false;
  bool created_ = false;      // this object made the file
  bool found_empty_ = false;  // the file was empty when this object opened it
  std::byte* mapping_ = nullptr;
  std::size_t mapped_bytes_ = 0;
  std::uint64_t header_bytes_ = 0;
  std::uint64_t count_ = 0;
  bool complete_ = false;
  Fnv1a hash_;  // of the values g(0..hashed_-1)
  std::uint64_t hashed_ = 0;
};

}  // namespace grundy
