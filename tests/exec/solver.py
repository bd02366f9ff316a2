#!/usr/bin/python3
"""A 9x9 solver in Python for sudoku-bench's exec: protocol (plugin/exec_solver.h, docs/plugins.md).

Reads "PUZZLE LIMIT" lines, answers "COUNT:SOLUTION:GUESSES" for each, flushing after every answer.
The search: depth-first on the blank cell with the fewest candidates, counting to LIMIT.
"""
import sys

ALL = 0x1FF
BOX = [r // 3 * 3 + c // 3 for r in range(9) for c in range(9)]


def solve(puzzle, limit):
    grid = [0] * 81
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
    for i, ch in enumerate(puzzle):
        if ch == ".":
            continue
        bit = 1 << (int(ch) - 1)
        r, c, b = i // 9, i % 9, BOX[i]
        if (rows[r] | cols[c] | boxes[b]) & bit:
            return 0, "", 0
        grid[i] = int(ch)
        rows[r] |= bit
        cols[c] |= bit
        boxes[b] |= bit
    found = []
    guesses = [0]

    def search():
        best, best_mask, best_count = -1, 0, 10
        for i in range(81):
            if grid[i]:
                continue
            mask = ALL & ~(rows[i // 9] | cols[i % 9] | boxes[BOX[i]])
            n = bin(mask).count("1")
            if n < best_count:
                best, best_mask, best_count = i, mask, n
                if n <= 1:
                    break
        if best < 0:
            found.append("".join(map(str, grid)))
            return len(found) >= limit
        r, c, b = best // 9, best % 9, BOX[best]
        while best_mask:
            bit = best_mask & -best_mask
            best_mask ^= bit
            if best_mask:
                guesses[0] += 1
            grid[best] = bit.bit_length()
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
            done = search()
            rows[r] ^= bit
            cols[c] ^= bit
            boxes[b] ^= bit
            grid[best] = 0
            if done:
                return True
        return False

    search()
    return len(found), found[0] if found else "", guesses[0]


def main():
    for line in sys.stdin:
        puzzle, limit = line.split()
        if len(puzzle) != 81:
            sys.stdout.write("0\n")
        else:
            count, solution, guesses = solve(puzzle, int(limit))
            sys.stdout.write(f"{count}:{solution}:{guesses}\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
