"""Independent reference answers for the judge programs of examples/problems.

Every `solve_*` reads its problem's input strictly (BadInput where the input does not follow the
format or the problem's limits) and answers by brute force over the game's own rules, written
here from the problem statements and never through the grundy library. Where a full search of a
sum is too big, the reference uses the values of single heaps (by mex over the rules) and the
Sprague-Grundy theorem, and the `model_checks` confirm that step against the full search on small
positions. Every `random_*` returns random inputs for its program.
"""

import functools
import itertools
import sys

sys.setrecursionlimit(100_000)


class BadInput(Exception):
    pass


class Tokens:
    """Whitespace-separated decimal tokens; the same whitespace as the programs (ASCII)."""

    def __init__(self, data: bytes):
        self.tokens = data.split()
        self.i = 0

    def at_end(self):
        return self.i == len(self.tokens)

    def int(self, lo, hi):
        if self.at_end():
            raise BadInput("end of input")
        token = self.tokens[self.i]
        self.i += 1
        if not token.isdigit():
            raise BadInput(f"not a number: {token!r}")
        v = int(token)
        if not lo <= v <= hi:
            raise BadInput(f"{v} not in {lo}..{hi}")
        return v

    def end(self):
        if not self.at_end():
            raise BadInput("input after the end")


def mex(values):
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def subtraction_values(moves, top):
    """g(0..top) of the game where a move removes s tokens for s in `moves`."""
    g = []
    for n in range(top + 1):
        g.append(mex(g[n - s] for s in moves if s <= n))
    return g


def sum_first_wins(heaps, moves_of):
    """Full game search of a sum of heaps: the player to move wins iff some move (one heap to one
    of moves_of(h)) leaves a position the opponent loses."""

    @functools.cache
    def wins(state):
        for i, h in enumerate(state):
            for t in moves_of(h):
                if not wins(tuple(sorted(state[:i] + (t,) + state[i + 1:]))):
                    return True
        return False

    return wins(tuple(sorted(heaps)))


def nim_moves(h):
    return range(h)


FIBONACCI = [1, 2]
while FIBONACCI[-1] < 10**6:
    FIBONACCI.append(FIBONACCI[-1] + FIBONACCI[-2])
POWERS_OF_TWO = [1 << k for k in range(21)]


def spaced(tokens, rng):
    """Tokens joined by random whitespace (spaces, tabs, newlines, CR LF), as judges may send."""
    out = []
    for i, token in enumerate(tokens):
        if i > 0:
            out.append(rng.choice([" ", " ", "\n", "  ", "\t", "\r\n", " \n "]))
        out.append(str(token))
    out.append(rng.choice(["\n", "\n", "", "\n\n", " \r\n"]))
    return "".join(out).encode()


def lines(rows):
    return "".join(" ".join(str(x) for x in row) + "\n" for row in rows).encode()


# --- BOJ 13034: the polygon chord game -----------------------------------------------------------


def chord_game_first_wins(n):
    """The literal game: chords between unused vertices 0..n-1 of a convex polygon, no crossing."""

    def crosses(p, q):
        (a, b), (c, d) = p, q
        return a < c < b < d or c < a < d < b

    @functools.cache
    def wins(chords):
        used = {v for chord in chords for v in chord}
        for a, b in itertools.combinations(range(n), 2):
            if a in used or b in used or any(crosses((a, b), c) for c in chords):
                continue
            if not wins(chords | {(a, b)}):
                return True
        return False

    return wins(frozenset())


@functools.cache
def polygon_values(top):
    # A chord leaves a and n-2-a free vertices on its two sides, two independent games.
    g = [0, 0]
    for n in range(2, top + 1):
        g.append(mex(g[a] ^ g[n - 2 - a] for a in range(n - 1)))
    return g


def solve_boj13034(data):
    t = Tokens(data)
    n = t.int(3, 1000)
    t.end()
    first = chord_game_first_wins(n) if n <= 9 else polygon_values(1000)[n] != 0
    return f"{1 if first else 2}\n"


def random_boj13034(rng):
    return [f"{n}\n".encode() for n in list(range(3, 31)) + rng.sample(range(31, 1001), 60)]


# --- POJ 2311: cutting game ----------------------------------------------------------------------


