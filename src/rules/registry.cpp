#include "grundy/rules/registry.hpp"

#include <algorithm>
#include <stdexcept>

namespace grundy {

Registry& Registry::instance() {
  static Registry registry;
  return registry;
}

void Registry::add(Family family) {
  if (find(family.name) != nullptr) {
    throw std::logic_error("game family '" + family.name + "' registered twice");
  }
  families_.push_back(std::make_unique<Family>(std::move(family)));
}

const Family* Registry::find(std::string_view name) const {
  for (const auto& f : families_) {
    if (f->name == name) return f.get();
  }
  return nullptr;
}

std::vector<const Family*> Registry::families() const {
  std::vector<const Family*> all;
  for (const auto& f : families_) all.push_back(f.get());
  std::sort(all.begin(), all.end(),
            [](const Family* a, const Family* b) { return a->name < b->name; });
  return all;
}

}  // namespace grundy
