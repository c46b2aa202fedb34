"""The Python module against hand-checked values, published sequences and the command's JSON."""
import array
import ast
import json
import os
import subprocess
import sys

import pytest

import grundy

DATA = os.path.join(os.path.dirname(__file__), "..", "data")


@pytest.fixture(autouse=True)
def own_period_cache(tmp_path_factory, monkeypatch):
    """Each test's own period cache, for the module and the command it compares with: the build
    tree's cache is shared with tests running at the same time, which may add or remove a file
    between the command's answer and Python's (a certificate computed by one and loaded by the
    other reads differently)."""
    monkeypatch.setenv("GRUNDY_CACHE_DIR", str(tmp_path_factory.mktemp("period-cache")))


def oeis_terms(name, count):
    with open(os.path.join(DATA, name)) as f:
        terms = [int(line) for line in f if line.strip() and not line.startswith("#")]
    return terms[:count]


def run_cli(*args):
    out = subprocess.run([os.environ["GRUNDY_CLI"], *args], capture_output=True, text=True)
    return out


def test_value_of_builtin_games():
    # sub(1,2,3): g(n) = n mod 4; Dawson's Kayles g(6) = 3; positions as text or int.
    assert grundy.value("sub(1..3)", "7") == 3
    assert grundy.value("sub(1..3)", 8) == 0
    assert grundy.value("dawson", 6) == 3
    assert grundy.value("nim", 12345) == 12345
    assert grundy.value("sub(1,3,4)", "6") == 2


def test_classic_families():
    assert grundy.value("staircase", "3,1,4") == 7  # the odd steps: 3 xor 4
    assert grundy.value("welter", "2,5,9") == 9  # mates 5, 9 give (5 xor 9) - 1 = 11, xor 2
    assert grundy.value("moore(2)", "1000000,1000000,1000000") == 0  # Moore's theorem, any size
    assert grundy.value("hackenbush", "0-1,1-2,1-3") == 1  # colon principle: 1 + (1 xor 1)
    assert grundy.value("chomp", "5,4") == 0  # two rows n, n-1
    with pytest.raises(ValueError) as raised:  # a growing row
        grundy.value("chomp", "2,3")
    assert str(raised.value) == cli_error("value", "chomp", "2,3")


def test_value_of_a_huge_heap_through_the_proven_period():
    # Far beyond any table: answered through Kayles' proven period, as the command answers it.
    cli = run_cli("value", "kayles", "1000000000000000")
    assert cli.returncode == 0, cli.stderr
    assert grundy.value("kayles", 10**15) == int(cli.stdout)


def test_seq_is_a_machine_word_array_matching_oeis():
    values = grundy.seq("kayles", to=99)
    assert isinstance(values, array.array)
    assert values.typecode == "Q"
    assert list(values) == oeis_terms("kayles-A002186.txt", 100)
    assert memoryview(values).nbytes == 100 * 8
    assert list(grundy.seq("grundy", to=30, start=25)) == oeis_terms("grundys-game-A002188.txt", 31)[25:]


def test_seq_of_a_huge_range_is_refused_before_anything_is_computed():
    # g(0..2^64-1) has 2^64 values: the count wrapped to 0 and the loop never ended.
    with pytest.raises(ValueError, match="too large|memory limit"):
        grundy.seq("kayles", to=2**64 - 1)
    with pytest.raises(ValueError, match="memory limit"):
        grundy.seq("kayles", to=2**62)


def test_period_has_the_fields_of_the_command():
    doc = grundy.period("kayles")
    cli = run_cli("period", "kayles", "--json")
    assert cli.returncode == 0, cli.stderr
    expected = json.loads(cli.stdout)
    for field in ("game", "proven", "preperiod", "period", "saltus", "proof"):
        assert doc[field] == expected[field], field
    assert (doc["preperiod"], doc["period"]) == (71, 12)


def test_solve_matches_the_command():
    for text in ["nim:3 + nim:4 + nim:5", "0.07:20 + sub(1,3):9", "nim:1 + nim:1"]:
        doc = grundy.solve(text)
        cli = run_cli("solve", text, "--json")
        assert cli.returncode == 0, cli.stderr
        assert doc == json.loads(cli.stdout)
    doc = grundy.solve("nim:3 + nim:4 + nim:5")
    assert doc["winner"] == "first"
    assert doc["nim_sum"] == 2
    assert doc["winning_moves"] == [{"component": 0, "from": "nim:3", "to": "nim:1"}]


def test_solve_misere():
    # Misère Nim: nim-sum != 0 wins, except when every heap is at most 1, where it is reversed.
    one = grundy.solve("nim:1", misere=True)
    assert one["play"] == "misere"
    assert one["winner"] == "second"  # the only move takes the last token, and loses
    assert grundy.solve("nim:1 + nim:1", misere=True)["winner"] == "first"
    doc = grundy.solve("nim:2 + nim:2", misere=True)
    assert doc["winner"] == "second"
    assert doc["winning_move_count"] == 0
    # A mixed sum goes through the exact search; its listed moves must agree with the CLI's.
    mixed = grundy.solve("0.77:5 + nim:2", misere=True)
    assert mixed["winner"] == "first"
    assert mixed["winning_move_count"] == len(mixed["winning_moves"])
    assert "nim_sum" not in mixed


def test_python_games_of_one_name_stay_apart_under_misere_play():
    # Issue 11: the misère search merged games by name, and every Python game is called "python"
    # unless named. A chain (n -> n-1) and Nim: chain:2 + nim:2 under misère play is won only by
    # taking the Nim heap to 1, as the built-in sub(1) and nim say.
    chain = grundy.Game(options=lambda n: [n - 1] if n > 0 else [])
    nim = grundy.Game(options=lambda n: list(range(n)))
    assert chain.name == nim.name == "python"
    doc = grundy.solve([(chain, 2), (nim, 2)], misere=True)
    builtin = grundy.solve("sub(1):2 + nim:2", misere=True)
    assert doc["winner"] == builtin["winner"] == "first"
    assert doc["winning_move_count"] == builtin["winning_move_count"] == 1
    assert doc["winning_moves"] == [{"component": 1, "from": "python:2", "to": "python:1"}]
    assert builtin["winning_moves"] == [{"component": 1, "from": "nim:2", "to": "nim:1"}]
    # Every small pair agrees with the built-in games.
    for a in range(5):
        for b in range(5):
            got = grundy.solve([(chain, a), (nim, b), (nim, 1)], misere=True)
            want = grundy.solve(f"sub(1):{a} + nim:{b} + nim:1", misere=True)
            assert got["winner"] == want["winner"], (a, b)
            assert got["winning_move_count"] == want["winning_move_count"], (a, b)