@functools.cache
def cut_value(w, h):
    """The cut game: cut along a grid line, every side of every piece stays >= 2."""
    if w > h:
        return cut_value(h, w)
    options = [cut_value(a, h) ^ cut_value(w - a, h) for a in range(2, w - 1)]
    options += [cut_value(w, b) ^ cut_value(w, h - b) for b in range(2, h - 1)]
    return mex(options)


def original_cutting_first_wins(w, h):
    """POJ 2311's own rules: any cut along a grid line; whoever cuts out a 1 x 1 piece wins."""

    def piece(a, b):
        return (min(a, b), max(a, b))

    @functools.cache
    def wins(pieces):
        for i, (a, b) in enumerate(pieces):
            rest = pieces[:i] + pieces[i + 1:]
            cuts = [(piece(x, b), piece(a - x, b)) for x in range(1, a)]
            cuts += [(piece(a, y), piece(a, b - y)) for y in range(1, b)]
            for p, q in cuts:
                if p == (1, 1) or q == (1, 1) or not wins(tuple(sorted(rest + (p, q)))):
                    return True
        return False

    return wins((piece(w, h),))


def solve_poj2311(data):
    t = Tokens(data)
    out = []
    while not t.at_end():
        w, h = t.int(2, 200), t.int(2, 200)
        out.append("WIN" if cut_value(w, h) != 0 else "LOSE")
    return "".join(line + "\n" for line in out)


def random_poj2311(rng):
    inputs = []
    for _ in range(6):
        rows = [(rng.randint(2, 12), rng.randint(2, 12)) for _ in range(30)]
        rows += [(rng.randint(2, 120), rng.randint(2, 120)) for _ in range(30)]
        rng.shuffle(rows)
        inputs.append(spaced([x for row in rows for x in row], rng))
    return inputs


# --- Cow Digit Game (USACO 2009 Open) ------------------------------------------------------------


DIGIT_GAME_WINS = [False]  # win[n]: the player to move at n wins; extended on demand


def digit_game_wins(top):
    win = DIGIT_GAME_WINS
    for n in range(len(win), top + 1):
        digits = [int(c) for c in str(n) if c != "0"]
        win.append(not win[n - max(digits)] or not win[n - min(digits)])
    return win


def solve_digit_game(data):
    t = Tokens(data)
    games = [t.int(0, 10**6) for _ in range(t.int(1, 100))]
    t.end()
    win = digit_game_wins(max(games))
    return "".join(("YES" if win[n] else "NO") + "\n" for n in games)


def random_digit_game(rng):
    inputs = []
    for _ in range(4):
        games = [rng.randint(0, 200) for _ in range(50)]
        games += [rng.randint(0, 10**6) for _ in range(50)]
        rng.shuffle(games)
        inputs.append(spaced([len(games)] + games, rng))
    inputs.append(b"3\n0\n1000000\n999999\n")
    return inputs


# --- The bit-count game (source document 000) ----------------------------------------------------


def bitcount_literal(i, picks=7):
    """g for a number with i one-bits by the rules: each of the 7 new numbers has a proper subset
    of its one-bits, so some count 0..i-1 of one-bits; enumerate every multiset of counts."""
    g = [0]
    for ones in range(1, i + 1):
        reachable = set()
        for counts in itertools.combinations_with_replacement(range(ones), picks):
            x = 0
            for c in counts:
                x ^= g[c]
            reachable.add(x)
        g.append(mex(reachable))
    return g


@functools.cache
def bitcount_values(top, picks=7):
    """The same values by another route: g is injective (each smaller count is reachable by one pick
    of it and zeros), so two equal picks cancel into two picks of 0, and the options are the XORs of
    at most 7 distinct earlier values. Knapsack over the values, the sets kept as bitsets
    (Python ints), an XOR-translate done bit by bit of the translation."""

    def masks(bits):
        out = []
        for b in range(bits):
            m, length = (1 << (1 << b)) - 1, 2 << b
            while length < (1 << bits):
                m |= m << length
                length *= 2
            out.append(m)
        return out

    def translate(bitset, v, mask):
        b = 0
        while v:
            if v & 1:
                s = 1 << b
                bitset = ((bitset & mask[b]) << s) | ((bitset >> s) & mask[b])
            v >>= 1
            b += 1
        return bitset

    g = [0]
    exactly = [1] + [0] * picks  # exactly[s]: XORs of s distinct values among g[1..]
    bits, mask = 1, masks(1)
    for ones in range(1, top + 1):
        if ones > 1:
            v = g[ones - 1]
            if v.bit_length() + 1 > bits:
                bits = v.bit_length() + 1
                mask = masks(bits)
            for s in range(picks, 0, -1):
                exactly[s] |= translate(exactly[s - 1], v, mask)
        reachable = 0
        for s in exactly:
            reachable |= s
        g.append(((reachable + 1) & ~reachable).bit_length() - 1)
    return g


