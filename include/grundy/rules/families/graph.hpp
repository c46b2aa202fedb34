#pragma once
/// \file Games on a directed graph read from an edge list: a token sits on a vertex and a move
/// slides it along an edge. Position = a vertex.

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "grundy/rules/game.hpp"

namespace grundy {

/// Limits of a graph file, each refused with an Error naming the file and the limit: its size
/// (read whole, so an endless file such as /dev/zero stops there), its vertices (each costs about
/// 100 bytes of names and index), and the length of a vertex name (names are printed in answers).
/// Edges are bounded by the size: each takes at least 4 bytes of the file.
inline constexpr std::uint64_t kMaxGraphFileBytes = std::uint64_t{64} << 20;
inline constexpr std::size_t kMaxGraphVertices = 2'000'000;
inline constexpr std::size_t kMaxVertexNameBytes = 255;

class GraphGame final : public Game {
 public:
  /// Reads the edge-list file at `path` (format in the CLI contract): `FROM TO` per line, a line
  /// with one name declares a vertex, `#` starts a comment. Throws Error naming the file and the
  /// line on bad input, and naming the limit past the limits above.
  explicit GraphGame(const std::string& path);

  Position parse_position(Scanner& in) const override;
  /// Throws Error unless p is a vertex (x below vertex_count(), y = 0).
  void require_vertex(const Position& p) const;
  /// Both throw Error for a position that is not a vertex.
  std::string format_position(const Position& p) const override;
  void options(const Position& p, OptionVisitor& visit) const override;
  std::vector<Position> sample_positions(std::size_t count) const override;

  std::size_t vertex_count() const noexcept { return names_.size(); }
  const std::string& vertex_name(std::size_t v) const { return names_.at(v); }
  /// Successors of v (each once, in increasing index order).
  std::span<const std::uint32_t> successors(std::size_t v) const {
    return {targets_.data() + offsets_[v], targets_.data() + offsets_[v + 1]};
  }

 private:
  std::vector<std::string> names_;
  std::unordered_map<std::string, std::uint32_t> index_;
  std::vector<std::uint64_t>
      offsets_;  // CSR: successors of v are targets_[offsets_[v]..offsets_[v+1])
  std::vector<std::uint32_t> targets_;
};

/// True for the characters a vertex name may contain: letters, digits, `_`, `-`, `.`.
bool is_vertex_name_char(char c) noexcept;

}  // namespace grundy
