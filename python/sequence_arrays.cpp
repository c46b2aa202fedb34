#include "sequence_arrays.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl/filesystem.h>

#include <filesystem>
#include <memory>
#include <string>
#include <utility>

#include "areas.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/sequence_file.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

/// A one-dimensional array over `count` values at `data`, kept alive by `owner`, the object that
/// owns them (handed to a capsule, which deletes it with the last array that uses them).
template <class T, class Owner>
py::array_t<T> array_over(const T* data, std::uint64_t count, std::unique_ptr<Owner> owner) {
  py::capsule base(owner.get(), [](void* p) { delete static_cast<Owner*>(p); });
  owner.release();
  return py::array_t<T>({static_cast<py::ssize_t>(count)}, {static_cast<py::ssize_t>(sizeof(T))},
                        data, base);
}

template <class T>
py::array mapped_values(std::unique_ptr<SequenceFile> file) {
  const T* values = file->typed<T>();
  const std::uint64_t count = file->count();
  py::array_t<T> array = array_over(values, count, std::move(file));
  // The map is read-only: numpy must refuse writes rather than let them fault.
  array.attr("setflags")(py::arg("write") = false);
  return array;
}

py::array open_sequence(const std::filesystem::path& path) {
  require_numpy("grundy.open_sequence");
  std::unique_ptr<SequenceFile> file;
  try {
    // Checking the values' checksum reads the whole file: other threads may run meanwhile.
    py::gil_scoped_release unlocked;
    file = SequenceFile::open_finished(path);
  } catch (const Error& e) {
    throw py::value_error(e.what());
  }
  switch (file->width()) {
    case 1:
      return mapped_values<std::uint8_t>(std::move(file));
    case 2:
      return mapped_values<std::uint16_t>(std::move(file));
    case 4:
      return mapped_values<std::uint32_t>(std::move(file));
    default:  // the reader accepts no other width
      throw py::value_error("'" + path.string() + "': values of " + std::to_string(file->width()) +
                            " bytes");
  }
}

}  // namespace

void require_numpy(std::string_view what) {
  try {
    py::module_::import("numpy");
  } catch (py::error_already_set& e) {
    if (!e.matches(PyExc_ImportError)) throw;
    throw py::import_error("numpy is needed for " + std::string(what) +
                           ": apt-get install python3-numpy (or pip install numpy)");
  }
}

py::object numpy_array(std::vector<std::uint64_t>&& values, std::string_view what) {
  require_numpy(what);
  auto owner = std::make_unique<std::vector<std::uint64_t>>(std::move(values));
  const std::uint64_t* data = owner->data();
  const std::uint64_t count = owner->size();
  return array_over(data, count, std::move(owner));
}

void init_sequence_arrays(py::module_& m) {
  m.def("open_sequence", &open_sequence, py::arg("path"),
        R"(The values of a finished sequence file (`grundy seq GAME --to N --out FILE`) as a
read-only numpy array over the file itself, mapped and not copied: g(n) is a[n], of dtype
uint8, uint16 or uint32 as stored. The file is checked first (header, size, both checksums);
an unfinished, corrupt or cut short file, or one that a grundy process is writing, raises
ValueError. ImportError when numpy is not installed (apt-get install python3-numpy).
After `grundy seq kayles --to 999999 --out kayles.gseq`, open_sequence("kayles.gseq") is an
array of 10**6 uint8 values, and its [70] is 6.)");
}

}  // namespace grundy::python
