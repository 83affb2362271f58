import { prepareTemplate } from "@backoffice/db/testing";
import type { TestProject } from "vitest/node";

/** Migrates each schema once per run; every test file then clones the template. */
export default async function setup(project: TestProject) {
  process.env.TEST_DB_KIND = project.name.endsWith("-postgres") ? "postgres" : "pglite";
  await prepareTemplate("api");
  await prepareTemplate("content");
}
