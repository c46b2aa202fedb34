"""grundy.formula against `grundy formula --json`, its Python functions run against grundy.seq and
grundy.table, and grundy.seq(..., runs=True) against `grundy seq --runs --json`."""
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


def cli_json(*args):
    cli = run_cli(*args, "--json")
    assert cli.returncode == 0, cli.stderr
    return json.loads(cli.stdout)


def function_of(doc):
    """The function the document's Python code defines."""
    namespace = {}
    exec(doc["python"], namespace)
    return namespace["is_p_position" if doc["of"] == "p_positions" else "grundy_value"]


@pytest.mark.parametrize("game, keywords, args", [
    ("kayles", {"to": 500}, ["--to", "500"]),
    ("allbut(1,2)", {}, []),
    ("ruler", {"to": 300}, ["--to", "300"]),
    ("div(2,3,4,5,6)", {"to": 1000}, ["--to", "1000"]),
    ("subdiv(2,3)", {"to": 1000}, ["--to", "1000"]),
    ("multiply(2..9,100)", {"to": 200}, ["--to", "200"]),
    ("sub(factorials)", {"to": 2000}, ["--to", "2000"]),
    ("digits", {"to": 500}, ["--to", "500"]),
    ("wythoff", {"rows": 20}, ["--rows", "20"]),
    ("cut", {"rows": (2, 9), "cols": "2..12"}, ["--rows", "2..9", "--cols", "2..12"]),
    ("tartan(mockturtles,ruler)", {"rows": 15}, ["--rows", "15"]),
])
def test_both_faces_give_the_same_document(game, keywords, args):
    assert grundy.formula(game, **keywords).document() == cli_json("formula", game, *args)


@pytest.mark.parametrize("game", ["kayles", "0.6", "sub(1,3,4)", "4.(3)", "allbut(2..4,7)",
                                  "ruler", "mockturtles", "bitcount(3)", "div(3,5,7)",
                                  "subdiv(1,3)", "multiply(4..30,5000)"])
def test_the_python_function_gives_seq(game):
    doc = grundy.formula(game, to=3000, max=3000)
    assert doc["found"]
    g = function_of(doc)
    start = doc["checked"]["from"]
    values = grundy.seq(game, to=3000, start=start)
    expected = [int(v == 0) for v in values] if doc["of"] == "p_positions" else list(values)
    assert [int(g(n)) for n in range(start, 3001)] == expected
    # A proven form answers any heap, as `value` does through the theorem.
    if doc["proven"]:
        for n in (10**18, 2**63 - 1):
            assert g(n) == grundy.value(game, n, max=3000)


@pytest.mark.parametrize("game", ["wythoff", "corner", "turningcorners", "welter", "staircase",
                                  "moore(2)", "chomp"])
def test_the_python_function_gives_the_table(game):
    doc = grundy.formula(game, rows=20)
    assert doc["found"] and doc["proven"]
    g = function_of(doc)
    table = grundy.table(game, rows=20)
    for x, row in enumerate(table["values"]):
        for y, v in enumerate(row):
            if v is not None:
                assert int(g(x, y)) == (int(v == 0) if doc["of"] == "p_positions" else v), (x, y)


def test_a_python_game_gets_an_observed_form():
    # Bash's game with m = 3 written in Python: no theorem knows it, the values show n mod 4.
    game = grundy.Game(options=lambda n: [n - k for k in (1, 2, 3) if k <= n], integers=True)
    doc = grundy.formula(game, to=400)
    assert doc["formula"] == "n mod 4"
    assert not doc["proven"] and doc["proof"] is None and doc["not_proven"]
    assert doc["checked"] == {"from": 0, "to": 400}


def test_runs_of_seq_are_the_commands():
    for game, to in (("div(2,3,4,5,6)", 10**18), ("subdiv(2,3)", 10**9), ("0.07", 200)):
        # The command writes numbers of 2^53 and more as strings; document() does too.
        assert grundy.seq(game, to=to, runs=True).document() == cli_json("seq", game, "--to",
                                                                         str(to), "--runs")
    doc = grundy.seq("div(2,3)", to=100, start=50, runs=True)
    assert doc["from"] == 50 and doc["runs"][0]["from"] == 50
    with pytest.raises(ValueError, match="runs=True and numpy=True"):
        grundy.seq("div(2)", to=10, runs=True, numpy=True)


@pytest.mark.parametrize("call, args", [
    (lambda: grundy.formula("kayles", rows=5), ["formula", "kayles", "--rows", "5"]),
    (lambda: grundy.formula("wythoff", to=5), ["formula", "wythoff", "--to", "5"]),
    (lambda: grundy.formula("nodekayles"), ["formula", "nodekayles"]),
    (lambda: grundy.formula("wythoff", cols=3), ["formula", "wythoff", "--cols", "3"]),
])
def test_both_faces_refuse_with_the_same_message(call, args):
    cli = run_cli(*args)
    assert cli.returncode == 2
    with pytest.raises(ValueError) as raised:
        call()
    assert "grundy: error: " + str(raised.value) + "\n" == cli.stderr