def test_coin_turning_rows_under_misere_play():
    # The heads of one row: turning coins 2 and 3 of ruler:2 + ruler:3 leaves no head, a misère
    # loss for the mover, so it is not a winning move. As pairs or as text, as the command says.
    cli = run_cli("solve", "ruler:2 + ruler:3", "--misere", "--json")
    assert cli.returncode == 0, cli.stderr
    assert grundy.solve([("ruler", 2), ("ruler", 3)], misere=True) == json.loads(cli.stdout)
    assert grundy.solve("ruler:2 + ruler:3", misere=True) == json.loads(cli.stdout)
    moves = [m["to"] for m in json.loads(cli.stdout)["winning_moves"]]
    assert moves == ["0", "ruler:1 + ruler:2"]


def test_misere_search_beyond_the_budget_is_refused_at_once():
    # The bound on the states (multisets of Kayles heaps) passes max_states: refused before any
    # search, with the command's message.
    cli = run_cli("solve", "kayles:200 + nim:5", "--misere", "--no-quotient")
    assert cli.returncode == 2
    with pytest.raises(ValueError) as raised:
        grundy.solve("kayles:200 + nim:5", misere=True, quotient=False)
    assert str(raised.value) == cli.stderr.removeprefix("grundy: error: ").rstrip("\n")
    assert "--max-states" in str(raised.value)
    with pytest.raises(ValueError, match="up to 267498 states"):
        grundy.solve("kayles:40 + nim:5", misere=True, max_states=1000, quotient=False)


def test_misere_through_the_quotient():
    # Past the search's budget, the misère quotient of Kayles and Nim decides the sum; it agrees
    # with the search given the states, and with the command.
    fast = grundy.solve("kayles:40 + nim:5", misere=True, max_states=1000)
    slow = grundy.solve("kayles:40 + nim:5", misere=True, quotient=False, max_states=10**6)
    assert fast["decided_by"] == "quotient" and slow["decided_by"] == "search"
    for field in ("winner", "winning_moves", "winning_move_count"):
        assert fast[field] == slow[field], field
    cli = run_cli("solve", "kayles:40 + nim:5", "--misere", "--json", "--max-states", "1000")
    assert cli.returncode == 0, cli.stderr
    assert json.loads(cli.stdout) == fast
    # The quotient itself, and a position explained by it, as the command prints them.
    q = grundy.quotient("kayles", max_heap=12)
    assert q["order"] == 24 and q["play"] == "misere"
    cli = json.loads(run_cli("quotient", "kayles", "--max-heap", "12", "--json").stdout)
    # Computed or read from the cache (checked), the same quotient.
    assert isinstance(cli.pop("from_cache"), bool) and isinstance(q.pop("from_cache"), bool)
    assert cli == q
    # Without max_heap, until phi's period is proven: Kayles' quotient of every heap size.
    complete = grundy.quotient("kayles")
    assert complete["complete"] is True and complete["order"] == 40
    assert complete["stopped"] is None
    assert grundy.quotient("kayles", max_heap=12)["complete"] is False
    # explain and solve go on past their heaps to that proof, and say so.
    e = grundy.explain("kayles", 12, misere=True)
    assert e["quotient"]["order"] == 40 and e["winner"] == "second"
    assert e["quotient"]["complete"] is True
    # The quotient of Kayles and Nim together (their union) is never proven complete.
    assert fast["quotient"]["complete"] is False
    assert all(not o["winning"] for o in e["options"])
    searched = grundy.explain("kayles", 12, misere=True, quotient=False)
    assert searched["quotient"] is None
    assert [o["winner"] for o in searched["options"]] == [o["winner"] for o in e["options"]]
    # A match past the search's budget, played through the quotient.
    m = grundy.play("kayles:30 + kayles:21", misere=True, computer_first=True)
    assert m.computer_move()["verdict"] == "win"
    with pytest.raises(ValueError, match="--max-states"):
        grundy.play("kayles:30 + kayles:21", misere=True, quotient=False)


def test_quotient_takes_the_commands_no_cache():
    # Stored once computed, then read; cache=False (--no-cache) neither reads nor writes it.
    assert grundy.quotient("0.137", max_heap=10)["from_cache"] is False
    assert grundy.quotient("0.137", max_heap=10)["from_cache"] is True
    assert grundy.quotient("0.137", max_heap=10, cache=False)["from_cache"] is False
    cli = json.loads(run_cli("quotient", "0.137", "--max-heap", "10", "--json", "--no-cache").stdout)
    assert cli == grundy.quotient("0.137", max_heap=10, cache=False)


def test_misere_heaps_of_any_size_through_the_proven_period():
    # Kayles' phi is periodic (12 from heap 71, proven): a heap of 10^18 tokens is decided, as by
    # the command, and a winning move leaves a sum the module finds lost for the player to move.
    huge = "kayles:%d + kayles:3" % 10**18
    s = grundy.solve(huge, misere=True)
    assert s["decided_by"] == "quotient" and s["winner"] == "first"
    assert s["winning_move_count"] == 250000000000000001
    cli = run_cli("solve", huge, "--misere", "--json")
    assert cli.returncode == 0, cli.stderr
    doc = json.loads(cli.stdout)
    # JSON writes integers past 2^53 as strings (docs/cli.md); the module gives Python ints.
    assert doc.pop("winning_move_count") == str(s["winning_move_count"])
    assert doc == {k: v for k, v in s.items() if k != "winning_move_count"}
    move = s["winning_moves"][0]
    assert grundy.solve(move["to"] + " + kayles:3", misere=True)["winner"] == "second"
    with pytest.raises(ValueError, match="no periodicity theorem"):
        grundy.solve("grundy:100000", misere=True)


def test_nimber_arithmetic():
    # The Library Checker sample (../shared/data/README.md).
    assert grundy.nim_mul(3141, 5926) == 14994
    assert grundy.nim_mul(18446744073709551615, 18446744073709551615) == 11290409524105353207
    for a in (1, 2, 3, 7, 255, 2**63 + 5):
        assert grundy.nim_mul(a, grundy.nim_inv(a)) == 1
        r = grundy.nim_sqrt(a)
        assert grundy.nim_mul(r, r) == a
        assert grundy.nim_pow(a, 3) == grundy.nim_mul(a, grundy.nim_mul(a, a))
    with pytest.raises(ValueError, match="0"):
        grundy.nim_inv(0)


