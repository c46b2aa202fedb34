#pragma once
// numpy arrays of nim-sequences for the Python module, without copying the values: a computed
// sequence hands its vector to the array, and a sequence file is mapped and read in place
// (open_sequence, init_sequence_arrays in areas.hpp).
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string_view>
#include <vector>

namespace grundy::python {

/// Raises ImportError, naming the Debian package, when numpy cannot be imported; `what` says what
/// needed it ("numpy=True"). Called before a computation whose result would need it.
void require_numpy(std::string_view what);

/// A numpy uint64 array that takes over `values` (no copy: the array's base owns the vector).
/// require_numpy(what) first.
pybind11::object numpy_array(std::vector<std::uint64_t>&& values, std::string_view what);

}  // namespace grundy::python
