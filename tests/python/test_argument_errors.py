"""Arguments of the wrong type or out of range raise TypeError or ValueError in the command's
words, as docs/python.md promises: never a casting error of the bindings."""
import pytest

import grundy


def nothing(p):
    return []


def a_match():
    return grundy.play("nim:3")


# (call, exception, the message's words)
BAD_CALLS = [
    # Positions: a whole number, a tuple of whole numbers (a point, heaps) or text.
    (lambda: grundy.value("kayles", 3.5), TypeError,
     "position must be a whole number, a tuple of whole numbers or a string, not 3.5"),
    (lambda: grundy.value("kayles", None), TypeError, "position must be a whole number"),
    (lambda: grundy.value("wythoff", (3, 5.5)), TypeError, "position must be a whole number"),
    (lambda: grundy.value("wythoff", (3, "x")), TypeError, "position must be a whole number"),
    (lambda: grundy.value("kayles", -3), ValueError,
     "position '-3' column 1: a heap size cannot be negative"),
    (lambda: grundy.value("kayles", (3, 5)), ValueError, "position '3,5' column 2"),
    (lambda: grundy.explain("0.07", 2.0), TypeError, "position must be a whole number"),
    # Games: a spec or a grundy.Game.
    (lambda: grundy.value(3, 5), TypeError,
     "game must be a spec (a string) or a grundy.Game, not 3"),
    (lambda: grundy.seq(None, to=3), TypeError, "game must be a spec"),
    (lambda: grundy.period(["kayles"]), TypeError, "game must be a spec"),
    # Sums: text or a list of (game, position) pairs.
    (lambda: grundy.solve(5), TypeError,
     "sum must be text or a list of (game, position) pairs, not 5"),
    (lambda: grundy.solve([5]), TypeError, "a sum component is a (game, position) pair, not 5"),
    (lambda: grundy.solve([("nim",)]), TypeError, "a sum component is a (game, position) pair"),
    (lambda: grundy.solve([(1, 2)]), TypeError, "game must be a spec"),
    (lambda: grundy.solve([("nim", 2.5)]), TypeError, "position must be a whole number"),
    (lambda: grundy.play(5), TypeError, "sum must be text or a list"),
    # Whole numbers: the command's words for a negative or too large one, TypeError for others.
    (lambda: grundy.seq("kayles", to=-1), ValueError, "to '-1': a whole number cannot be negative"),
    (lambda: grundy.seq("kayles", to=3.5), TypeError, "to must be a whole number (an int), not 3.5"),
    (lambda: grundy.seq("kayles", to="5"), TypeError, "to must be a whole number (an int), not '5'"),
    (lambda: grundy.seq("kayles", to=None), TypeError, "to must be a whole number"),
    (lambda: grundy.seq("kayles", to=2**64), ValueError,
     "to '18446744073709551616': a whole number 18446744073709551616 is too large (the largest "
     "is 18446744073709551615)"),
    (lambda: grundy.seq("kayles", to=9, max=2**63), ValueError,
     "max '9223372036854775808': a whole number 9223372036854775808 is too large (the largest is "
     "9223372036854775807)"),
    (lambda: grundy.seq("kayles", to=9, start=-2), ValueError, "start '-2': a whole number cannot"),
    (lambda: grundy.seq("kayles", to=9, max=-1), ValueError, "max '-1'"),
    (lambda: grundy.seq("kayles", to=9, threads=-1), ValueError, "threads '-1'"),
    (lambda: grundy.seq("kayles", to=9, threads=5000), ValueError, "(the largest is 1024)"),
    (lambda: grundy.seq("kayles", to=9, max_memory=[1]), TypeError,
     "max_memory must be text such as '8G' or a number of bytes, not [1]"),
    (lambda: grundy.seq("kayles", to=9, max_memory="lots"), ValueError, "invalid size 'lots'"),
    (lambda: grundy.value("kayles", 3, max=1.5), TypeError, "max must be a whole number"),
    # The component search's keywords, as --table and --top-budget.
    (lambda: grundy.value("cram", "3x4", table=5), TypeError,
     "table must be a path (a str or an os.PathLike) or None, not 5"),
    (lambda: grundy.solve("cram:3x4", table=b"t"), TypeError, "table must be a path"),
    (lambda: grundy.value("cram", "3x4", top_budget=-1), ValueError,
     "top_budget '-1': a whole number cannot be negative"),
    (lambda: grundy.value("cram", "3x4", top_budget=2**62 + 1), ValueError,
     "(the largest is 4611686018427387904)"),
    (lambda: grundy.solve("cram:3x4", top_budget="8"), TypeError, "top_budget must be a whole"),
    (lambda: grundy.genus("0.312", to=-1), ValueError, "to '-1'"),
    (lambda: grundy.genus("0.312", to=4, max_states=-5), ValueError, "max_states '-5'"),
    (lambda: grundy.write_sequence("0.6", "never.gseq", to=-1), ValueError, "to '-1'"),
    (lambda: grundy.write_sequence("0.6", "never.gseq", to=9, checkpoint=-1), ValueError,
     "checkpoint '-1'"),
    (lambda: grundy.write_sequence("0.6", "never.gseq", to=9, checkpoint=0.5), TypeError,
     "checkpoint must be a whole number"),
    (lambda: grundy.write_sequence("0.6", 5, to=9), TypeError, ""),
    (lambda: grundy.open_sequence(5), TypeError, ""),
    (lambda: grundy.period("kayles", max=-1), ValueError, "max '-1'"),
    (lambda: grundy.period("kayles", verify=True, max_work=-1), ValueError, "max_work '-1'"),
    (lambda: grundy.plot("0.07", to=-1), ValueError, "to '-1'"),
    (lambda: grundy.plot("0.07", to=1e3), TypeError, "to must be a whole number"),
    (lambda: grundy.plot_period("kayles", max=-1), ValueError, "max '-1'"),
    (lambda: grundy.solve("nim:3", max_moves=-1), ValueError, "max_moves '-1'"),
    (lambda: grundy.solve("nim:3", misere=True, max_states=2.5), TypeError, "max_states must be"),
    (lambda: grundy.explain("0.07", 4, max_options=-1), ValueError, "max_options '-1'"),
    (lambda: grundy.quotient("kayles", max_heap=-1), ValueError, "max_heap '-1'"),
    (lambda: grundy.quotient("kayles", max_heap=10**6), ValueError, "(the largest is 100000)"),
    (lambda: grundy.quotient("kayles", max_work=-1), ValueError, "max_work '-1'"),
    (lambda: grundy.play("nim:3", list=-1), ValueError, "list '-1'"),
    (lambda: grundy.play("nim:3", max_states=0.5), TypeError, "max_states must be"),
    # Nimbers: 64-bit whole numbers, named as `grundy nimber` names its operands (A, B, K, X).
    (lambda: grundy.nim_add(-1, 2), ValueError, "a '-1': a whole number cannot be negative"),
    (lambda: grundy.nim_mul(1.5, 2), TypeError, "a must be a whole number"),
    (lambda: grundy.nim_mul(2, 2**64), ValueError,
     "b '18446744073709551616': a whole number 18446744073709551616 is too large (the largest is "
     "18446744073709551615)"),
    (lambda: grundy.nim_div(3, -1), ValueError, "b '-1'"),
    (lambda: grundy.nim_inv(-1), ValueError, "a '-1'"),
    (lambda: grundy.nim_square("2"), TypeError, "a must be a whole number"),
    (lambda: grundy.nim_sqrt(-4), ValueError, "a '-4'"),
    (lambda: grundy.nim_pow(2, -1), ValueError, "k '-1'"),
    (lambda: grundy.nim_order(None), TypeError, "a must be a whole number"),
    (lambda: grundy.nim_log(2, -8), ValueError, "x '-8'"),
    # Python games.
    (lambda: grundy.Game(options=5), TypeError, "options must be a callable, not 5"),
    (lambda: grundy.Game(options=nothing, name=5), TypeError, ""),
    (lambda: grundy.Game(options=nothing).value([{}]), TypeError, "unhashable"),
    (lambda: grundy.Game(options=nothing, integers=True).value(-1), ValueError,
     "cannot be negative"),
    (lambda: grundy.Game(options=nothing, integers=True).value(0.5), TypeError,
     "position must be a whole number"),
    (lambda: grundy.seq(grundy.Game(options=lambda p: ["x"]), to=3), TypeError,
     "not a whole number"),
    # Results.
    (lambda: grundy.plot("0.07", to=5).save(5), TypeError, ""),
]


