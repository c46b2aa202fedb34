#!/usr/bin/env bash
# Installs what is missing, builds Release and ASan+UBSan, and runs every test with ctest, each
# where it tells most (tests/CMakeLists.txt):
# - Release: the shipped command's tests (against the -O3 command), the heavy tests, the Python
#   module, the installed package, `pip install .` into a temporary venv (python_package), the
#   judge programs and the benchmarks' agreement;
# - ASan+UBSan: the library's tests, the fuzz corpus replays and the command's tests (against the
#   instrumented command), all but the heavy ones;
# - ThreadSanitizer: the threaded engine's tests (the library and that one test only);
# - the page (emscripten, a build of its own): in headless Chromium against the Release command,
#   and installed with the Release build's Python module.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
jobs=$(nproc)
# Each stage's start and the end, with the time, so a slow CI shows where its time went.
stage() { echo "== $(date -u +%H:%M:%S) $* ==" >&2; }
trap 'stage "done (exit $?)"' EXIT
# ctest starts the tests it knows to be long first, from the times of a build's last run
# (Testing/Temporary/CTestCostData.txt); a new build has none and ran them in file order, so a
# minute-long test could start last and run alone. A new build starts from the times of a CI run
# (tests/ctest-costs/, the tests of half a second or more); its own runs replace them.
seed_costs() {
  local dir="build/$1/Testing/Temporary"
  if [[ ! -f "$dir/CTestCostData.txt" ]]; then
    mkdir -p "$dir"
    cp "tests/ctest-costs/$1.txt" "$dir/CTestCostData.txt"
  fi
}

stage "Release build"
cmake --preset release -DGRUNDY_LIBRARY_TESTS=OFF >/dev/null
cmake --build --preset release -j "$jobs"
seed_costs release
ctest --preset release -j "$jobs"

stage "The page: the engine in WebAssembly (emscripten), tested in Chromium against Release"
cmake --preset page >/dev/null
cmake --build --preset page -j "$jobs"
ctest --preset page -j "$jobs"

stage "ASan + UBSan build"
cmake --preset asan >/dev/null
cmake --build --preset asan -j "$jobs"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:halt_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
seed_costs asan
ctest --preset asan -j "$jobs"

stage "ThreadSanitizer build (the threaded engine's tests only)"
cmake --preset tsan >/dev/null
cmake --build --preset tsan -j "$jobs"
seed_costs tsan
ctest --preset tsan -j "$jobs"