# Every operation of `grundy nimber`, as (command operation, Python function, operands).
NIMBER_REQUESTS = [
    ("add", grundy.nim_add, (3, 5)),
    ("add", grundy.nim_add, (2**64 - 1, 2**63)),
    ("mul", grundy.nim_mul, (3141, 5926)),
    ("div", grundy.nim_div, (14994, 5926)),
    ("div", grundy.nim_div, (0, 7)),
    ("inv", grundy.nim_inv, (2**63 + 5,)),
    ("square", grundy.nim_square, (2**40 + 17,)),
    ("sqrt", grundy.nim_sqrt, (2**64 - 1,)),
    ("pow", grundy.nim_pow, (2, 3)),
    ("pow", grundy.nim_pow, (0, 0)),
    ("order", grundy.nim_order, (2,)),
    ("order", grundy.nim_order, (1,)),
    ("log", grundy.nim_log, (2, 3)),
    ("log", grundy.nim_log, (2, 8)),  # 8 is not a power of 2: none, null, None
    ("log", grundy.nim_log, (2**32, 2**63)),
]


@pytest.mark.parametrize("op,function,operands", NIMBER_REQUESTS,
                         ids=[f"{r[0]} {' '.join(map(str, r[2]))}" for r in NIMBER_REQUESTS])
def test_nimber_functions_give_the_commands_results(op, function, operands):
    cli = run_cli("nimber", op, *map(str, operands), "--json")
    assert cli.returncode == 0, cli.stderr
    doc = json.loads(cli.stdout)
    result = function(*operands)
    expected = doc["result"]
    assert result == (None if expected is None else int(expected))
    text = run_cli("nimber", op, *map(str, operands)).stdout.strip()
    assert text == ("none" if result is None else str(result))


def test_nimber_functions_agree_with_the_field_laws():
    for a in (1, 2, 3, 7, 255, 2**32 + 1, 2**63 + 5):
        b = 2**40 + 3
        assert grundy.nim_add(a, b) == a ^ b
        assert grundy.nim_square(a) == grundy.nim_mul(a, a)
        assert grundy.nim_mul(grundy.nim_div(a, b), b) == a
        k = grundy.nim_order(a)
        assert grundy.nim_pow(a, k) == 1 and (2**64 - 1) % k == 0
        assert grundy.nim_log(a, grundy.nim_pow(a, 12345)) == 12345 % k


@pytest.mark.parametrize("args,call", [
    (("inv", "0"), lambda: grundy.nim_inv(0)),
    (("div", "5", "0"), lambda: grundy.nim_div(5, 0)),
    (("order", "0"), lambda: grundy.nim_order(0)),
])
def test_nimber_errors_are_the_commands(args, call):
    with pytest.raises(ValueError) as raised:
        call()
    assert str(raised.value) == cli_error("nimber", *args)


def test_bad_specs_raise_value_error_with_the_command_message():
    for args, py_call in [
        (("value", "0.9", "4"), lambda: grundy.value("0.9", 4)),
        (("value", "nim", "x"), lambda: grundy.value("nim", "x")),
        (("solve", "nim:3 +"), lambda: grundy.solve("nim:3 +")),
        (("period", "wythoff"), lambda: grundy.period("wythoff")),
    ]:
        cli = run_cli(*args)
        assert cli.returncode == 2
        message = cli.stderr.removeprefix("grundy: error: ").rstrip("\n")
        with pytest.raises(ValueError) as raised:
            py_call()
        assert str(raised.value) == message


def kayles_options(n):
    # Kayles as a Python game: knock down one or two adjacent pins, leaving up to two rows.
    for take in (1, 2):
        for left in range(0, n - take + 1):
            right = n - take - left
            yield tuple(h for h in (left, right) if h > 0)


def test_custom_game_agrees_with_the_builtin_family():
    kayles = grundy.Game(options=kayles_options, name="pykayles")
    assert kayles.name == "pykayles"
    assert [kayles.value(n) for n in range(100)] == list(grundy.seq("kayles", to=99))
    assert grundy.value(kayles, 70) == grundy.value("kayles", 70)


def test_custom_game_with_hashable_non_integer_positions():
    # Nim with several heaps as one game whose positions are sorted tuples: by the Sprague-Grundy
    # theorem its value is the XOR of the heaps, which the solver never sees as a sum.
    def nim_heaps(heaps):
        for i, h in enumerate(heaps):
            for smaller in range(h):
                yield [tuple(sorted(heaps[:i] + (smaller,) + heaps[i + 1 :]))]

    game = grundy.Game(options=nim_heaps)
    for heaps in [(), (3,), (1, 2), (1, 2, 3), (2, 5, 6), (1, 4, 4, 7)]:
        expected = 0
        for h in heaps:
            expected ^= h
        assert game.value(heaps) == expected, heaps


def test_custom_game_in_a_sum_with_builtin_families():
    kayles = grundy.Game(options=kayles_options, name="pykayles")
    doc = grundy.solve([(kayles, 10), ("nim", 3), ("kayles", 5)])
    builtin = grundy.solve("kayles:10 + nim:3 + kayles:5", max_moves=1000)
    assert doc["sum"] == "pykayles:10 + nim:3 + 0.77:5"
    assert doc["nim_sum"] == builtin["nim_sum"]
    assert doc["winning_move_count"] == builtin["winning_move_count"]
    assert doc["winner"] == builtin["winner"]


def test_custom_game_errors_reach_python():
    def broken(p):
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        grundy.Game(options=broken).value(0)
    with pytest.raises(TypeError):
        grundy.Game(options=lambda p: [[{}]]).value(0)  # an unhashable position
    cyclic = grundy.Game(options=lambda p: [1 - p])
    with pytest.raises(ValueError):
        cyclic.value(0)


def test_custom_game_recovers_after_its_callable_raises():
    # The memo keeps what was finished; the failed search leaves no false cycle behind.
    failed = []

    def flaky_subtraction(n):
        if n == 50 and not failed:
            failed.append(n)
            raise KeyError("once")
        return [n - k for k in (1, 2) if k <= n]

    game = grundy.Game(options=flaky_subtraction)
    with pytest.raises(KeyError):
        game.value(100)
    assert game.value(100) == 100 % 3


