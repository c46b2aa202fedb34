#include "grundy/solve/component_source.hpp"

#include <stdexcept>

namespace grundy {
namespace {

const VertexDeletionGame& rules_of(const Game& game) {
  if (game.traits().layout != Layout::components) {
    throw std::logic_error("ComponentSource needs a vertex-deletion game, not " + game.name());
  }
  return static_cast<const VertexDeletionGame&>(game);
}

}  // namespace

ComponentSource::ComponentSource(std::shared_ptr<const Game> game, ComponentSearchOptions options,
                                 std::optional<std::filesystem::path> table_file,
                                 std::function<void(const std::string&)> warning)
    : game_(std::move(game)),
      rules_(rules_of(*game_)),
      search_(rules_.rule(), std::move(options)),
      table_file_(std::move(table_file)),
      warning_(std::move(warning)) {
  if (table_file_ && std::filesystem::exists(*table_file_)) search_.table().load(*table_file_);
}

ComponentSource::~ComponentSource() {
  try {
    save_table();
  } catch (const std::exception& e) {
    if (warning_) warning_(e.what());
  }
}

void ComponentSource::save_table() {
  if (table_file_) search_.table().save(*table_file_);
}

template <class Work>
auto ComponentSource::saving_on_stop(Work&& work) -> decltype(work()) {
  try {
    return work();
  } catch (const SearchStopped&) {
    save_table();  // what was found survives the stop
    throw;
  }
}

Value ComponentSource::value(const Position& p) {
  return saving_on_stop([&] { return search_.value(rules_.graph_of(p)); });
}

OptionSearch ComponentSource::options_with_value(const Position& p, Value target, std::size_t limit,
                                                 OptionVisitor& visit) {
  return saving_on_stop([&] {
    OptionSearch out;
    out.answered = true;
    std::uint64_t count = 0;
    for_each_option(rules_, p, [&](std::span<const Position> parts) {
      // The parts are components in canonical form: the graph they make together is their
      // disjoint union, whose value is their XOR.
      Value fixed = 0;
      std::size_t largest = parts.size();
      for (std::size_t i = 0; i < parts.size(); ++i) {
        if (largest == parts.size() || rules_.graph_of(parts[i]).vertex_count() >
                                           rules_.graph_of(parts[largest]).vertex_count()) {
          largest = i;
        }
      }
      for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i != largest) fixed ^= search_.value(rules_.graph_of(parts[i]));
      }
      const bool wins = largest == parts.size()
                            ? fixed == target
                            : search_.has_value(rules_.graph_of(parts[largest]), target ^ fixed);
      if (!wins) return;
      if (count < limit) visit.option(parts);
      ++count;
    });
    out.count = count;
    return out;
  });
}

}  // namespace grundy
