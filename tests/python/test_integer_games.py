"""grundy.Game(..., integers=True): a Python game whose positions are whole numbers gets the
sequence functions of the built-in heap games, its periods observed, never proven."""
import json
import os
import subprocess

import pytest

import grundy


def subtract_odd(n):  # S(1,3,5) as a Python game: g(n) = n mod 2
    return [n - s for s in (1, 3, 5) if s <= n]


def brute_force(options, to):
    """g(0..to) by the definition: the mex of the options' values (each option one position)."""
    g = []
    for n in range(to + 1):
        seen = {g[m] for m in options(n)}
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


def run_cli(*args):
    return subprocess.run([os.environ["GRUNDY_CLI"], *args], capture_output=True, text=True)


def test_the_new_users_call_without_integers_true():
    # The report's own call: a game of heap sizes asked for its sequence, period, plot, genus.
    g = grundy.Game(options=lambda n: [n - s for s in (1, 3, 5) if s <= n])
    assert list(grundy.seq(g, to=30)) == brute_force(subtract_odd, 30)
    p = grundy.period(g)
    assert p["proven"] is False and p["observed"]["period"] == 2
    assert str(grundy.plot(g, to=30)).startswith("<?xml")
    assert grundy.genus(g, to=3)["genus"] == grundy.genus("sub(1,3,5)", to=3)["genus"]
    # Its other positions are still Python objects: value and explain as before.
    assert grundy.value(g, 7) == 1


def test_seq_of_an_integer_game_is_the_mex_by_brute_force():
    g = grundy.Game(options=lambda n: [n - s for s in (1, 3, 5) if s <= n], integers=True,
                    name="s135")
    assert list(grundy.seq(g, to=30)) == brute_force(subtract_odd, 30)
    assert list(grundy.seq(g, to=30, start=7)) == brute_force(subtract_odd, 30)[7:]
    assert grundy.value(g, 29) == 1 and grundy.value(g, "28") == 0
    assert g.value(27) == 1


def test_seq_of_an_integer_game_as_numpy():
    numpy = pytest.importorskip("numpy")
    g = grundy.Game(options=lambda n: [n - s for s in (2, 5) if s <= n], integers=True)
    values = grundy.seq(g, to=40, numpy=True)
    assert values.dtype == numpy.uint64
    assert values.tolist() == brute_force(lambda n: [n - s for s in (2, 5) if s <= n], 40)


def test_an_integer_game_agrees_with_the_builtin_family():
    # sub(2,5) written in Python: the same values and the same period as the family's, but the
    # Python game's period is only observed (no theorem is known to cover an arbitrary callable).
    g = grundy.Game(options=lambda n: [n - s for s in (2, 5) if s <= n], integers=True, name="s25")
    assert list(grundy.seq(g, to=200)) == list(grundy.seq("sub(2,5)", to=200))
    observed = grundy.period(g)
    proven = grundy.period("sub(2,5)", cache=False)
    assert observed["proven"] is False and observed["theorem_applies"] is False
    assert "no periodicity theorem" in observed["reason"]
    seen = observed["observed"]
    assert (seen["preperiod"], seen["period"]) == (proven["preperiod"], proven["period"])
    assert seen["saltus"] == 0 and seen["proven"] is False
    assert observed["values_computed"] == 100000


def test_period_of_an_integer_game_is_observed_never_proven():
    g = grundy.Game(options=subtract_odd, integers=True, name="s135")
    p = grundy.period(g)
    assert p["game"] == "s135"
    assert p["proven"] is False and "preperiod" not in p and "proof" not in p
    assert p["observed"] == {"preperiod": 0, "period": 2, "saltus": 0, "holds_below": 99998,
                             "proven": False}
    # verify=True has no proof to redo: the same answer.
    assert grundy.period(g, verify=True) == p
    # Within max= values and nothing more.
    assert grundy.period(g, max=100)["values_computed"] == 100


def test_period_of_an_integer_game_with_a_saltus_is_observed():
    # allbut(): take any number of tokens, g(n) = n; saltus 1 per period 1.
    g = grundy.Game(options=lambda n: range(n), integers=True, name="pynim")
    p = grundy.period(g, max=400)
    assert p["observed"] == {"preperiod": 0, "period": 1, "saltus": 1, "holds_below": 399,
                             "proven": False}


