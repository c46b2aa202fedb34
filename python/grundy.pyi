"""Type hints for the module `grundy` (python/grundy_module.cpp), installed next to it (PEP 561).

Results are `Result` dicts with the fields of the command's --json documents (docs/cli.md).
tests/python/test_grundy.py checks that this stub names every public name of the module, with
the parameters (names, kinds, defaults) the module's own signatures give.
"""

import array
import os
from typing import Any, Callable, Hashable, Iterable, Literal, Optional, Union, overload

import numpy
from numpy.typing import NDArray

class Game:
    """A game whose options come from a Python callable."""

    def __init__(
        self, options: Callable[[Any], Iterable[Any]], name: str = "python", *, integers: bool = False
    ) -> None: ...
    def value(self, position: Hashable) -> int: ...
    @property
    def name(self) -> str: ...

# A game: a spec in the spec language ("kayles", "0.07", "sub(1,3,4)") or a grundy.Game.
_GameArg = Union[str, Game]
# A position: text, an int (a heap size), a tuple of ints (a point, heaps: (3, 5) is "3,5"), or
# any hashable object of a grundy.Game.
_PositionArg = Union[str, int, tuple[int, ...], Hashable]
# max_memory=: text as for --max-memory ("8G"), or a number of bytes.
_MemoryArg = Optional[Union[str, int]]
# A sum: text ("nim:3 + 0.07:20") or a list of (game, position) pairs.
_SumArg = Union[str, Iterable[tuple[_GameArg, _PositionArg]]]

class Result(dict[str, Any]):
    """A result: a dict with the fields of the command's --json document."""

    def document(self) -> dict[str, Any]: ...
    def json(self) -> str: ...

class Svg:
    """An SVG picture: shown inline by Jupyter; str() is the SVG text."""

    def _repr_svg_(self) -> str: ...
    def save(self, path: str) -> None: ...

class Match:
    """A game against the perfect player (grundy.play); each method returns the event
    `grundy play --json` prints for it."""

    def start(self) -> Result: ...
    def position(self) -> Result: ...
    @property
    def state(self) -> Literal["going", "no_move", "repetition"]: ...
    @property
    def to_move(self) -> Literal["human", "computer"]: ...
    def end(self) -> Optional[Result]: ...
    def computer_move(self) -> Result: ...
    def hint(self) -> Result: ...
    def move(self, move: Union[str, int]) -> Result: ...
    def undo(self) -> Result: ...

