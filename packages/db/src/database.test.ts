import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DURABLE_PGLITE_VERSION } from "./database.ts";

// The durable file layer (DurableNodeFS in database.ts, docs/decisions/008-durable-embedded-database.md)
// overrides internals of one PGlite release; another release may have moved them, and the layer would
// then quietly stop syncing. An upgrade is a deliberate change: re-read them, then move the version.

const json = (url: URL) => JSON.parse(readFileSync(url, "utf8"));
const installed = json(new URL("../package.json", import.meta.resolve("@electric-sql/pglite")))
  .version as string;
const declared = json(new URL("../package.json", import.meta.url)).dependencies[
  "@electric-sql/pglite"
] as string;

describe("the PGlite release under the durable file layer", () => {
  it("is the one the layer was written for", () => {
    expect(
      installed,
      `PGlite ${installed} is installed, but the durable file layer was written for ${DURABLE_PGLITE_VERSION}: re-check packages/db/src/embedded.mjs (DurableNodeFS: NODEFS's stream_ops.fsync and tryFSOperation, the preRun hook, -F in defaultStartParams) against the new release (docs/decisions/008), then set DURABLE_PGLITE_VERSION`,
    ).toBe(DURABLE_PGLITE_VERSION);
  });

  it("is pinned exactly in packages/db/package.json (no ^ or ~ range)", () => {
    expect(
      declared,
      `packages/db/package.json must pin @electric-sql/pglite to exactly ${DURABLE_PGLITE_VERSION}, the release packages/db/src/embedded.mjs was written for`,
    ).toBe(DURABLE_PGLITE_VERSION);
  });
});
