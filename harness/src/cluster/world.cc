#include "cluster/world.h"

namespace sudoku_bench {
namespace {

World* g_current = nullptr;

}  // namespace

World& World::current() {
  static World alone;
  return g_current ? *g_current : alone;
}

void World::made(World* world) { g_current = world; }

void World::gone(World* world) {
  if (g_current == world) g_current = nullptr;
}

}  // namespace sudoku_bench
