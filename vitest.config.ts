import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

// The database-backed suites run once on PGlite and, when TEST_DATABASE_URL is set, again on PostgreSQL.
const databaseKinds = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];

// API files whose rules run no SQL of their own (configuration, logging, metrics, request signing,
// the provider pass-throughs, Redis): the engine cannot change their outcome, so they run on PGlite only.
const engineIndependent = [
  "apps/api/src/lib/metrics.test.ts",
  "apps/api/src/lib/shared-state.test.ts",
  "apps/api/src/logging.test.ts",
  "apps/api/src/tracing.test.ts",
  "apps/api/src/routes/metrics.test.ts",
  "apps/api/src/routes/tmdb/admin.test.ts",
  "apps/api/src/routes/feed/admin.test.ts",
  // Its PostgreSQL path (LISTEN/NOTIFY, the audit read) is live/instances.test.ts.
  "apps/api/src/routes/live/live.test.ts",
  "apps/content/src/config.test.ts",
  "apps/content/src/server.test.ts",
  "apps/content/src/plugins/signature.test.ts",
  // The media bucket's side of a backup; the databases' restore on both engines is backups.test.ts.
  "apps/api/src/lib/backups-media-s3.test.ts",
];

export default defineConfig({
  test: {
    // npm test names each stage's report (VITEST_REPORT) to count its tests.
    reporters: [
      "default",
      ["json", { outputFile: process.env.VITEST_REPORT ?? ".artifacts/unit-results.json" }],
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ["./test/fail-on-console-error.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "packages/**/*.test.ts",
            "apps/sandbox/**/*.test.ts",
            "apps/web/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
        },
      },
      {
        extends: true,
        // Component tests of the dashboard: React in happy-dom with Testing Library.
        resolve: { alias: { "@": fileURLToPath(new URL("./apps/web/src", import.meta.url)) } },
        test: {
          name: "web",
          include: ["apps/web/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["./apps/web/test/setup.ts"],
        },
      },
      // The reliability suite on each engine: short in `npm test`, full sizes with RELIABILITY_FULL=1
      // (`npm run test:reliability`).
      ...databaseKinds.map((kind) => ({
        extends: true,
        test: {
          name: `reliability-${kind}`,
          include: ["reliability/**/*.test.ts"],
          env: { TEST_DB_KIND: kind },
          globalSetup: ["./test/global-setup.ts"],
          testTimeout: 900_000,
        },
      })),
      ...databaseKinds.map((kind) => ({
        extends: true,
        test: {
          name: `db-${kind}`,
          include: ["apps/api/**/*.test.ts", "apps/content/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...(kind === "pglite" ? [] : engineIndependent)],
          env: { TEST_DB_KIND: kind },
          globalSetup: ["./test/global-setup.ts"],
          // Each file builds its app on a database of its own (apps/api/test/helpers.ts), so the files
          // share only loaded modules: one process for all of them halves the stage (docs/TESTING.md).
          isolate: false,
          // A file's set-up starts servers (the content service, s3rver): slow on a loaded machine
          // (70–120 s at load 25), waited for rather than failed; a server that exits fails at once.
          hookTimeout: 300_000,
        },
      })),
    ],
  },
});