# One engine behind both faces: the same request gives the same document. Each row is the
# command's arguments and the Python call that asks the same.
SAME_REQUESTS = [
    (["solve", "nim:3 + nim:4 + nim:5"], lambda: grundy.solve("nim:3 + nim:4 + nim:5")),
    (["solve", "0.07:1000000000000000000 + nim:5 + sub(1,3):999999999999"],
     lambda: grundy.solve("0.07:1000000000000000000 + nim:5 + sub(1,3):999999999999")),
    (["solve", "0.77:5 + nim:2", "--misere", "--remoteness"],
     lambda: grundy.solve("0.77:5 + nim:2", misere=True, remoteness=True)),
    (["solve", "kayles:9 + 0.07:7", "--remoteness", "--max-moves", "1"],
     lambda: grundy.solve("kayles:9 + 0.07:7", remoteness=True, max_moves=1)),
    (["solve", "nim:1 + nim:1 + nim:1", "--misere"],
     lambda: grundy.solve("nim:1 + nim:1 + nim:1", misere=True)),
    (["solve", "ruler:2 + ruler:3", "--misere"], lambda: grundy.solve("ruler:2 + ruler:3", misere=True)),
    (["solve", "wythoff:1000000000000,1618033988749"],
     lambda: grundy.solve("wythoff:1000000000000,1618033988749")),
    (["period", "kayles"], lambda: grundy.period("kayles")),
    (["period", "sub(2,3,7)"], lambda: grundy.period("sub(2,3,7)")),
    (["period", "0.16", "--max", "1000", "--no-cache"],
     lambda: grundy.period("0.16", max=1000, cache=False)),
    (["period", "grundy"], lambda: grundy.period("grundy")),
    (["period", "sub(1,3)", "--verify"], lambda: grundy.period("sub(1,3)", verify=True)),
    (["explain", "0.07", "10"], lambda: grundy.explain("0.07", 10)),
    (["explain", "kayles", "1000000000000", "--max-options", "3"],
     lambda: grundy.explain("kayles", 10**12, max_options=3)),
    (["explain", "0.07", "9007199254740993", "--max-options", "2"],
     lambda: grundy.explain("0.07", 2**53 + 1, max_options=2)),
    (["explain", "cut", "5x7"], lambda: grundy.explain("cut", "5x7")),
    (["explain", "nodekayles", "path(6)"], lambda: grundy.explain("nodekayles", "path(6)")),
    (["explain", "cram", "3x4"], lambda: grundy.explain("cram", "3x4")),
    (["solve", "staircase:3,1,4 + welter:2,5,9"],
     lambda: grundy.solve("staircase:3,1,4 + welter:2,5,9")),
    (["solve", "moore(2):3,5,7 + hackenbush:0-1,1-2,0-2"],
     lambda: grundy.solve("moore(2):3,5,7 + hackenbush:0-1,1-2,0-2")),
    (["explain", "chomp", "3x4"], lambda: grundy.explain("chomp", "3x4")),
    (["solve", "cram:3x4 + arckayles:cycle(7)"],
     lambda: grundy.solve("cram:3x4 + arckayles:cycle(7)")),
    (["seq", "0.312", "--to", "12", "--misere"], lambda: grundy.genus("0.312", to=12)),
    (["seq", "kayles", "--from", "5", "--to", "9", "--misere"],
     lambda: grundy.genus("kayles", to=9, start=5)),
    (["seq", "0.07", "--from", "3", "--to", "3", "--misere"], lambda: grundy.genus("0.07", 3, 3)),
]


@pytest.mark.parametrize("args,call", SAME_REQUESTS, ids=[" ".join(r[0]) for r in SAME_REQUESTS])
def test_both_faces_give_the_same_document(args, call):
    call()  # a period proven now is cached: both faces then answer from the same certificate
    cli = run_cli(*args, "--json")
    result = call()
    if cli.returncode != 0:
        pytest.fail(cli.stderr)
    expected = json.loads(cli.stdout)
    # The certificate's date is when the proof was made: the same cache file gives the same date.
    assert result.document() == expected
    assert json.loads(result.json()) == expected
    assert isinstance(result, dict) and isinstance(result, grundy.Result)


def test_python_keeps_large_numbers_as_ints():
    # The command writes numbers of 2^53 and more as strings (its contract); Python keeps ints.
    doc = grundy.explain("0.07", 2**60, max_options=1)
    assert isinstance(doc["option_count"], int) and doc["option_count"] >= 2**53
    assert doc.document()["option_count"] == str(doc["option_count"])


def test_value_and_seq_agree_with_the_command():
    cli = run_cli("value", "0.137", "0", "50", "123456789012", "--json")
    assert cli.returncode == 0, cli.stderr
    for entry in json.loads(cli.stdout)["values"]:
        assert grundy.value("0.137", int(entry["position"])) == entry["value"]
    cli = run_cli("seq", "0.6", "--from", "100", "--to", "400", "--json")
    assert cli.returncode == 0, cli.stderr
    assert list(grundy.seq("0.6", to=400, start=100)) == json.loads(cli.stdout)["values"]


def test_plots_are_the_commands_pictures(tmp_path):
    path = tmp_path / "p.svg"
    cli = run_cli("seq", "0.07", "--to", "300", "--plot", str(path))
    assert cli.returncode == 0, cli.stderr
    svg = grundy.plot("0.07", to=300)
    assert str(svg) == path.read_text()
    assert svg._repr_svg_() == str(svg)
    cli = run_cli("period", "kayles", "--plot", str(path), "--log-x")
    assert cli.returncode == 0, cli.stderr
    assert str(grundy.plot_period("kayles", log_x=True)) == path.read_text()
    svg.save(str(tmp_path / "q.svg"))
    assert (tmp_path / "q.svg").read_text() == str(svg)


def test_docstring_examples_run():
    import doctest
    failures, tried = doctest.testmod(grundy, extraglobs={"grundy": grundy})
    assert tried >= 8
    assert failures == 0


TABLE_STOPPED = r"""
import os, signal, sys, threading, time
import grundy
def fire():
    time.sleep(1.5)
    os.kill(os.getpid(), signal.SIGINT)
threading.Thread(target=fire, daemon=True).start()
try:
    grundy.value("cram", "6x7", table=sys.argv[1], cache=False, threads=1)
    print("finished")
except KeyboardInterrupt as e:
    print(e)
"""