@pytest.mark.parametrize("call,error,words", BAD_CALLS, ids=[str(i) for i in range(len(BAD_CALLS))])
def test_bad_arguments_raise_type_or_value_errors_in_plain_words(call, error, words, tmp_path,
                                                                 monkeypatch):
    monkeypatch.chdir(tmp_path)  # write_sequence's refusals leave no file anywhere else
    with pytest.raises((TypeError, ValueError)) as raised:
        call()
    message = str(raised.value)
    assert raised.type is error, message
    assert words in message
    assert "pybind11" not in message.lower() and "Unable to cast" not in message
    assert list(tmp_path.iterdir()) == []


def test_a_tuple_position_is_the_text_of_its_coordinates():
    assert grundy.value("wythoff", (3, 5)) == grundy.value("wythoff", "3,5") == 0
    assert grundy.value("wythoff", [4, 7]) == grundy.value("wythoff", "4,7")
    assert grundy.explain("staircase", (3, 1, 4)) == grundy.explain("staircase", "3,1,4")
    doc = grundy.solve([("wythoff", (3, 5)), ("nim", 2)])
    assert doc["sum"] == "wythoff:3,5 + nim:2" and doc["nim_sum"] == 2


def test_whole_numbers_may_be_any_integer_type():
    # What Python takes as an index (bool, numpy integers) is a whole number here too.
    assert list(grundy.seq("0.07", to=True)) == [0, 0]
    numpy = pytest.importorskip("numpy")
    assert list(grundy.seq("0.07", to=numpy.int64(4))) == [0, 0, 1, 1, 2]
    assert grundy.value("0.07", numpy.uint8(4)) == 2
    assert grundy.nim_mul(numpy.uint64(3141), 5926) == 14994
    assert grundy.value("kayles", 3, max_memory=10**9) == grundy.value("kayles", 3)