def solve_bitcount_table(data):
    Tokens(data).end()
    g = bitcount_values(64)
    return "{" + "".join(f"{i}:{g[i]}{'}' if i == 64 else ','}\n" for i in range(1, 65))


def random_bitcount_table(rng):
    return [b"", b"\n", b" \r\n\t"]


# --- Stone game (take 1 or 3) and Nim (source document 001) --------------------------------------


def solve_stone_nim(data):
    t = Tokens(data)
    n = t.int(1, 1000)
    piles = [t.int(1, 10**9) for _ in range(t.int(1, 100))]
    t.end()
    win = [False] * (n + 1)
    for i in range(1, n + 1):
        win[i] = not win[i - 1] or (i >= 3 and not win[i - 3])
    if len(piles) <= 4 and max(piles) <= 7:
        nim_first = sum_first_wins(piles, nim_moves)
    else:
        x = 0
        for p in piles:
            x ^= p  # Bouton: a Nim heap of size p has value p
        nim_first = x != 0
    return (f"Stone game winner: {'SK' if win[n] else 'CY'}\n"
            f"Nim winner: {'koosaga' if nim_first else 'cubelover'}\n")


def random_stone_nim(rng):
    inputs = []
    for _ in range(40):
        k = rng.randint(1, 4)
        piles = [rng.randint(1, 7) for _ in range(k)]
        inputs.append(spaced([rng.randint(1, 1000), k] + piles, rng))
    for _ in range(10):
        k = rng.randint(1, 100)
        piles = [rng.randint(1, 10**9) for _ in range(k)]
        inputs.append(spaced([rng.randint(1, 1000), k] + piles, rng))
    return inputs


# --- HDU 1846, 2188, 2149: take 1..m ------------------------------------------------------------


@functools.cache
def bash_wins(m, top):
    """win[i] for a pile of i, a move takes 1..m, taking the last wins; the number of losing
    positions among the m below i decides i."""
    win = [False] * (top + 1)
    losing_below = 0
    for i in range(1, top + 1):
        losing_below += not win[i - 1]
        if i - m - 1 >= 0:
            losing_below -= not win[i - m - 1]
        win[i] = losing_below > 0
    return win


def solve_hdu1846(data):
    t = Tokens(data)
    out = []
    for _ in range(t.int(1, 100)):
        n, m = t.int(1, 1000), t.int(1, 1000)
        out.append("first" if bash_wins(m, 1000)[n] else "second")
    t.end()
    return "".join(line + "\n" for line in out)


def random_hdu1846(rng):
    inputs = []
    for _ in range(5):
        rows = [(rng.randint(1, 1000), rng.randint(1, 1000)) for _ in range(40)]
        rows += [(rng.randint(1, 60), rng.randint(1, 12)) for _ in range(60)]
        rng.shuffle(rows)
        inputs.append(spaced([len(rows)] + [x for row in rows for x in row], rng))
    return inputs


def solve_hdu2188(data):
    t = Tokens(data)
    out = []
    for _ in range(t.int(1, 100_000)):
        n, m = t.int(1, 9999), t.int(1, 10)
        out.append("Grass" if bash_wins(m, 9999)[n] else "Rabbit")
    t.end()
    return "".join(line + "\n" for line in out)


def random_hdu2188(rng):
    inputs = []
    for _ in range(5):
        rows = [(rng.randint(1, 9999), rng.randint(1, 10)) for _ in range(100)]
        rows += [(rng.randint(1, 40), rng.randint(1, 10)) for _ in range(100)]
        rng.shuffle(rows)
        inputs.append(spaced([len(rows)] + [x for row in rows for x in row], rng))
    return inputs


