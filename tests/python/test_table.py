"""grundy.table and grundy.plot_table against the command's `grundy table --json` and `--plot`."""
import json
import os
import subprocess

import pytest

import grundy


@pytest.fixture(autouse=True)
def own_period_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("GRUNDY_CACHE_DIR", str(tmp_path_factory.mktemp("period-cache")))


def run_cli(*args):
    return subprocess.run([os.environ["GRUNDY_CLI"], *args], capture_output=True, text=True)


def cli_table(*args):
    cli = run_cli("table", *args, "--json")
    assert cli.returncode == 0, cli.stderr
    return json.loads(cli.stdout)


def cli_error(*args):
    cli = run_cli("table", *args)
    assert cli.returncode == 2 and cli.stdout == ""
    prefix = "grundy: error: "
    assert cli.stderr.startswith(prefix) and cli.stderr.count("\n") == 1
    return cli.stderr[len(prefix):-1]


@pytest.mark.parametrize("game, rows, cols, args", [
    ("wythoff", 12, None, ["--rows", "12"]),
    ("corner", (3, 9), 5, ["--rows", "3..9", "--cols", "5"]),
    ("cut", "0..9", "2..11", ["--rows", "0..9", "--cols", "2..11"]),
    ("chomp", (1, 8), (0, 8), ["--rows", "1..8", "--cols", "0..8"]),
    ("tartan(ruler,twins)", [0, 6], None, ["--rows", "0..6"]),
])
def test_the_document_is_the_commands(game, rows, cols, args):
    doc = grundy.table(game, rows, cols)
    assert isinstance(doc, grundy.Result)
    assert doc == cli_table(game, *args)
    assert doc.json() == json.dumps(cli_table(game, *args), separators=(",", ":"))


def test_numpy_gives_a_masked_array_of_the_same_values():
    numpy = pytest.importorskip("numpy")
    doc = grundy.table("cut", rows=(1, 7), cols=(0, 9))
    a = grundy.table("cut", rows=(1, 7), cols=(0, 9), numpy=True)
    assert isinstance(a, numpy.ma.MaskedArray)
    assert a.shape == (7, 10) and a.dtype == numpy.uint64
    for i, row in enumerate(doc["values"]):
        for j, v in enumerate(row):
            assert bool(a.mask[i, j]) == (v is None), (i, j)
            if v is not None:
                assert int(a[i, j]) == v
    # P-positions are where the unmasked values are 0.
    zeros = [[int(i) + 1, int(j)] for i, j in zip(*numpy.nonzero(a.filled(1) == 0))]
    assert zeros == doc["p_positions"]


def test_errors_are_the_commands():
    for args, call in [
        (["nim", "--rows", "3"], lambda: grundy.table("nim", 3)),
        (["wythoff", "--rows", "9..3"], lambda: grundy.table("wythoff", (9, 3))),
        (["wythoff", "--rows", "-1"], lambda: grundy.table("wythoff", -1)),
        (["wythoff", "--rows", "3", "--cols", "x"], lambda: grundy.table("wythoff", 3, "x")),
        (["wythoff", "--rows", "5000"], lambda: grundy.table("wythoff", 5000)),
        (["wythoff", "--rows", "200", "--max-memory", "100K"],
         lambda: grundy.table("wythoff", 200, max_memory="100K")),
    ]:
        with pytest.raises(ValueError) as raised:
            call()
        assert str(raised.value) == cli_error(*args)
    with pytest.raises(ValueError) as raised:
        grundy.table("wythoff", rows=[1, 2, 3])
    assert str(raised.value).startswith("--rows is N (0..N), a pair (A, B)")


def test_the_heat_map_is_the_commands(tmp_path):
    path = tmp_path / "t.svg"
    cli = run_cli("table", "cut", "--rows", "0..20", "--cols", "2..30", "--plot", str(path))
    assert cli.returncode == 0, cli.stderr
    svg = grundy.plot_table("cut", rows=20, cols=(2, 30))
    assert str(svg) == path.read_text()
    assert svg._repr_svg_() == str(svg)
    with pytest.raises(ValueError) as raised:
        grundy.plot_table("wythoff", rows=401)
    assert str(raised.value) == cli_error("wythoff", "--rows", "401", "--plot", str(path))
