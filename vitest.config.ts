import { defineConfig } from "vitest/config";

// Three suites, run in this order by `npm test`:
//   unit         pure logic, beside the module it tests (*.test.ts)
//   integration  real databases (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), real SMTP
//   e2e          the production build in a real Chromium
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["core/**/*.test.ts", "server/**/*.test.ts", "app/**/*.test.{ts,tsx}"],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