def auction_winning_bids(price, raise_max):
    """By the auction's rules: win[p] says whether the bidder to move at price p (< M) buys the
    land; a bid is a raise of 1..N, and a raise reaching M or more buys it at once."""
    win = [False] * price
    losing_above = 0  # losing prices among p+1..p+N below M
    for p in range(price - 1, -1, -1):
        if p + 1 < price:
            losing_above += not win[p + 1]
        if p + raise_max + 1 < price:
            losing_above -= not win[p + raise_max + 1]
        win[p] = p + raise_max >= price or losing_above > 0
    return [r for r in range(1, raise_max + 1) if r >= price or not win[r]]


def solve_hdu2149(data):
    t = Tokens(data)
    out = []
    while not t.at_end():
        price, raise_max = t.int(1, 1099), t.int(1, 1099)
        bids = auction_winning_bids(price, raise_max)
        out.append(" ".join(map(str, bids)) if bids else "none")
    return "".join(line + "\n" for line in out)


def random_hdu2149(rng):
    inputs = []
    for _ in range(4):
        rows = [(rng.randint(1, 1099), rng.randint(1, 1099)) for _ in range(10)]
        rows += [(rng.randint(1, 40), rng.randint(1, 40)) for _ in range(40)]
        raise_max = rng.randint(1, 30)
        rows += [((raise_max + 1) * rng.randint(1, 30), raise_max)]  # none
        rows += [(rng.randint(1, raise_max), raise_max)]  # every bid from M to N
        rng.shuffle(rows)
        inputs.append(spaced([x for row in rows for x in row], rng))
    return inputs


# --- HDU 2147: a coin moving left, down or diagonally left-down --------------------------------

CORNER_WINS = []  # CORNER_WINS[x][y]: the player to move wins with x steps left and y steps down


def corner_wins(top):
    if len(CORNER_WINS) <= top:
        CORNER_WINS.clear()
        for x in range(top + 1):
            row = [False] * (top + 1)
            if x == 0:
                for y in range(1, top + 1):
                    row[y] = not row[y - 1]
            else:
                below = CORNER_WINS[x - 1]  # one step left
                row[0] = not below[0]
                for y in range(1, top + 1):
                    row[y] = not (below[y] and row[y - 1] and below[y - 1])
            CORNER_WINS.append(row)
    return CORNER_WINS


def solve_hdu2147(data):
    t = Tokens(data)
    boards = []
    while True:
        n, m = t.int(0, 2000), t.int(0, 2000)
        if (n, m) == (0, 0):
            break
        if n == 0 or m == 0:
            raise BadInput("a side of 0 before 0 0")
        boards.append((n, m))
    t.end()
    win = corner_wins(max((max(b) for b in boards), default=0))
    # The coin starts in the top-right square: m-1 steps left and n-1 steps down remain.
    return "".join(("Wonderful!" if win[m - 1][n - 1] else "What a pity!") + "\n"
                   for n, m in boards)


def random_hdu2147(rng):
    inputs = []
    for _ in range(4):
        rows = [(rng.randint(1, 300), rng.randint(1, 300)) for _ in range(60)]
        rows += [(rng.randint(1, 8), rng.randint(1, 8)) for _ in range(30)]
        rng.shuffle(rows)
        inputs.append(spaced([x for row in rows for x in row] + [0, 0], rng))
    inputs.append(b"2000 2000\n1999 2000\n2000 1\n1 1\n0 0\n")
    return inputs


# --- HDU 1847: take a power of two ---------------------------------------------------------------


def solve_hdu1847(data):
    t = Tokens(data)
    g = subtraction_values(POWERS_OF_TWO, 1000)
    out = []
    while not t.at_end():
        out.append("Kiki" if g[t.int(1, 1000)] != 0 else "Cici")
    return "".join(line + "\n" for line in out)


def random_hdu1847(rng):
    return [spaced(list(range(1, 1001)), rng)] + [
        spaced([rng.randint(1, 1000) for _ in range(50)], rng) for _ in range(3)]


# --- HDU 1849 and 1850: Nim ----------------------------------------------------------------------


