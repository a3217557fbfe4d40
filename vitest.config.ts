import { defineConfig } from "vitest/config";

// Three suites, run side by side by `npm test`:
//   unit         pure logic, beside the module it tests (*.test.ts)
//   integration  real databases (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), real SMTP;
//                each file makes its own databases and servers, so files run in parallel
//   e2e          the production build in a real Chromium, one file at a time (they share one shop)
// Most of a test's time is spent waiting on servers, browsers and databases, so more workers
// than cores keep the two cores busy.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    maxWorkers: 4,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["core/**/*.test.ts", "server/**/*.test.ts", "app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // Above the 240 s a shop may take to start (tests/support/app-server.ts), so a slow
          // start fails with the shop's own output rather than a bare timeout; tests that start
          // or restart a shop themselves get the same room as hooks.
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
