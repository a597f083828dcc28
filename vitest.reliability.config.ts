import { defineConfig } from "vitest/config";

/** The reliability suite: real production servers (build first), run through scripts/with-postgres.sh. */
export default defineConfig({
  test: {
    include: ["tests/reliability/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
