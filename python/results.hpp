#pragma once
// What the functions return: the engine's documents (document.hpp) as `grundy.Result` dicts with
// the fields of the command's JSON documents, so a script can switch between the two faces.
#include <pybind11/pybind11.h>

#include "grundy/engine/document.hpp"

namespace grundy::python {

/// A document (document.hpp) as Python objects: objects become `grundy.Result` dicts, numbers
/// stay whole ints (the command writes those of 2^53 and more as strings; Result.json() does the
/// same).
pybind11::object to_python(const Document& doc);

}  // namespace grundy::python
