import { defineConfig } from "vitest/config";

/** The reliability suite: real production servers (build first), run through scripts/with-postgres.sh. */
export default defineConfig({
  test: {
    // Simultaneous edits of one menu item live with the integration tests (they also run there, on
    // both databases); the reliability suite lists them too, as issue #6 asks.
    include: ["tests/reliability/**/*.test.ts", "tests/integration/concurrent-edits.test.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
