/* A 9x9 solver in C for sudoku-bench's exec: protocol (plugin/exec_solver.h, docs/plugins.md): reads
 * "PUZZLE LIMIT" lines, answers "COUNT:SOLUTION:GUESSES" for each, flushing after each answer. The
 * search: depth-first on the blank cell with the fewest candidates, counting to LIMIT. */
#include <stdio.h>
#include <string.h>

static int grid[81], rows[9], cols[9], boxes[9];
static unsigned long count, limit, guesses;
static char first[82];

static int box_of(int i) { return i / 27 * 3 + i % 9 / 3; }

static void set(int i, int d) {
  int bit = 1 << (d - 1);
  grid[i] = d;
  rows[i / 9] |= bit;
  cols[i % 9] |= bit;
  boxes[box_of(i)] |= bit;
}

static void unset(int i) {
  int bit = ~(1 << (grid[i] - 1));
  rows[i / 9] &= bit;
  cols[i % 9] &= bit;
  boxes[box_of(i)] &= bit;
  grid[i] = 0;
}

static void search(void) {
  int best = -1, best_n = 10, best_mask = 0;
  for (int i = 0; i < 81; ++i) {
    if (grid[i]) continue;
    int mask = 0x1ff & ~(rows[i / 9] | cols[i % 9] | boxes[box_of(i)]);
    int n = __builtin_popcount(mask);
    if (n < best_n) {
      best = i, best_n = n, best_mask = mask;
      if (n <= 1) break;
    }
  }
  if (best < 0) {
    if (count++ == 0)
      for (int i = 0; i < 81; ++i) first[i] = (char)('0' + grid[i]);
    return;
  }
  for (int mask = best_mask; mask && count < limit; mask &= mask - 1) {
    if (mask != best_mask || best_n > 1) guesses += best_n > 1;
    set(best, __builtin_ctz(mask) + 1);
    search();
    unset(best);
  }
}

int main(void) {
  char line[256], puzzle[256];
  while (fgets(line, sizeof line, stdin)) {
    if (sscanf(line, "%255s %lu", puzzle, &limit) != 2 || strlen(puzzle) != 81) {
      fputs("0\n", stdout);
    } else {
      int ok = 1;
      memset(grid, 0, sizeof grid);
      memset(rows, 0, sizeof rows);
      memset(cols, 0, sizeof cols);
      memset(boxes, 0, sizeof boxes);
      for (int i = 0; i < 81 && ok; ++i) {
        if (puzzle[i] < '1' || puzzle[i] > '9') continue;
        int d = puzzle[i] - '0', bit = 1 << (d - 1);
        if ((rows[i / 9] | cols[i % 9] | boxes[box_of(i)]) & bit) ok = 0;
        else set(i, d);
      }
      count = guesses = 0;
      first[81] = '\0';
      if (ok) search();
      printf("%lu:%s:%lu\n", count, count ? first : "", guesses);
    }
    fflush(stdout);
  }
  return 0;
}
