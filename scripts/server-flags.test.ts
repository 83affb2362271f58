import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { V8_FLAGS } from "./server-flags.ts";

const root = join(import.meta.dirname, "..");

it.each(["apps/api", "apps/content"])("%s starts with the servers' V8 flags", (app) => {
  const { scripts } = JSON.parse(readFileSync(join(root, app, "package.json"), "utf8")) as {
    scripts: { start: string };
  };
  expect(scripts.start).toBe(`node ${V8_FLAGS.join(" ")} src/server.ts`);
});