def test_the_component_searchs_table_file_is_the_commands(tmp_path):
    # table= writes the file `--table` writes and reads it back; top_budget= changes no value.
    table = tmp_path / "cram-4x5.table"
    assert grundy.value("cram", "4x5", table=table, cache=False) == int(
        run_cli("value", "cram", "4x5", "--no-cache").stdout)
    with open(table) as f:
        assert f.readline() == "grundy-component-table 2\n"
        assert f.readline() == "rule arc\n"
    cli = run_cli("value", "cram", "4x5", "--table", str(table), "--no-cache")
    assert cli.returncode == 0, cli.stderr
    assert grundy.value("cram", "4x5", table=str(table), cache=False) == int(cli.stdout)
    for budget in (0, 1, 2**62):
        assert grundy.value("cram", "4x6", top_budget=budget, cache=False) == int(
            run_cli("value", "cram", "4x6", "--no-cache").stdout)
    solved = grundy.solve("cram:4x5 + nim:1", table=table, top_budget=7, cache=False)
    assert solved == json.loads(run_cli("solve", "cram:4x5 + nim:1", "--json", "--table",
                                        str(table), "--no-cache").stdout)
    match = grundy.play("cram:4x5 + nim:1", table=table, top_budget=0, cache=False)
    assert match.hint()["move"] in json.loads(run_cli(
        "solve", "cram:4x5 + nim:1", "--json", "--table", str(table), "--no-cache").stdout)[
            "winning_moves"]
    # A file that is not a table is refused, as by the command, and left as it was.
    bad = tmp_path / "bad.table"
    bad.write_text("not a table\n")
    with pytest.raises(ValueError) as raised:
        grundy.value("cram", "4x5", table=bad, cache=False)
    assert str(raised.value) == cli_error("value", "cram", "4x5", "--table", str(bad), "--no-cache")
    assert bad.read_text() == "not a table\n"


