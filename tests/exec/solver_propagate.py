#!/usr/bin/python3
"""A faster 9x9 solver in Python for sudoku-bench's exec: protocol (plugin/exec_solver.h, docs/plugins.md).

Reads "PUZZLE LIMIT" lines, answers "COUNT:SOLUTION:GUESSES" for each, flushing after every answer,
as tests/exec/solver.py does. Each cell holds a bitmask of its candidates; a cell left with one
candidate removes it from its 20 peers (naked singles), a digit left with one place in a row,
column or box is put there (hidden singles), both to a fixed point; the search branches on the
cell with the fewest candidates, on a copy of the 81 masks, counting solutions to LIMIT.
GUESSES counts the branches taken while another candidate of the cell was still left to try.
Fast enough to count under valgrind on top95 (results/counted/README.md): tests/exec/solver.py,
which finds no hidden single and rescans the grid for every placed digit, costs billions of
instructions on top95's hardest records.
"""
import sys

ALL = 0x1FF
PEERS = []
for _cell in range(81):
    _r, _c = divmod(_cell, 9)
    _b = _r // 3 * 27 + _c // 3 * 3
    _peers = {_r * 9 + k for k in range(9)} | {k * 9 + _c for k in range(9)}
    _peers |= {_b + k // 3 * 9 + k % 3 for k in range(9)}
    _peers.discard(_cell)
    PEERS.append(tuple(sorted(_peers)))
COUNT = [bin(m).count("1") for m in range(ALL + 1)]
DIGIT = {1 << d: str(d + 1) for d in range(9)}
UNITS = tuple(tuple(r * 9 + c for c in range(9)) for r in range(9))
UNITS += tuple(tuple(r * 9 + c for r in range(9)) for c in range(9))
UNITS += tuple(tuple(b // 3 * 27 + b % 3 * 3 + k // 3 * 9 + k % 3 for k in range(9)) for b in range(9))


def propagate(cand, fixed):
    """Naked and hidden singles to a fixed point; False on a cell or a digit left without a place."""
    while fixed:
        while fixed:
            cell = fixed.pop()
            bit = cand[cell]
            for peer in PEERS[cell]:
                mask = cand[peer]
                if mask & bit:
                    mask ^= bit
                    if not mask:
                        return False
                    cand[peer] = mask
                    if not mask & (mask - 1):
                        fixed.append(peer)
        for unit in UNITS:
            once = twice = 0
            for cell in unit:
                mask = cand[cell]
                twice |= once & mask
                once |= mask
            if once != ALL:
                return False
            hidden = once & ~twice
            while hidden:
                bit = hidden & -hidden
                hidden ^= bit
                for cell in unit:
                    if cand[cell] & bit:
                        if cand[cell] != bit:
                            cand[cell] = bit
                            fixed.append(cell)
                        break
    return True


def solve(puzzle, limit):
    cand = [ALL] * 81
    fixed = []
    for cell, ch in enumerate(puzzle):
        if "1" <= ch <= "9":
            cand[cell] = 1 << (ord(ch) - 49)
            fixed.append(cell)
    if not propagate(cand, fixed):
        return 0, "", 0
    found = []
    guesses = [0]

    def search(cand):
        best, fewest = -1, 10
        for cell in range(81):
            mask = cand[cell]
            if mask & (mask - 1):
                n = COUNT[mask]
                if n < fewest:
                    best, fewest = cell, n
                    if n == 2:
                        break
        if best < 0:
            found.append("".join([DIGIT[mask] for mask in cand]))
            return len(found) >= limit
        mask = cand[best]
        while mask:
            bit = mask & -mask
            mask ^= bit
            if mask:
                guesses[0] += 1
            branch = cand[:]
            branch[best] = bit
            if propagate(branch, [best]) and search(branch):
                return True
        return False

    if limit > 0:
        search(cand)
    return len(found), found[0] if found else "", guesses[0]


def main():
    for line in sys.stdin:
        fields = line.split()
        if len(fields) != 2 or len(fields[0]) != 81:
            sys.stdout.write("0\n")
        else:
            count, solution, guesses = solve(fields[0], int(fields[1]))
            sys.stdout.write(f"{count}:{solution}:{guesses}\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
