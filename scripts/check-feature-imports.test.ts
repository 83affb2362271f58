import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// The web app's import boundaries (scripts/check-feature-imports.mjs), run on fixture trees.

const script = join(import.meta.dirname, "check-feature-imports.mjs");
let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A tree of apps/web/src files (path below src → content), checked; the exit code and what it said. */
function check(files: Record<string, string>) {
  dir = mkdtempSync(join(tmpdir(), "feature-imports-"));
  const base = {
    "features/emails/components/emails-screen.tsx": "export const EmailsScreen = () => null;\n",
    "features/emails/index.ts": "export * from './components/emails-screen';\n",
    "lib/toast.ts": "export const toast = () => {};\n",
    ...files,
  };
  for (const [path, text] of Object.entries(base)) {
    const file = join(dir, "apps/web/src", path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  const result = spawnSync(process.execPath, [script, dir], { encoding: "utf8" });
  return { status: result.status, output: result.stderr };
}

describe("shared code never imports a feature", () => {
  it.each([
    [
      "a one-line re-export in lib/",
      "lib/emails.ts",
      'export { EmailsScreen } from "@/features/emails/components/emails-screen";\n',
    ],
    ["a re-export of everything", "lib/emails.ts", 'export * from "@/features/emails";\n'],
    [
      "an import by the alias",
      "components/inbox.tsx",
      'import { EmailsScreen } from "@/features/emails/components/emails-screen";\n',
    ],
    [
      "a relative import",
      "hooks/use-emails.ts",
      'import { EmailsScreen } from "../features/emails/components/emails-screen";\n',
    ],
    [
      "a type import",
      "sites/index.ts",
      'import type { EmailsScreen } from "@/features/emails/components/emails-screen";\n',
    ],
    [
      "a dynamic import",
      "lib/lazy.ts",
      'export const load = () =>\n  import(\n    "@/features/emails/components/emails-screen"\n  );\n',
    ],
    [
      "an import over several lines",
      "lib/many.ts",
      'import {\n  EmailsScreen,\n} from "../features/emails";\n',
    ],
    [
      "a test of lib/",
      "lib/toast.test.tsx",
      'import { EmailsScreen } from "@/features/emails/components/emails-screen";\n',
    ],
    ["a module mock", "components/list.test.tsx", 'vi.mock("@/features/emails/components/emails-screen");\n'],
    ["config/", "config/paths.ts", 'export * from "../features/emails";\n'],
  ])("fails on %s", (_, path, text) => {
    const { status, output } = check({ [path]: text });
    expect(status).toBe(1);
    expect(output).toContain(`apps/web/src/${path}:`);
    expect(output).toContain("imports a feature");
  });

  it("names the line of the import", () => {
    const { output } = check({
      "lib/lazy.ts": 'const a = 1;\nexport const b = () => import("@/features/emails");\n',
    });
    expect(output).toContain("apps/web/src/lib/lazy.ts:2:");
  });

  it("passes shared code importing shared code and packages, and app/ combining features", () => {
    const { status, output } = check({
      "lib/undo.ts":
        'import { toast } from "./toast";\nimport { z } from "zod";\nimport { x } from "@/lib/toast";\n',
      "components/features-list.tsx": 'import { featureFlags } from "./feature-flags";\n',
      "components/feature-flags.ts": "export const featureFlags = {};\n",
      "app/router.tsx": 'import { EmailsScreen } from "@/features/emails/components/emails-screen";\n',
      "app/undo.test.tsx": 'import "@/features/emails";\n',
      "main.tsx": 'export const load = () => import("./features/emails");\n',
    });
    expect(output).toBe("");
    expect(status).toBe(0);
  });
});

describe("features never import each other", () => {
  it.each([
    ["by the alias", 'import { EmailsScreen } from "@/features/emails/components/emails-screen";\n'],
    ["by a relative path", 'export { EmailsScreen } from "../../emails/components/emails-screen";\n'],
    ["by a dynamic import", 'const load = () => import("@/features/emails");\n'],
    ["in a module mock", 'vi.mock("@/features/emails/components/emails-screen", () => ({}));\n'],
  ])("fails on an import %s", (_, text) => {
    const { status, output } = check({ "features/contacts/components/contacts-screen.tsx": text });
    expect(status).toBe(1);
    expect(output).toContain('feature "contacts" imports feature "emails"');
  });

  it("passes a feature importing its own files and the shared code", () => {
    const { status } = check({
      "features/contacts/components/contacts-screen.tsx":
        'import { a } from "../utils/texts";\nimport { b } from "@/features/contacts/api/get";\nimport { toast } from "@/lib/toast";\n',
    });
    expect(status).toBe(0);
  });
});
