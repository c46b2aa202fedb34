// Node-Kayles: a move takes a vertex of a graph and deletes it with its neighbours; who cannot
// move loses. On a path of n vertices it is the octal game 0.137 on a heap of n (no offset: an
// end vertex takes 2 and leaves one path, an inner one takes 3 and leaves up to two, the lone
// vertex of a path of 1 takes 1); tests/solve/component_search_test.cpp checks it.
#include <memory>

#include "grundy/rules/families/vertex_deletion_game.hpp"
#include "grundy/rules/registry.hpp"

namespace grundy {
namespace {

const FamilyRegistration kNodeKayles{Family{
    .name = "nodekayles",
    .syntax = "nodekayles",
    .summary = "Node-Kayles: take a vertex, deleting it and its neighbours (position: a graph, "
               "RxC | path(N) | cycle(N) | complete(N) | star(N) | queens(N) | file(PATH) | "
               "board(PATH) | g6(GRAPH6))",
    .arguments = Arguments::none,
    .examples = {"nodekayles"},
    .make =
        [](Scanner*) {
          return std::make_shared<const VertexDeletionGame>("nodekayles", DeletionRule::node,
                                                            GraphNotations::graphs);
        },
}};

}  // namespace
}  // namespace grundy