def value(
    game: _GameArg,
    position: _PositionArg,
    *,
    max: int = 10000000,
    max_memory: _MemoryArg = None,
    threads: int = 0,
    cache: bool = True,
    table: Optional[Union[str, os.PathLike[str]]] = None,
    top_budget: Optional[int] = None,
) -> Union[int, str]: ...
@overload
def seq(
    game: _GameArg,
    to: int,
    start: int = 0,
    *,
    numpy: Literal[False] = False,
    runs: Literal[False] = False,
    max: int = 10000000,
    max_memory: _MemoryArg = None,
    threads: int = 0,
    cache: bool = True,
) -> array.array[int]: ...
@overload
def seq(
    game: _GameArg,
    to: int,
    start: int = 0,
    *,
    numpy: Literal[True],
    runs: Literal[False] = False,
    max: int = 10000000,
    max_memory: _MemoryArg = None,
    threads: int = 0,
    cache: bool = True,
) -> NDArray[numpy.uint64]: ...
@overload
def seq(
    game: _GameArg,
    to: int,
    start: int = 0,
    *,
    numpy: Literal[False] = False,
    runs: Literal[True],
    max: int = 10000000,
    max_memory: _MemoryArg = None,
    threads: int = 0,
    cache: bool = True,
) -> Result: ...
def genus(
    game: _GameArg,
    to: int,
    start: int = 0,
    *,
    max_states: int = 1000000,
    max: int = 10000000,
    max_memory: _MemoryArg = None,
    threads: int = 0,
    cache: bool = True,
) -> Result: ...
def write_sequence(
    game: _GameArg,
    path: Union[str, os.PathLike[str]],
    to: int,
    *,
    checkpoint: int = 60,
    max: int = 10000000,
    max_memory: _MemoryArg = None,
    threads: int = 0,
    cache: bool = True,
) -> Result: ...
def open_sequence(
    path: Union[str, os.PathLike[str]],
) -> NDArray[Union[numpy.uint8, numpy.uint16, numpy.uint32]]: ...
def period(
    game: _GameArg,
    *,
    verify: bool = False,
    max_work: int = 100000000000,
    max: int = 10000000,
    max_memory: _MemoryArg = None,
    threads: int = 0,
    cache: bool = True,
) -> Result: ...
def formula(
    game: _GameArg,
    *,
    to: Optional[int] = None,
    rows: Optional[_RangeArg] = None,
    cols: Optional[_RangeArg] = None,
    max: int = 10000000,
    max_memory: _MemoryArg = None,
    threads: int = 0,
    cache: bool = True,
) -> Result: ...
def solve(
    sum: _SumArg,
    misere: bool = False,
    *,
    remoteness: bool = False,
    max_moves: int = 20,
    max: int = 10000000,
    max_states: int = 1000000,
    max_memory: _MemoryArg = None,
    threads: int = 0,
    cache: bool = True,
    quotient: bool = True,
    table: Optional[Union[str, os.PathLike[str]]] = None,
    top_budget: Optional[int] = None,
) -> Result: ...
def explain(
    game: _GameArg,
    position: _PositionArg,
    *,
    max_options: int = 200,
    max: int = 10000000,
    max_memory: _MemoryArg = None,
    threads: int = 0,
    cache: bool = True,
    misere: bool = False,
    max_states: int = 1000000,
    quotient: bool = True,
) -> Result: ...
def quotient(
    game: _GameArg,
    *,
    max_heap: Optional[int] = None,
    max_work: int = 4000000000,
    max_memory: _MemoryArg = None,
    cache: bool = True,
) -> Result: ...
def play(
    sum: _SumArg,
    misere: bool = False,
    *,
    computer_first: bool = False,
    list: int = 40,
    max: int = 10000000,
    max_states: int = 200000,
    max_memory: _MemoryArg = None,
    threads: int = 0,
    cache: bool = True,
    quotient: bool = True,
    table: Optional[Union[str, os.PathLike[str]]] = None,
    top_budget: Optional[int] = None,
) -> Match: ...
def plot(
    game: _GameArg,
    to: int,
    start: int = 0,
    *,
    log_x: bool = False,
    max: int = 10000000,
    max_memory: _MemoryArg = None,
    threads: int = 0,
    cache: bool = True,
) -> Svg: ...
def plot_period(
    game: _GameArg,
    *,
    log_x: bool = False,
    max: int = 10000000,
    max_memory: _MemoryArg = None,
    threads: int = 0,
    cache: bool = True,
) -> Svg: ...

# The rows or columns of a table (grundy table --rows/--cols): N for 0..N, (A, B) for A..B, or
# the command's text "A..B".
_RangeArg = Union[int, tuple[int, int], str]

@overload
def table(
    game: str,
    rows: _RangeArg,
    cols: Optional[_RangeArg] = None,
    *,
    numpy: Literal[False] = False,
    max_memory: Optional[str] = None,
) -> Result: ...
@overload
def table(
    game: str,
    rows: _RangeArg,
    cols: Optional[_RangeArg] = None,
    *,
    numpy: Literal[True],
    max_memory: Optional[str] = None,
) -> numpy.ma.MaskedArray[Any, numpy.dtype[numpy.uint64]]: ...
def plot_table(
    game: str,
    rows: _RangeArg,
    cols: Optional[_RangeArg] = None,
    *,
    max_memory: Optional[str] = None,
) -> Svg: ...

# The page (grundy.html) installed with this module: its path; FileNotFoundError when it is not.
def page() -> str: ...

# Nimber arithmetic on the nimbers below 2**64 (grundy nimber ...).
def nim_add(a: int, b: int) -> int: ...
def nim_mul(a: int, b: int) -> int: ...
def nim_div(a: int, b: int) -> int: ...
def nim_inv(a: int) -> int: ...
def nim_square(a: int) -> int: ...
def nim_sqrt(a: int) -> int: ...
def nim_pow(a: int, k: int) -> int: ...
def nim_order(a: int) -> int: ...
def nim_log(a: int, x: int) -> Optional[int]: ...
