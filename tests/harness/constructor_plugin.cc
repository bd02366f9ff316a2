// A plugin whose constructor misbehaves as SUDOKU_BENCH_TEST_CONSTRUCTOR says, so that one library
// serves every probe of a plugin's loading (tests/adversarial/plugin_loading_test.sh): `hang`
// sleeps for ever, `abort` aborts, `exit0` calls exit(0), `exit3` calls _exit(3). Unset, it loads
// and its `solve` is the example plugin's, built in beside it. The harness must load it first in a
// time-limited child and name what the constructor did (issue 47).
#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace {

bool asked(const char* how, const char* what) { return std::strcmp(how, what) == 0; }

__attribute__((constructor)) void misbehave() {
  const char* how = std::getenv("SUDOKU_BENCH_TEST_CONSTRUCTOR");
  if (!how) return;
  if (asked(how, "hang"))
    for (;;) sleep(1);
  if (asked(how, "abort")) std::abort();
  if (asked(how, "exit0")) std::exit(0);
  if (asked(how, "exit3")) _exit(3);
}

}  // namespace