def test_ctrl_c_stops_a_component_search_and_its_table_is_saved(tmp_path):
    table = str(tmp_path / "cram-6x7.table")
    run = subprocess.run([sys.executable, "-c", TABLE_STOPPED, table], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout == ("interrupted: the search was stopped (with table=, what it found is in "
                          "the table file)\n"), run.stdout
    # What the search found before the stop is in the file, which the command reads.
    with open(table) as f:
        assert f.readline() == "grundy-component-table 2\n"
        f.readline()
        assert int(f.readline().split()[1]) > 0
    cli = run_cli("value", "cram", "3x5", "--table", table, "--no-cache")
    assert cli.returncode == 0, cli.stderr


def test_a_board_reports_every_move_not_one_per_symmetry():
    # Cram on 3 x 4: 17 domino placements, 7 of them winning (moves equal by symmetry count).
    explained = grundy.explain("cram", "3x4")
    assert explained["option_count"] == 17
    assert len(explained["options"]) == 17
    assert explained["winning_move_count"] == 7
    solved = grundy.solve("cram:3x4")
    assert solved["winning_move_count"] == 7
    assert len({m["to"] for m in solved["winning_moves"]}) == 7


def test_explain_of_a_python_game():
    def dawson(n):  # 0.07: take two adjacent pins, from anywhere
        for left in range(n - 1):
            yield tuple(h for h in (left, n - 2 - left) if h)

    g = grundy.Game(options=dawson, name="pydawson")
    doc = grundy.explain(g, 10)
    assert doc["value"] == grundy.value("0.07", 10)
    assert doc["mex"] == doc["value"]
# numpy arrays: seq(numpy=True) and open_sequence (python/sequence_arrays.cpp).


def test_seq_as_numpy_is_the_same_words_without_a_copy():
    import numpy

    for game, to, start in [("kayles", 999, 0), ("0.07", 20, 5), ("nim", 2**40 + 3, 2**40)]:
        a = grundy.seq(game, to=to, start=start, numpy=True)
        assert isinstance(a, numpy.ndarray)
        assert a.dtype == numpy.uint64 and a.shape == (to - start + 1,)
        assert a.tolist() == list(grundy.seq(game, to=to, start=start)), game
    # The array's memory is the vector the values were computed into: numpy does not own it.
    assert not a.flags.owndata and a.base is not None
    # Values past 2^63 stay unsigned.
    assert grundy.seq("nim", to=2**64 - 2, start=2**64 - 3, numpy=True).tolist() == [2**64 - 3, 2**64 - 2]


def write_sequence(tmp_path, game, to, name="g.gseq"):
    path = str(tmp_path / name)
    cli = run_cli("seq", game, "--to", str(to), "--out", path)
    assert cli.returncode == 0, cli.stderr
    return path


def cli_error(*args):
    cli = run_cli(*args)
    assert cli.returncode == 2, cli.stdout
    return cli.stderr.removeprefix("grundy: error: ").rstrip("\n")


def test_open_sequence_maps_a_file_written_by_the_command(tmp_path):
    import numpy

    # Widths 1, 2 and 4 as the file stores them: Kayles' values are small, Nim's are n.
    for game, to, dtype in [("kayles", 9999, numpy.uint8), ("nim", 999, numpy.uint16),
                            ("nim", 70000, numpy.uint32)]:
        path = write_sequence(tmp_path, game, to, f"{game}-{to}.gseq")
        a = grundy.open_sequence(path)
        assert a.dtype == dtype and a.shape == (to + 1,), game
        assert a.tolist() == list(grundy.seq(game, to=to)), game
    assert not a.flags.writeable  # the map is read-only: numpy refuses, no fault
    with pytest.raises(ValueError, match="read-only"):
        a[0] = 1
    # A view keeps the map alive after the array it came from is gone.
    path = write_sequence(tmp_path, "kayles", 9999)
    tail = grundy.open_sequence(tmp_path / "g.gseq")[9000:]  # a path-like works too
    import gc

    gc.collect()
    assert tail.tolist() == list(grundy.seq("kayles", to=9999, start=9000))
    assert grundy.open_sequence(path)[70] == 6


def rewrite_header(path, flags):
    """Sets the flags of a sequence file and its header checksum (docs/file-formats.md)."""
    with open(path, "r+b") as f:
        data = bytearray(f.read())
        header_bytes = int.from_bytes(data[12:16], "little")
        data[20:24] = flags.to_bytes(4, "little")
        data[56:64] = bytes(8)
        h = 0xCBF29CE484222325
        for byte in data[:header_bytes]:
            h = ((h ^ byte) * 0x100000001B3) % 2**64
        data[56:64] = h.to_bytes(8, "little")
        f.seek(0)
        f.write(data)


def test_open_sequence_refuses_truncated_corrupt_unfinished_and_locked_files(tmp_path):
    import fcntl

    path = write_sequence(tmp_path, "kayles", 9999)
    with open(path, "rb") as f:
        good = f.read()

    def refusal():
        with pytest.raises(ValueError) as raised:
            grundy.open_sequence(path)
        return str(raised.value)

    # Cut short (a map over it would be a SIGBUS) and one value byte changed: the library's
    # message, the command's.
    with open(path, "wb") as f:
        f.write(good[:-1])
    assert "truncated sequence file" in refusal()
    assert refusal() == cli_error("seq", "--in", path)
    bad = bytearray(good)
    bad[-100] ^= 1
    with open(path, "wb") as f:
        f.write(bad)
    assert "the values do not match their checksum" in refusal()
    assert refusal() == cli_error("seq", "--in", path)

    # Unfinished (the complete flag cleared, the header checksum right): the command reads it
    # with a warning, open_sequence refuses it.
    with open(path, "wb") as f:
        f.write(good)
    rewrite_header(path, 0)
    cli = run_cli("seq", "--in", path, "--to", "3")
    assert cli.returncode == 0 and "unfinished" in cli.stderr, cli.stderr
    message = refusal()
    assert "unfinished sequence file" in message and "g(0..9999)" in message
    assert "\n" not in message

    # Held by a writer (its exclusive lock): refused, and open once the lock is gone.
    rewrite_header(path, 1)
    with open(path, "rb") as writer:
        fcntl.flock(writer, fcntl.LOCK_EX)
        assert "another grundy process is writing this file" in refusal()
    assert grundy.open_sequence(path).tolist() == list(grundy.seq("kayles", to=9999))

    missing = str(tmp_path / "missing.gseq")
    with pytest.raises(ValueError, match="cannot open"):
        grundy.open_sequence(missing)


def test_without_numpy_the_numpy_paths_raise_import_error_naming_the_package(tmp_path):
    path = write_sequence(tmp_path, "kayles", 99)
    script = (
        "import sys\n"
        "sys.modules['numpy'] = None  # import numpy raises ImportError\n"
        "import grundy\n"
        f"for call in (lambda: grundy.seq('kayles', to=5, numpy=True),\n"
        f"             lambda: grundy.open_sequence({path!r})):\n"
        "    try:\n"
        "        call()\n"
        "        print('no error')\n"
        "    except ImportError as e:\n"
        "        print(e)\n"
        "print(list(grundy.seq('kayles', to=5)))\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [
        "numpy is needed for numpy=True: apt-get install python3-numpy (or pip install numpy)",
        "numpy is needed for grundy.open_sequence: apt-get install python3-numpy (or pip install numpy)",
        "[0, 1, 2, 3, 1, 4]",
    ]


def python_transcript(sum_text, lines, **options):
    """The events `grundy play --json` prints for these input lines, made with grundy.play."""
    m = grundy.play(sum_text, **options)
    events = [m.start()]
    lines = list(lines)
    while True:
        events.append(m.position())
        if m.end() is not None:
            events.append(m.end())
            return events
        if m.to_move == "computer":
            events.append(m.computer_move())
            continue
        if not lines:
            events.append({"event": "end", "winner": None, "reason": "end_of_input"})
            return events
        line = lines.pop(0)
        if not line.strip():
            continue
        if line.strip() == "quit":
            events.append({"event": "end", "winner": None, "reason": "quit"})
            return events
        events.append(m.hint() if line.strip() == "hint" else m.undo() if line.strip() == "undo" else m.move(line))


PLAY_GAMES = [
    ("nim:3 + nim:4 + nim:5", ["hint", "2", "undo", "0: nim:3 -> nim:1", "xyz", "1", "1", "1"], {}),
    ("0.07:9 + nim:2", ["hint", "1", "1", "1", "1", "1"], {"misere": True}),
    ("kayles:1000000000000 + nim:3", ["hint", "quit"], {}),
    ("sub(1,3,4):12", ["1", "1", "1", "1"], {"computer_first": True}),
    ("ruler:2 + ruler:6", ["hint", "1", "1", "1"], {"misere": True}),
]


@pytest.mark.parametrize("sum_text,lines,options", PLAY_GAMES, ids=[g[0] for g in PLAY_GAMES])
def test_play_gives_the_commands_events(sum_text, lines, options):
    args = ["play", sum_text, "--json"]
    if options.get("misere"):
        args.append("--misere")
    if options.get("computer_first"):
        args.append("--computer-first")
    cli = subprocess.run([os.environ["GRUNDY_CLI"], *args], input="".join(l + "\n" for l in lines),
                         capture_output=True, text=True)
    assert cli.returncode == 0, cli.stderr
    expected = [json.loads(line) for line in cli.stdout.splitlines()]
    got = python_transcript(sum_text, lines, **options)
    assert [e.document() if isinstance(e, grundy.Result) else e for e in got] == expected


# The genus sequence (grundy seq --misere) and sequence files (grundy seq --out).


def test_genus_is_the_commands_genus_sequence():
    # Conway's genus of 0.312's heaps, as Winning Ways prints them (0^120 1^031 2^20 ...).
    cli = run_cli("seq", "0.312", "--to", "10", "--misere")
    assert cli.returncode == 0, cli.stderr
    doc = grundy.genus("0.312", to=10)
    assert isinstance(doc, grundy.Result)
    text = []
    for g, gammas in doc["genus"]:
        separator = "," if any(x >= 10 for x in gammas) else ""
        text.append(f"{g}^{separator.join(map(str, gammas))}")
    assert " ".join(text) == cli.stdout.strip()
    assert doc["genus"][0] == [0, [1, 2, 0]]  # the empty heap: 0^120


def test_genus_errors_are_the_commands():
    for args, call in [
        (("seq", "kayles", "--to", "60", "--misere", "--max-states", "1000"),
         lambda: grundy.genus("kayles", to=60, max_states=1000)),
        (("seq", "wythoff", "--to", "3", "--misere"), lambda: grundy.genus("wythoff", to=3)),
        (("seq", "kayles", "--from", "5", "--to", "3", "--misere"),
         lambda: grundy.genus("kayles", to=3, start=5)),
    ]:
        with pytest.raises(ValueError) as raised:
            call()
        assert str(raised.value) == cli_error(*args)


def test_write_sequence_is_the_commands_file_and_summary(tmp_path):
    for game, to in [("0.07", 1000), ("0.6", 3000), ("sub(1,3,4)", 500), ("nim", 70000)]:
        command_file, python_file = tmp_path / "cli.gseq", tmp_path / "python.gseq"
        # A period proven on the way is cached: a first run warms the cache, so that both faces
        # then fill the values past it from the same certificate.
        assert run_cli("seq", game, "--to", str(to), "--out", str(tmp_path / "warm.gseq")).returncode == 0
        (tmp_path / "warm.gseq").unlink()
        cli = run_cli("seq", game, "--to", str(to), "--out", str(command_file), "--json")
        assert cli.returncode == 0, cli.stderr
        doc = grundy.write_sequence(game, python_file, to=to)  # a path-like works
        assert isinstance(doc, grundy.Result)
        expected = json.loads(cli.stdout)
        assert expected.pop("file") == str(command_file)
        assert doc.pop("file") == str(python_file)
        assert doc.document() == expected, game
        assert python_file.read_bytes() == command_file.read_bytes(), game
        command_file.unlink()
        python_file.unlink()


def test_write_sequence_continues_a_file_as_the_command_does(tmp_path):
    command_file, python_file = str(tmp_path / "cli.gseq"), str(tmp_path / "python.gseq")
    for to in (2000, 5000):
        cli = run_cli("seq", "0.6", "--to", str(to), "--out", command_file, "--json", "--no-cache")
        assert cli.returncode == 0, cli.stderr
        doc = grundy.write_sequence("0.6", python_file, to=to, cache=False)
        expected = json.loads(cli.stdout)
        expected["file"] = python_file
        assert doc == expected
    assert doc["resumed_at"] == 2001 and doc["count"] == 5001
    with open(command_file, "rb") as a, open(python_file, "rb") as b:
        assert a.read() == b.read()


def test_write_sequence_refusals(tmp_path):
    path = str(tmp_path / "w.gseq")
    with pytest.raises(ValueError) as raised:
        grundy.write_sequence("wythoff", path, to=3)
    assert str(raised.value) == cli_error("seq", "wythoff", "--to", "3", "--out", path)
    with pytest.raises(ValueError, match="86400"):
        grundy.write_sequence("0.6", path, to=10, checkpoint=86401)
    assert not os.path.exists(path)


INTERRUPTED_RUN = """
import os, signal, sys, threading, time
import grundy

path = sys.argv[1]


def saved():
    # The values the header counts as saved (bytes 24..31, docs/file-formats.md).
    try:
        with open(path, "rb") as f:
            f.seek(24)
            return int.from_bytes(f.read(8), "little")
    except OSError:
        return 0


def interrupt():  # Ctrl-C once the run has saved something
    while saved() == 0:
        time.sleep(0.002)
    os.kill(os.getpid(), signal.SIGINT)


threading.Thread(target=interrupt, daemon=True).start()
try:
    grundy.write_sequence("0.6", path, to=500000, checkpoint=0, cache=False, threads=1)
    print("finished before the interrupt")
except KeyboardInterrupt as e:
    print(e)
    print(saved())
"""


def test_ctrl_c_stops_write_sequence_after_a_checkpoint_and_the_same_call_continues(tmp_path):
    whole, resumed = str(tmp_path / "whole.gseq"), str(tmp_path / "resumed.gseq")
    cli = run_cli("seq", "0.6", "--to", "500000", "--out", whole, "--no-cache", "--threads", "1")
    assert cli.returncode == 0, cli.stderr
    run = subprocess.run([sys.executable, "-c", INTERRUPTED_RUN, resumed], capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    said, saved = run.stdout.splitlines()
    assert said.startswith("interrupted: ") and "the same command continues" in said, said
    assert 0 < int(saved) < 500001
    assert f"{saved} values" in said
    # The file holds what the message says, unfinished; the same call continues from there.
    doc = grundy.write_sequence("0.6", resumed, to=500000, checkpoint=0, cache=False, threads=1)
    assert doc["resumed_at"] == int(saved) and doc["count"] == 500001
    with open(whole, "rb") as a, open(resumed, "rb") as b:
        assert a.read() == b.read()


# Type hints: python/grundy.pyi, installed beside the module.

STUB = os.path.join(os.path.dirname(__file__), "..", "..", "python", "grundy.pyi")
MISSING = object()


def stub_module():
    with open(STUB) as f:
        return ast.parse(f.read(), STUB)


def public(names):
    return {n for n in names if not n.startswith("_")}


def defined_names(body):
    names = set()
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def parameters(function):
    """(name, kind, default) of each parameter of an ast function; MISSING: no default."""
    a = function.args
    positional = a.posonlyargs + a.args
    defaults = [MISSING] * (len(positional) - len(a.defaults)) + list(a.defaults)
    out = [(p.arg, "positional", d) for p, d in zip(positional, defaults)]
    out += [(p.arg, "keyword", MISSING if d is None else d)
            for p, d in zip(a.kwonlyargs, a.kw_defaults)]
    return [(n, k, d if d is MISSING else ast.literal_eval(d)) for n, k, d in out]


def runtime_parameters(obj):
    """The parameters of a pybind11 function, from the signature its docstring opens with."""
    line = obj.__doc__.splitlines()[0]
    name, _, rest = line.partition("(")
    assert name == obj.__name__, line
    params = rest[:rest.rindex(") ->")]
    return parameters(ast.parse(f"def f({params}): pass").body[0])


def test_the_stub_names_every_public_name_of_the_module():
    module = stub_module()
    assert public(defined_names(module.body)) == public(dir(grundy))
    for node in module.body:
        if isinstance(node, ast.ClassDef):
            members = {n for n in vars(getattr(grundy, node.name)) if not n.startswith("__")}
            assert {n for n in defined_names(node.body) if not n.startswith("__")} == members, node.name


def test_the_stub_gives_the_modules_parameters():
    # Names, kinds (positional or keyword-only) and defaults, as the module's signatures say.
    def check(node, obj, overloaded):
        got, want = parameters(node), runtime_parameters(obj)
        if overloaded:  # an overload narrows a default (seq's numpy=True has none)
            got = [(n, k) for n, k, _ in got]
            want = [(n, k) for n, k, _ in want]
        assert got == want, node.name

    module = stub_module()
    overloads = {n.name for n in ast.walk(module) if isinstance(n, ast.FunctionDef)
                 and any(isinstance(d, ast.Name) and d.id == "overload" for d in n.decorator_list)}
    checked = 0
    for node in module.body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            check(node, getattr(grundy, node.name), node.name in overloads)
            checked += 1
        elif isinstance(node, ast.ClassDef) and node.name != "Result":  # Result is Python
            for method in node.body:
                is_property = isinstance(method, ast.FunctionDef) and any(
                    isinstance(d, ast.Name) and d.id == "property" for d in method.decorator_list)
                if isinstance(method, ast.FunctionDef) and not is_property:
                    check(method, getattr(getattr(grundy, node.name), method.name), False)
                    checked += 1
    assert checked >= 30


SIGNAL_DURING_THE_BAR = """
import sys
import grundy


class SignalDuringImport:
    # A Ctrl-C handled while the progress bar imports tqdm (after a second of work): Python
    # raises the KeyboardInterrupt inside the import.
    def find_spec(self, name, path=None, target=None):
        if name == "tqdm" or name.startswith("tqdm."):
            raise KeyboardInterrupt
        return None


sys.modules.pop("tqdm", None)
sys.meta_path.insert(0, SignalDuringImport())
try:
    grundy.write_sequence("0.6", sys.argv[1], to=3000000, checkpoint=0, cache=False, threads=1)
    print("finished: the interrupt was lost")
except KeyboardInterrupt as e:
    print(e)
try:
    grundy.seq("0.6", to=3000000, cache=False, threads=1)
    print("finished: the interrupt was lost")
except KeyboardInterrupt:
    print("seq: KeyboardInterrupt")
"""


def test_a_ctrl_c_handled_inside_the_progress_bar_is_not_lost(tmp_path):
    # The KeyboardInterrupt was taken for a missing tqdm and dropped: the run went on to the end.
    run = subprocess.run([sys.executable, "-c", SIGNAL_DURING_THE_BAR, str(tmp_path / "w.gseq")],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    said = run.stdout.splitlines()
    assert len(said) == 2 and said[0].startswith("interrupted: "), run.stdout
    assert said[1] == "seq: KeyboardInterrupt"


CTRL_C = r"""
import os, signal, sys, threading, time
import grundy
sent = None
def fire():
    global sent
    time.sleep(1.0)
    sent = time.monotonic()
    os.kill(os.getpid(), signal.SIGINT)
threading.Thread(target=fire, daemon=True).start()
try:
    WORK
    print("finished")
except KeyboardInterrupt:
    print("interrupted after %.3f s" % (time.monotonic() - sent))
"""


# Long work of each kind, far longer than the second before the Ctrl-C: a misère search (about
# 70 s), a dense table (sub(squares) to 3*10^6), the sparse-space engine (0.6, which has no
# period, searched to 3*10^8 values), a misère quotient (0.07 past heap 33: minutes at least),
# the component search (Cram 6x7: minutes; Node-Kayles 9x9: a quarter of an hour on two threads).
@pytest.mark.parametrize("work", [
    'grundy.solve("kayles:60 + nim:5", misere=True, max_states=7_000_000, quotient=False)',
    'grundy.seq("sub(squares)", to=3_000_000, cache=False)',
    'grundy.period("0.6", max=300_000_000, cache=False)',
    'grundy.quotient("0.07", max_heap=40, max_work=10**13)',
    'grundy.value("cram", "6x7", cache=False)',
    'grundy.solve("nodekayles:9x9 + nim:1", cache=False, threads=2)',
    'grundy.play("cram:6x7", cache=False).hint()',
], ids=["misere search", "dense table", "sparse-space engine", "misere quotient",
        "component search", "component search on two threads", "component search of a match"])
def test_ctrl_c_stops_long_work_within_moments(work):
    out = subprocess.run([sys.executable, "-c", CTRL_C.replace("WORK", work)], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("interrupted after"), out.stdout + out.stderr
    # Checked at every progress report, at least every 100 ms; 2 s leaves room for a busy machine.
    assert float(out.stdout.split()[2]) < 2.0, out.stdout



def test_ctrl_c_stops_the_build_of_an_endgame_database_within_moments(tmp_path):
    # Cram 5x7 in a new cache directory first computes the 5 x 6 box's database (a billion sets,
    # about 15 s on two cores); the Ctrl-C came only after it, until the build reported progress.
    env = dict(os.environ, GRUNDY_CACHE_DIR=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", CTRL_C.replace("WORK", 'grundy.value("cram", "5x7")')],
                         capture_output=True, text=True, timeout=120, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("interrupted after"), out.stdout + out.stderr
    assert float(out.stdout.split()[2]) < 2.0, out.stdout
    assert not list(tmp_path.glob("*.gedb")), "no database file is left half-made"


# Bad input and refused requests: both faces say the same one line (the command after
# "grundy: error: ", Python as the ValueError's text).
SAME_ERRORS = [
    (["value", "0.9", "4"], lambda: grundy.value("0.9", 4)),
    (["value", "kayles", "x7"], lambda: grundy.value("kayles", "x7")),
    # (A fixed --max-memory: the memory available differs from one moment to the next.)
    (["value", "0.6", "9223372036854775807", "--max", "60000", "--max-memory", "8G"],
     lambda: grundy.value("0.6", 2**63 - 1, max=60000, max_memory="8G")),
    (["value", "digits", "100000000", "--max-memory", "1M"],
     lambda: grundy.value("digits", 10**8, max_memory="1M")),
    (["seq", "wythoff", "--to", "5"], lambda: grundy.seq("wythoff", to=5)),
    (["solve", "nim:3 + "], lambda: grundy.solve("nim:3 + ")),
    (["solve", "kayles:60 + nim:5", "--misere", "--no-quotient"],
     lambda: grundy.solve("kayles:60 + nim:5", misere=True, quotient=False)),
    (["period", "cut"], lambda: grundy.period("cut")),
    (["period", "0.16", "--verify", "--max-work", "10"],
     lambda: grundy.period("0.16", verify=True, max_work=10)),
    (["explain", "nim", "1000000000000000000"], lambda: grundy.explain("nim", 10**18)),
    (["play", "kayles:60 + nim:5", "--misere", "--max-states", "1000", "--no-quotient"],
     lambda: grundy.play("kayles:60 + nim:5", misere=True, max_states=1000, quotient=False)),
]


@pytest.mark.parametrize("args,call", SAME_ERRORS, ids=[" ".join(r[0]) for r in SAME_ERRORS])
def test_both_faces_refuse_with_the_same_message(args, call):
    expected = cli_error(*args)
    with pytest.raises(ValueError) as raised:
        call()
    assert str(raised.value) == expected


def test_page_is_the_installed_page_or_says_how_to_install_it():
    # Next to the build tree's module no page is installed (tests/page/page_install_test.cmake
    # installs both and checks the path grundy.page() gives).
    with pytest.raises(FileNotFoundError,
                       match=r"the page is not installed: no .*share/grundy/page/grundy\.html \("
                             r"cmake --preset page"):
        grundy.page()
