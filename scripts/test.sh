#!/usr/bin/env bash
# Installs what is missing, builds Release and ASan+UBSan, and runs every test with ctest:
# all tests on Release, all but the "heavy" ones under the sanitizers; then the threaded
# engine's tests under ThreadSanitizer (the library and that one test only).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
jobs=$(nproc)

echo "== Release build ==" >&2
cmake --preset release >/dev/null
cmake --build --preset release -j "$jobs"
ctest --preset release -j "$jobs"

echo "== ASan + UBSan build ==" >&2
cmake --preset asan >/dev/null
cmake --build --preset asan -j "$jobs"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:halt_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --preset asan -j "$jobs"

echo "== ThreadSanitizer build (the threaded engine's tests only) ==" >&2
cmake --preset tsan >/dev/null
cmake --build --preset tsan -j "$jobs"
ctest --preset tsan -j "$jobs"
