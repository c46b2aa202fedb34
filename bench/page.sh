#!/usr/bin/env bash
# Issue #30's targets for the page: the size of grundy.html (under 3 MB), the time it takes to
# open from disk (under 1 s) and g(0..10^5) of octal codes in the page (under 1 s), measured in
# headless Chromium (bench/page_bench.py) and printed; the native command's time beside it.
#
#   bench/page.sh                 5 runs of each
#   bench/page.sh --reps 9 --to 1000000 --games 0.07,0.6
#
# Builds the page preset (emscripten) and the release preset's command first when they are not
# built; JOBS (default 2) is the builds' parallelism.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${JOBS:-2}
[[ -f build/page/CMakeCache.txt ]] || cmake --preset page >/dev/null
cmake --build build/page -j "$jobs" >/dev/null
[[ -f build/release/CMakeCache.txt ]] || cmake --preset release >/dev/null
cmake --build build/release --target grundy_cli -j "$jobs" >/dev/null
python=/usr/bin/python3  # Debian's, for which python3-selenium is installed
[[ -x $python ]] || python=python3
echo "$(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
exec "$python" bench/page_bench.py build/page/web/grundy.html --grundy build/release/cli/grundy "$@"
