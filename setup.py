"""Builds the Python module `grundy` for `pip install .` (pyproject.toml, docs/python.md).

build_ext configures a CMake build of the library and the module alone (GRUNDY_PYTHON_PACKAGE:
the library is static and linked whole into the module, so the installed module is one
self-contained file, imported as `grundy` like the build tree's), builds that one target, and
puts the module, with its type hints python/grundy.pyi, where setuptools packs it into the wheel.

Everything setuptools and CMake write goes into one folder, never among the sources:
$GRUNDY_BUILD_DIR, else build/python-package (ignored by git; a second install rebuilds only
what changed). $CMAKE_BUILD_PARALLEL_LEVEL sets the build's jobs (default: every core).
$GRUNDY_CMAKE_ARGS adds arguments to the CMake configure step (split as a shell would), after
the package's own: e.g. another compiler, or lighter optimisation for a quicker build.
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCE = Path(__file__).resolve().parent
BUILD = Path(os.environ.get("GRUNDY_BUILD_DIR") or SOURCE / "build" / "python-package").resolve()


def project_version():
    match = re.search(r"project\(grundy VERSION (\S+)", (SOURCE / "CMakeLists.txt").read_text())
    if not match:
        sys.exit("setup.py: no project(grundy VERSION ...) in CMakeLists.txt")
    return match.group(1)


def run(command):
    """Runs a step of the build; a failure ends the build with the step's own output above."""
    try:
        subprocess.run(command, check=True)
    except FileNotFoundError:
        sys.exit(f"setup.py: {command[0]} not found (scripts/setup.sh installs what the build needs)")
    except subprocess.CalledProcessError as e:
        sys.exit(f"setup.py: {' '.join(command)} failed (exit {e.returncode})")


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        cmake_build = BUILD / "cmake"
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
        run(["cmake", "-S", str(SOURCE), "-B", str(cmake_build),
             "-DCMAKE_BUILD_TYPE=Release", "-DGRUNDY_PYTHON_PACKAGE=ON",
             # The interpreter that runs pip is the one the module is for.
             f"-DPython3_EXECUTABLE={sys.executable}",
             *shlex.split(os.environ.get("GRUNDY_CMAKE_ARGS", ""))])
        run(["cmake", "--build", str(cmake_build), "--target", "grundy_python", "--parallel", jobs])
        built = Path((cmake_build / "python-module-path.txt").read_text().strip())
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)
        shutil.copymode(built, target)
        # The type hints go beside the module (PEP 561: a single-module distribution ships its
        # stub as a top-level file); an in-place build already has them in the sources.
        if not self.inplace:
            shutil.copyfile(SOURCE / "python" / "grundy.pyi", target.parent / "grundy.pyi")


def require_bdist_wheel():
    """pip builds a wheel, and its metadata first (`setup.py dist_info`, which asks bdist_wheel
    for them); bdist_wheel is a command of setuptools from 70.1 on and of the wheel package
    before: without it setuptools says only "invalid command 'bdist_wheel'"."""
    if not {"bdist_wheel", "dist_info"} & set(sys.argv[1:]):
        return
    for module in ("setuptools.command.bdist_wheel", "wheel.bdist_wheel"):
        try:
            __import__(module)
            return
        except ImportError:
            pass
    sys.exit("setup.py: building a wheel needs the wheel package, which this Python lacks: "
             "apt-get install python3-wheel (or pip install wheel), then pip install "
             "--no-build-isolation . again")


require_bdist_wheel()
BUILD.mkdir(parents=True, exist_ok=True)
setup(
    version=project_version(),
    # The module is the extension alone: no Python packages (and no discovery of the source
    # folders as packages).
    packages=[],
    py_modules=[],
    ext_modules=[Extension("grundy", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": str(BUILD / "setuptools")},
             "egg_info": {"egg_base": str(BUILD)}},
    zip_safe=False,
)
