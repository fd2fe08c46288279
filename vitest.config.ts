import type { TestProjectInlineConfiguration } from "vitest/config";
import { defineConfig } from "vitest/config";

// Three groups of the same suite:
//   unit      test/unit/**          pure tests, no database
//             web/test/**           the dashboard's own pure parts (checked by web/tsconfig.json)
//   sqlite    test/integration/**   against a SQLite file    (CLIPWRIGHT_TEST_DB=sqlite)
//             test/e2e/**           the dashboard in Chromium, served by `clipwright serve` on its own SQLite
//   postgres  test/integration/**   against DATABASE_URL     (CLIPWRIGHT_TEST_DB=postgres), only when it is set
// Each project carries its name in the output ("|sqlite| test/integration/…"), so a failure shows
// which database it happened on.

const WORKERS = 2; // the CI machine has 2 cores

// Inline projects do not inherit the root `test` options, so each one gets them explicitly.
const shared = {
  pool: "forks",
  maxWorkers: WORKERS,
  fileParallelism: true,
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

const integration = (db: "sqlite" | "postgres"): TestProjectInlineConfiguration => ({
  test: {
    ...shared,
    name: db,
    // The browser tests run the service as `npm start` does (embedded, SQLite): once is enough.
    include: ["test/integration/**/*.test.ts", ...(db === "sqlite" ? ["test/e2e/**/*.test.ts"] : [])],
    env: { CLIPWRIGHT_TEST_DB: db },
  },
});

const projects: TestProjectInlineConfiguration[] = [
  { test: { ...shared, name: "unit", include: ["test/unit/**/*.test.ts", "web/test/**/*.test.ts"] } },
  integration("sqlite"),
];
if (process.env.DATABASE_URL) projects.push(integration("postgres"));

export default defineConfig({
  test: {
    ...shared,
    // Runs once for the whole run (the root project), not once per project.
    globalSetup: ["test/global-setup.ts"],
    projects,
  },
});
