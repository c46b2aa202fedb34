#!/usr/bin/env python3
"""Checks one judge program of examples/problems (run by ctest).

usage: check_problem.py sample|random|bad_input PROGRAM BINARY

sample     the problem's published sample(s) from samples/PROGRAM.txt
random     random inputs against reference.py's independent brute force
bad_input  truncated and malformed inputs: the program must answer exactly when the input is
           valid, and otherwise exit with code 2, print nothing on stdout and one line on stderr
"""

import pathlib
import random
import subprocess
import sys
import zlib

import reference

HERE = pathlib.Path(__file__).resolve().parent
TIMEOUT_SECONDS = 120

# A truncated input per program: the end of input comes where the format still wants a value.
# hdu1847 and hdu1517 read one number per line up to the end of input, so each of their token
# prefixes is a valid shorter input; the byte-prefix sweep checks them instead (and cuts inside a
# number). bitcount_table reads no input.
TRUNCATED = {
    "boj13034": b"",
    "poj2311": b"2 2\n3 2\n4",
    "digit_game": b"2\n9\n",
    "stone_nim": b"5\n2\n3\n",
    "hdu1846": b"2\n23 2\n4",
    "hdu2147": b"5 3\n5 4\n6 6\n",
    "hdu2188": b"2\n8 10\n",
    "hdu2149": b"4 2\n3\n",
    "hdu1849": b"2\n3 5\n3\n3 5\n",
    "hdu1850": b"3\n5 7 9\n",
    "hdu1848": b"1 1 1\n1 4 1\n",
    "hdu1536": b"2 2 5\n3\n2 5 12\n3 2 4 7\n",
}

BAD_TOKENS = [b"x", b"-1", b"+3", b"1.5", b"0x10", b"2e3", b"99999999999999999999999", b"0",
              b"1001", b"4294967296", b"\x00", b"\xff\xfe"]


class Failure(Exception):
    pass


def run(binary, data):
    try:
        p = subprocess.run([binary], input=data, capture_output=True, timeout=TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        raise Failure(f"timed out after {TIMEOUT_SECONDS} s on input {show(data)}")
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def show(data, limit=300):
    text = repr(data)
    return text if len(text) <= limit else text[:limit] + f"... ({len(data)} bytes)"


def first_difference(got, want):
    got_lines, want_lines = got.split("\n"), want.split("\n")
    for i, (g, w) in enumerate(zip(got_lines, want_lines)):
        if g != w:
            return f"line {i + 1}: got {g!r}, want {w!r}"
    return f"got {len(got_lines)} lines, want {len(want_lines)}"


def expect_answer(program, binary, data, want):
    code, out, err = run(binary, data)
    if code != 0 or err:
        raise Failure(f"exit {code} on valid input {show(data)}; stderr: {err.strip()!r}")
    if out != want:
        raise Failure(f"wrong answer on {show(data)}: {first_difference(out, want)}")


def expect_refusal(program, binary, data, must_mention=None):
    code, out, err = run(binary, data)
    if code != 2:
        raise Failure(f"exit {code} (want 2) on bad input {show(data)}; stdout {out[:200]!r}")
    if out:
        raise Failure(f"stdout not empty on bad input {show(data)}: {out[:200]!r}")
    if err.count("\n") != 1 or not err.endswith("\n") or not err.startswith(program + ": error: "):
        raise Failure(f"stderr is not one '{program}: error: ...' line on {show(data)}: {err!r}")
    if must_mention and must_mention not in err:
        raise Failure(f"stderr does not mention {must_mention!r} on {show(data)}: {err!r}")


def check_against_reference(program, binary, data):
    """The program must answer exactly what the reference answers, or refuse what it refuses."""
    solve, _ = reference.PROGRAMS[program]
    try:
        want = solve(data)
    except reference.BadInput:
        expect_refusal(program, binary, data)
        return False
    expect_answer(program, binary, data, want)
    return True


def read_samples(program):
    """(input, output) pairs; '#' lines are comments, '== input' / '== output' open sections."""
    samples, section, current = [], None, {}
    for line in (HERE / "samples" / f"{program}.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            section = None
        elif line in ("== input", "== output"):
            section = line[3:]
            if section == "input" and current:
                samples.append(current)
                current = {}
            current[section] = []
        elif section is None:
            if line.strip():
                raise Failure(f"samples/{program}.txt: text outside a section: {line!r}")
        else:
            current[section].append(line)
    samples.append(current)
    return [("".join(l + "\n" for l in s["input"]).encode(), s["output"]) for s in samples]


def matches(got_lines, pattern):
    """Whether the lines match the pattern, where a '...' line stands for any lines."""
    if not pattern:
        return not got_lines
    if pattern[0] == "...":
        return any(matches(got_lines[i:], pattern[1:]) for i in range(len(got_lines) + 1))
    return bool(got_lines) and got_lines[0] == pattern[0] and matches(got_lines[1:], pattern[1:])


def check_sample(program, binary):
    solve, _ = reference.PROGRAMS[program]
    for data, want_lines in read_samples(program):
        code, out, err = run(binary, data)
        if code != 0 or err:
            raise Failure(f"exit {code} on the sample {show(data)}; stderr: {err.strip()!r}")
        if not out.endswith("\n") or not matches(out[:-1].split("\n"), want_lines):
            wanted = "\n".join(want_lines)
            raise Failure(f"the sample {show(data)}: printed\n{out}wanted\n{wanted}")
        # The reference must agree with the published sample too, or the random test means little.
        if not matches(solve(data)[:-1].split("\n"), want_lines):
            raise Failure(f"reference.py disagrees with the sample {show(data)}")


def check_random(program, binary):
    failures = reference.model_checks()
    if failures:
        raise Failure("reference.py's shortcuts disagree with the rules: " + "; ".join(failures))
    _, generate = reference.PROGRAMS[program]
    rng = random.Random(zlib.crc32(program.encode()))
    inputs = generate(rng)
    for data in inputs:
        if not check_against_reference(program, binary, data):
            raise Failure(f"the generator made an invalid input {show(data)}")
    print(f"{program}: {len(inputs)} random inputs agree with the brute force")


def check_bad_input(program, binary):
    if program in TRUNCATED:
        expect_refusal(program, binary, TRUNCATED[program], must_mention="end of input")
    runs = 0
    for data, _ in read_samples(program):
        # Every cut of the sample, inside tokens too.
        for cut in range(len(data)):
            check_against_reference(program, binary, data[:cut])
            runs += 1
        # Every token replaced by each bad token, and something after the end.
        tokens = data.split()
        for i in range(len(tokens)):
            for bad in BAD_TOKENS:
                check_against_reference(program, binary,
                                        b" ".join(tokens[:i] + [bad] + tokens[i + 1:]) + b"\n")
                runs += 1
        check_against_reference(program, binary, data + b"7\n")
        runs += 1
    print(f"{program}: {runs} truncated or malformed inputs handled")


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("sample", "random", "bad_input"):
        sys.exit(__doc__)
    mode, program, binary = sys.argv[1:]
    if program not in reference.PROGRAMS:
        sys.exit(f"unknown program {program}")
    check = {"sample": check_sample, "random": check_random, "bad_input": check_bad_input}[mode]
    try:
        check(program, binary)
    except Failure as e:
        print(f"FAIL {program} {mode}: {e}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
