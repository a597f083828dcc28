import { defineConfig } from "vitest/config";

/** The reliability suite: real production servers (build first), run through scripts/with-postgres.sh. */
export default defineConfig({
  test: {
    // Simultaneous edits of one menu item: over HTTP against real servers in
    // tests/reliability/concurrency.test.ts, and through updateMenuItem itself (40 edits, on the
    // suite's PostgreSQL) in the integration test listed here too.
    include: ["tests/reliability/**/*.test.ts", "tests/integration/catalog/concurrent-edits.test.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