def test_an_integer_game_with_no_visible_period_says_so():
    # Subtracting a square up to 49: periodic from 455 with period 13 (as sub(1,4,...,49) is
    # proven to be), which 64 values do not show; 953 values do.
    g = grundy.Game(options=lambda n: [n - k * k for k in range(1, 8) if k * k <= n],
                    integers=True, name="squares7")
    p = grundy.period(g, max=64)
    assert p["values_computed"] == 64 and p["proven"] is False
    assert p["observed"] is None
    seen = grundy.period(g)["observed"]
    assert (seen["preperiod"], seen["period"]) == (455, 13)


def test_plot_of_an_integer_game(tmp_path):
    g = grundy.Game(options=subtract_odd, integers=True, name="s135")
    svg = grundy.plot(g, to=60)
    text = str(svg)
    assert text.startswith("<?xml") and "<svg" in text and "s135" in text
    svg.save(str(tmp_path / "s135.svg"))
    assert (tmp_path / "s135.svg").read_text() == text
    # The same picture as the built-in family's with the same values, but for the name.
    builtin = str(grundy.plot("sub(1,3,5)", to=60))
    assert text == builtin.replace("sub(1,3,5)", "s135")
    assert str(grundy.plot_period(g)).startswith("<?xml")


def test_genus_of_an_integer_game_is_the_builtin_familys():
    g = grundy.Game(options=subtract_odd, integers=True, name="s135")
    mine = grundy.genus(g, to=12)
    theirs = grundy.genus("sub(1,3,5)", to=12)
    assert mine["game"] == "s135" and mine["genus"] == theirs["genus"]
    assert grundy.genus(g, to=12, start=4)["genus"] == theirs["genus"][4:]


def test_explain_of_an_integer_game():
    g = grundy.Game(options=subtract_odd, integers=True, name="s135")
    e = grundy.explain(g, 9)
    assert e["game"] == "s135" and e["position"] == "9" and e["value"] == 1
    assert [o["option"] for o in e["options"]] == ["s135:8", "s135:6", "s135:4"]
    builtin = grundy.explain("sub(1,3,5)", 9)
    assert e["option_values"] == builtin["option_values"] and e["mex"] == builtin["mex"]
    assert grundy.explain(g, 9, misere=True)["winner"] == grundy.explain(
        "sub(1,3,5)", 9, misere=True)["winner"]


def test_write_sequence_of_an_integer_game_is_the_builtin_familys_file(tmp_path):
    g = grundy.Game(options=subtract_odd, integers=True, name="s135")
    grundy.write_sequence(g, str(tmp_path / "mine.gseq"), to=500)
    cli = run_cli("seq", "--in", str(tmp_path / "mine.gseq"), "--json")
    assert cli.returncode == 0, cli.stderr
    assert json.loads(cli.stdout)["values"] == brute_force(subtract_odd, 500)


def test_an_integer_game_in_a_sum():
    g = grundy.Game(options=subtract_odd, integers=True, name="s135")
    doc = grundy.solve([(g, 7), ("nim", 1)])
    assert doc["sum"] == "s135:7 + nim:1" and doc["winner"] == "second"


def test_a_game_of_other_positions_asked_for_heaps_names_the_option():
    # Not declared integers=True: the requests of heap sizes read it as a game of heaps, and an
    # option that is not a whole number is named.
    g = grundy.Game(options=lambda p: [] if p == "a" else ["a"], name="letters")
    for call in (lambda: grundy.seq(g, to=30), lambda: grundy.period(g),
                 lambda: grundy.genus(g, to=3), lambda: grundy.plot(g, to=30)):
        with pytest.raises(TypeError, match=r"letters: the options of \d+ include 'a', not a whole"):
            call()
    # Its positions stay Python objects elsewhere.
    assert grundy.value(g, "b") == 1


def test_bad_positions_of_an_integer_game():
    g = grundy.Game(options=subtract_odd, integers=True, name="s135")
    with pytest.raises(ValueError, match="cannot be negative"):
        g.value(-1)
    with pytest.raises(TypeError, match="whole number"):
        g.value(2.5)
    with pytest.raises(TypeError, match="whole number"):
        grundy.value(g, (1, 2))
    negative = grundy.Game(options=lambda n: [n - 2], integers=True, name="down2")
    with pytest.raises(ValueError, match=r"down2.*-1"):
        negative.value(1)
    text = grundy.Game(options=lambda n: ["a"], integers=True, name="letters")
    with pytest.raises(TypeError, match=r"letters.*'a'"):
        text.value(1)
