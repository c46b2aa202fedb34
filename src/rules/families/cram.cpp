// Cram: a move places a domino on two free cells side by side (either way round); who cannot
// move loses. It is Arc-Kayles on the graph of the free cells, each joined to the cells beside
// it, so a position is that graph: `4x5`, a board drawn in a file, or a component as graph6.
#include <memory>

#include "grundy/rules/families/vertex_deletion_game.hpp"
#include "grundy/rules/registry.hpp"

namespace grundy {
namespace {

const FamilyRegistration kCram{Family{
    .name = "cram",
    .syntax = "cram",
    .summary = "Cram: place a domino on two free cells side by side (position: a board, RxC | "
               "board(PATH) with '.' free and '#' blocked | g6(GRAPH6) of the free cells' graph)",
    .arguments = Arguments::none,
    .examples = {"cram"},
    .make =
        [](Scanner*) {
          return std::make_shared<const VertexDeletionGame>("cram", DeletionRule::arc,
                                                            GraphNotations::boards);
        },
}};

}  // namespace
}  // namespace grundy
