import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The database-backed suites run once on PGlite and, when TEST_DATABASE_URL is set, again on PostgreSQL.
const databaseKinds = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];

export default defineConfig({
  test: {
    reporters: ["default", ["json", { outputFile: ".artifacts/unit-results.json" }]],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ["./test/fail-on-console-error.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["packages/**/*.test.ts", "apps/sandbox/**/*.test.ts", "apps/web/**/*.test.ts"],
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
          env: { TEST_DB_KIND: kind },
          globalSetup: ["./test/global-setup.ts"],
        },
      })),
    ],
  },
});
