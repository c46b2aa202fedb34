"""`pip install .` of the source tree into a temporary venv, offline, and the installed module
imported from another folder: python3 pip_install_test.py SOURCE_DIR KAYLES_TERMS.

The venv sees Debian's python3 packages (--system-site-packages: setuptools, wheel, numpy), pip
is given no index and no build isolation, and everything the build writes goes to a temporary
folder (GRUNDY_BUILD_DIR); the source tree must look the same afterwards (git status, and no new
folder under build/). The module must load without LD_LIBRARY_PATH or PYTHONPATH and give
Kayles' value at 10^15 from the published period (OEIS A002186: preperiod 71, period 12), and its
type hints (grundy.pyi) must be installed beside it.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time


def fail(message, output=""):
    sys.exit(f"pip_install_test: {message}\n{output}")


def run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        fail(f"{' '.join(command)} exited {result.returncode}", result.stdout + result.stderr)
    return result.stdout


def source_state(source):
    """What a build could leave among the sources: git's view, ignored files included, and the
    folders under build/ (ignored as a whole, so git lists build/ alone)."""
    state = {}
    if shutil.which("git") and subprocess.run(
            ["git", "-C", source, "rev-parse", "--is-inside-work-tree"],
            capture_output=True).returncode == 0:
        state["git"] = run(["git", "-C", source, "status", "--porcelain", "--ignored"])
    build = os.path.join(source, "build")
    state["build/"] = sorted(os.listdir(build)) if os.path.isdir(build) else []
    state["egg-info"] = sorted(f for f in os.listdir(source) if f.endswith(".egg-info"))
    return state


def kayles_at(n, terms_file):
    with open(terms_file) as f:
        terms = [int(line) for line in f if line.strip() and not line.startswith("#")]
    preperiod, period = 71, 12
    return terms[n] if n < preperiod else terms[preperiod + (n - preperiod) % period]


def main():
    source, terms_file = sys.argv[1], sys.argv[2]
    started = time.monotonic()
    before = source_state(source)
    work = tempfile.mkdtemp(prefix="grundy-pip-")
    try:
        venv = os.path.join(work, "venv")
        run([sys.executable, "-m", "venv", "--system-site-packages", venv])
        python = os.path.join(venv, "bin", "python3")
        env = {k: v for k, v in os.environ.items()
               if k not in ("PYTHONPATH", "LD_LIBRARY_PATH", "PYTHONHOME")}
        env.update(GRUNDY_BUILD_DIR=os.path.join(work, "build"),
                   CMAKE_BUILD_PARALLEL_LEVEL=str(len(os.sched_getaffinity(0))),
                   GRUNDY_CACHE_DIR=os.path.join(work, "cache"),
                   # What is tested is the packaging (the module's code is tested by the Release
                   # build's python_module): a unity build at -O0 takes 54 s on 2 cores, the
                   # default -O3 one 136 s (setup.py, GRUNDY_CMAKE_ARGS).
                   GRUNDY_CMAKE_ARGS="-DCMAKE_UNITY_BUILD=ON -DCMAKE_CXX_FLAGS_RELEASE='-O0 -DNDEBUG'",
                   PIP_DISABLE_PIP_VERSION_CHECK="1", PYTHONDONTWRITEBYTECODE="1")
        run([python, "-m", "pip", "install", "--no-build-isolation", "--no-index", source],
            cwd=work, env=env)
        built = time.monotonic()

        elsewhere = os.path.join(work, "elsewhere")
        os.mkdir(elsewhere)
        probe = (
            "import grundy, json, sys\n"
            "doc = {'file': grundy.__file__, 'kayles': grundy.value('kayles', 10**15),\n"
            "       'seq': list(grundy.seq('kayles', to=99)), 'prefix': sys.prefix}\n"
            "try:\n"
            "    import numpy\n"
            "    a = grundy.seq('kayles', to=99, numpy=True)\n"
            "    doc['numpy'] = [str(a.dtype), a.tolist()]\n"
            "except ImportError:\n"
            "    pass\n"
            "print(json.dumps(doc))\n")
        doc = json.loads(run([python, "-c", probe], cwd=elsewhere, env=env))
        module = doc["file"]
        if not module.startswith(os.path.join(venv, "lib")) or "site-packages" not in module:
            fail(f"grundy was imported from {module}, not from the venv's site-packages")
        stub = os.path.join(os.path.dirname(module), "grundy.pyi")
        with open(os.path.join(source, "python", "grundy.pyi")) as f:
            expected_stub = f.read()
        if not os.path.isfile(stub):
            fail(f"the type hints are not installed beside the module as {stub}")
        with open(stub) as f:
            if f.read() != expected_stub:
                fail(f"{stub} is not python/grundy.pyi")
        if shutil.which("ldd"):
            libraries = run(["ldd", module])
            if "libgrundy" in libraries or "not found" in libraries:
                fail("the installed module is not self-contained", libraries)
        expected = kayles_at(10**15, terms_file)
        if doc["kayles"] != expected:
            fail(f"grundy.value('kayles', 10**15) is {doc['kayles']}, the period says {expected}")
        terms = [kayles_at(n, terms_file) for n in range(100)]
        if doc["seq"] != terms:
            fail(f"grundy.seq('kayles', to=99) is {doc['seq']}, OEIS A002186 says {terms}")
        if "numpy" in doc and doc["numpy"] != ["uint64", terms]:
            fail(f"grundy.seq('kayles', to=99, numpy=True) is {doc['numpy']}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    after = source_state(source)
    if after != before:
        fail(f"the build wrote into the source tree:\nbefore {before}\nafter  {after}")
    print(f"pip install: {built - started:.0f} s; the whole test: {time.monotonic() - started:.0f} s"
          f"{'' if 'numpy' in doc else ' (numpy not installed: seq(numpy=True) not checked)'}")


main()