@functools.cache
def nim_values():
    return subtraction_values(range(1, 1001), 1000)  # Nim heaps by the rules, to 1000


def nim_first_wins(heaps):
    if len(heaps) <= 4 and max(heaps) <= 6:
        return sum_first_wins(heaps, nim_moves)
    g = nim_values()
    x = 0
    for h in heaps:
        x ^= g[h]
    return x != 0


def solve_hdu1849(data):
    t = Tokens(data)
    out = []
    while (m := t.int(0, 1000)) != 0:
        heaps = [t.int(0, 1000) for _ in range(m)]
        out.append("Rabbit Win!" if nim_first_wins(heaps) else "Grass Win!")
    t.end()
    return "".join(line + "\n" for line in out)


def random_hdu1849(rng):
    inputs = []
    for _ in range(5):
        tokens = []
        for _ in range(30):
            m = rng.randint(1, 4)
            tokens += [m] + [rng.randint(0, 6) for _ in range(m)]
        for _ in range(10):
            m = rng.randint(1, 1000)
            tokens += [m] + [rng.randint(0, 1000) for _ in range(m)]
        inputs.append(spaced(tokens + [0], rng))
    return inputs


def nim_winning_move_count(heaps):
    """The number of (heap, new size) moves after which the opponent loses."""
    if len(heaps) <= 4 and max(heaps) <= 6:
        return sum(1 for i, h in enumerate(heaps) for t in range(h)
                   if not sum_first_wins(heaps[:i] + [t] + heaps[i + 1:], nim_moves))
    x = 0
    for h in heaps:
        x ^= h  # Bouton: the opponent loses iff the nim-sum after the move is 0
    return 0 if x == 0 else sum(1 for h in heaps if h ^ x < h)


def solve_hdu1850(data):
    t = Tokens(data)
    out = []
    while (m := t.int(0, 100)) != 0:
        if m == 1:
            raise BadInput("M must be 2..100")
        out.append(str(nim_winning_move_count([t.int(1, 10**6) for _ in range(m)])))
    t.end()
    return "".join(line + "\n" for line in out)


def random_hdu1850(rng):
    inputs = []
    for _ in range(5):
        tokens = []
        for _ in range(30):
            m = rng.randint(2, 4)
            tokens += [m] + [rng.randint(1, 6) for _ in range(m)]
        for _ in range(10):
            m = rng.randint(2, 100)
            tokens += [m] + [rng.randint(1, 10**6) for _ in range(m)]
        tokens += [3, 1, 2, 3]  # nim-sum 0: no winning move
        inputs.append(spaced(tokens + [0], rng))
    return inputs


# --- HDU 1848: take a Fibonacci number -----------------------------------------------------------


def solve_hdu1848(data):
    t = Tokens(data)
    g = subtraction_values(FIBONACCI, 1000)
    out = []
    while True:
        piles = [t.int(0, 1000) for _ in range(3)]
        if piles == [0, 0, 0]:
            break
        if 0 in piles:
            raise BadInput("a pile of 0 before 0 0 0")
        if max(piles) <= 12:
            first = sum_first_wins(piles, lambda h: [h - f for f in FIBONACCI if f <= h])
        else:
            first = g[piles[0]] ^ g[piles[1]] ^ g[piles[2]] != 0
        out.append("Fibo" if first else "Nacci")
    t.end()
    return "".join(line + "\n" for line in out)


def random_hdu1848(rng):
    inputs = []
    for _ in range(4):
        rows = [[rng.randint(1, 12) for _ in range(3)] for _ in range(40)]
        rows += [[rng.randint(1, 1000) for _ in range(3)] for _ in range(40)]
        rng.shuffle(rows)
        inputs.append(spaced([x for row in rows for x in row] + [0, 0, 0], rng))
    return inputs


# --- HDU 1517: multiply by 2..9 ------------------------------------------------------------------


def multiplication_first_wins(n):
    @functools.cache
    def wins(p):  # the player to move at p < n
        return any(p * k >= n or not wins(p * k) for k in range(2, 10))

    return wins(1)


def solve_hdu1517(data):
    t = Tokens(data)
    out = []
    while not t.at_end():
        stan = multiplication_first_wins(t.int(2, 2**32 - 1))
        out.append("Stan wins." if stan else "Ollie wins.")
    return "".join(line + "\n" for line in out)


