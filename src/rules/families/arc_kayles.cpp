// Arc-Kayles: a move takes an edge of a graph and deletes both its ends (and so every edge at
// them); who cannot move loses. On a path of n vertices it is the octal game 0.07 on a heap of n.
#include <memory>

#include "grundy/rules/families/vertex_deletion_game.hpp"
#include "grundy/rules/registry.hpp"

namespace grundy {
namespace {

const FamilyRegistration kArcKayles{Family{
    .name = "arckayles",
    .syntax = "arckayles",
    .summary = "Arc-Kayles: take an edge, deleting both its ends (position: a graph, RxC | "
               "path(N) | cycle(N) | complete(N) | star(N) | queens(N) | file(PATH) | "
               "board(PATH) | g6(GRAPH6))",
    .arguments = Arguments::none,
    .examples = {"arckayles"},
    .make =
        [](Scanner*) {
          return std::make_shared<const VertexDeletionGame>("arckayles", DeletionRule::arc,
                                                            GraphNotations::graphs);
        },
}};

}  // namespace
}  // namespace grundy
