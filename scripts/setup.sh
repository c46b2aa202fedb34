#!/usr/bin/env bash
# Installs what building and testing grundy needs, from Debian's packages, skipping what is
# already installed. Works as root on a minimal Debian 12 (bash and apt-get only); elsewhere it
# uses sudo when it has to install something.
set -euo pipefail

packages=(
  g++ make cmake                      # toolchain (g++'s libgcc-12-dev brings the sanitizer
                                      # runtimes: libasan8, libubsan1, libtsan2)
  libcli11-dev nlohmann-json3-dev     # the command
  libgtest-dev libgmock-dev libbenchmark-dev   # tests and benchmarks
  python3                             # the judge programs' reference checks
  python3-dev pybind11-dev python3-pytest      # the Python module and its tests
  python3-numpy                       # its numpy arrays (seq(numpy=True), open_sequence)
  python3-venv python3-pip python3-setuptools python3-wheel  # pip install . (setup.py), offline
  libxml2-utils librsvg2-bin          # the plot tests (xmllint, rsvg-convert)
  libsqlite3-dev sqlite3              # the census database (and its documented sqlite3 use)
  libnauty2-dev nauty                 # canonical forms of components (Node-Kayles, Cram); geng
                                      # lists every small graph for the tests
  openmpi-bin libopenmpi-dev          # the census across machines (mpirun)
  chromium chromium-driver python3-selenium   # the census report and the page tested in a real
                                              # browser
  emscripten                          # the page: the engine in WebAssembly (brings clang-14,
                                      # lld-14, binaryen, nodejs and node-acorn)
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "setup: installing ${missing[*]}" >&2
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "setup: need root (or sudo) to install ${missing[*]}" >&2; exit 1; }
  sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