def random_hdu1517(rng):
    ns = list(range(2, 400)) + [rng.randint(2, 2**32 - 1) for _ in range(60)]
    ns += [rng.randint(2, 10**6) for _ in range(60)] + [2**32 - 1, 2**32 - 2]
    rng.shuffle(ns)
    return [spaced(ns, rng)]


# --- HDU 1536: S-Nim -----------------------------------------------------------------------------


def solve_hdu1536(data):
    t = Tokens(data)
    out = []
    while (k := t.int(0, 100)) != 0:
        s = [t.int(1, 10000) for _ in range(k)]
        queries = []
        for _ in range(t.int(1, 100)):
            queries.append([t.int(0, 10000) for _ in range(t.int(1, 100))])
        g = subtraction_values(sorted(set(s)), max(max(q) for q in queries))
        line = ""
        for heaps in queries:
            if len(heaps) <= 3 and max(heaps) <= 15:
                first = sum_first_wins(heaps, lambda h: [h - x for x in s if x <= h])
            else:
                x = 0
                for h in heaps:
                    x ^= g[h]
                first = x != 0
            line += "W" if first else "L"
        out.append(line)
    t.end()
    return "".join(line + "\n" for line in out)


def random_hdu1536(rng):
    inputs = []
    for _ in range(3):
        tokens = []
        for _ in range(8):
            k = rng.randint(1, 6)
            tokens += [k] + [rng.randint(1, 9) for _ in range(k)]
            m = rng.randint(1, 20)
            tokens.append(m)
            for _ in range(m):
                heaps = [rng.randint(0, 15) for _ in range(rng.randint(1, 3))]
                tokens += [len(heaps)] + heaps
        for _ in range(3):
            k = rng.randint(1, 30)
            tokens += [k] + [rng.randint(1, 10000) for _ in range(k)]
            m = rng.randint(1, 100)
            tokens.append(m)
            for _ in range(m):
                heaps = [rng.randint(0, 3000) for _ in range(rng.randint(1, 100))]
                tokens += [len(heaps)] + heaps
        inputs.append(spaced(tokens + [0], rng))
    return inputs


# --- Checks of the references' own shortcuts against the literal rules ---------------------------


def model_checks():
    """Each shortcut a reference takes, checked on small positions against a full search by the
    rules. Returns a list of failures (empty when all hold)."""
    failures = []
    g = polygon_values(12)
    for n in range(3, 10):
        if chord_game_first_wins(n) != (g[n] != 0):
            failures.append(f"polygon recurrence vs chord game at n={n}")
    for w in range(2, 6):
        for h in range(w, 6):
            if original_cutting_first_wins(w, h) != (cut_value(w, h) != 0):
                failures.append(f"cut game vs POJ 2311's rules at {w}x{h}")
    literal, knapsack = bitcount_literal(10), bitcount_values(10)
    if literal != knapsack:
        failures.append(f"bit-count knapsack {knapsack} vs enumeration {literal}")
    fib = subtraction_values(FIBONACCI, 12)
    for heaps in itertools.product(range(9), repeat=2):
        wins = sum_first_wins(list(heaps), lambda h: [h - f for f in FIBONACCI if f <= h])
        if wins != (fib[heaps[0]] ^ fib[heaps[1]] != 0):
            failures.append(f"Sprague-Grundy vs search for sub(fib) at {heaps}")
    for heaps in itertools.product(range(1, 6), repeat=3):
        heaps = list(heaps)
        x = heaps[0] ^ heaps[1] ^ heaps[2]
        bouton = 0 if x == 0 else sum(1 for h in heaps if h ^ x < h)
        if nim_winning_move_count(heaps) != bouton:
            failures.append(f"Bouton's count vs search at {heaps}")
    for m in range(1, 6):
        for n in range(1, 30):
            rule = auction_winning_bids(n, m) != []
            if rule != bash_wins(m, 40)[n]:
                failures.append(f"auction vs take 1..{m} at {n}")
    return failures


PROGRAMS = {name[len("solve_"):]: (fn, globals()["random_" + name[len("solve_"):]])
            for name, fn in list(globals().items()) if name.startswith("solve_")}
