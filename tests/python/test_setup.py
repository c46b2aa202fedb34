"""setup.py (pip install .): a Python without the wheel package is told, in one line, what to
install, instead of setuptools' "invalid command 'bdist_wheel'"."""
import os
import subprocess
import sys

import pytest

SETUP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "setup.py"))

# Runs setup.py with the given command, the wheel package (and setuptools' own bdist_wheel, from
# setuptools 70.1 on) hidden when asked.
RUN_SETUP = """
import importlib.abc
import sys

setup, command, hide = sys.argv[1], sys.argv[2:-1], sys.argv[-1] == "hide"

class NoWheel(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "wheel" or name == "setuptools.command.bdist_wheel":
            raise ImportError(f"No module named {name!r}")
        return None

if hide:
    sys.meta_path.insert(0, NoWheel())
sys.argv = [setup, *command]
exec(compile(open(setup).read(), setup, "exec"), {"__name__": "__main__", "__file__": setup})
"""


def run_setup(tmp_path, *command, hide):
    env = dict(os.environ, GRUNDY_BUILD_DIR=str(tmp_path / "build"))
    return subprocess.run([sys.executable, "-c", RUN_SETUP, SETUP, *command,
                           "hide" if hide else "keep"],
                          capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)


@pytest.mark.parametrize("command", ["bdist_wheel", "dist_info"])
def test_a_python_without_wheel_is_told_to_install_it(tmp_path, command):
    out = run_setup(tmp_path, command, hide=True)
    assert out.returncode != 0
    lines = out.stderr.strip().splitlines()
    assert lines[-1] == (
        "setup.py: building a wheel needs the wheel package, which this Python lacks: apt-get "
        "install python3-wheel (or pip install wheel), then pip install --no-build-isolation . "
        "again"), out.stderr
    assert "invalid command" not in out.stderr + out.stdout


def test_with_wheel_the_command_is_there(tmp_path):
    pytest.importorskip("wheel")
    out = run_setup(tmp_path, "bdist_wheel", "--help", hide=False)
    assert out.returncode == 0, out.stderr
    assert "bdist_wheel" in out.stdout and "needs the wheel package" not in out.stderr
