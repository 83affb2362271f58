import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// Links to the repository's own documents (scripts/check-doc-links.mjs), run on fixture trees.
// The fixtures' links are put together here, so that this file cites no document itself.

const script = join(import.meta.dirname, "check-doc-links.mjs");
let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** `path` + ".md", with "#anchor" when given. */
const doc = (path: string, anchor?: string) => (anchor === undefined ? `${path}.md` : `${path}.md#${anchor}`);

const RULES = [
  "# Rules",
  "",
  "## Team and access",
  "### Team screen and invitations",
  "## Public reads with `ETag` and 304",
  "## Noise, and CI's short run",
  "## Later the same day: 1,225 tests in 13:24",
  "## The `snake_case` *bold* _emphasis_ heading ##",
  "## History",
  "## History",
  "```md",
  "## Not a heading",
  "```",
  '<a id="kept-anchor"></a>',
  "",
].join("\n");

/** Writes the tree (path → content) and runs the check on it: its exit code and reported lines. */
function check(files: Record<string, string>) {
  dir = mkdtempSync(join(tmpdir(), "doc-links-"));
  for (const [path, text] of Object.entries({ [doc("docs/RULES")]: RULES, ...files })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const result = spawnSync(process.execPath, [script, dir], { encoding: "utf8" });
  const reported = result.stderr
    .split("\n")
    .filter((line) => /^\S+:\d+: /.test(line))
    .map((line) => line.slice(0, line.indexOf(": ")));
  return { status: result.status, reported, output: result.stderr };
}

describe("headings by GitHub's anchor rules", () => {
  it("finds every heading, numbered repeats and HTML ids; code blocks hold none", () => {
    const anchors = [
      "rules",
      "team-and-access",
      "team-screen-and-invitations",
      "public-reads-with-etag-and-304",
      "noise-and-cis-short-run",
      "later-the-same-day-1225-tests-in-1324",
      "the-snake_case-bold-emphasis-heading",
      "history",
      "history-1",
      "kept-anchor",
    ];
    const { status, output } = check({
      "apps/api/src/a.ts": anchors.map((anchor) => `// ${doc("docs/RULES", anchor)}\n`).join(""),
    });
    expect(output).toBe("");
    expect(status).toBe(0);
  });

  it.each([
    ["a heading that is not there", "team"],
    ["a third repeat", "history-2"],
    ["a heading inside a code block", "not-a-heading"],
    ["an anchor in capitals", "Team-and-access"],
    ["the text with its punctuation", "noise,-and-ci's-short-run"],
  ])("fails on %s", (_, anchor) => {
    const { status, reported } = check({ "apps/api/src/a.ts": `\n// See ${doc("docs/RULES", anchor)}.\n` });
    expect(status).toBe(1);
    expect(reported).toEqual(["apps/api/src/a.ts:2"]);
  });
});

describe("where links are found", () => {
  it("reports each broken link with its file and line, in code, SQL and markdown", () => {
    const { status, reported, output } = check({
      "apps/web/src/team.tsx": `/**\n * Team (${doc("docs/RULES", "team")}): members.\n */\n`,
      "packages/db/migrations/api/0001_x.sql": `-- Levels (${doc("docs/RULES", "team-and-access")}).\n-- ${doc("docs/RULES", "levels")}\n`,
      "scripts/x.mjs": `// ${doc("docs/MISSING", "anchor")}\n`,
      "e2e/team.e2e.ts": `test("Team (${doc("docs/RULES", "team")})", () => {});\n`,
      [doc("README")]: [
        "# Readme",
        `[rules](${doc("docs/RULES", "history-1")}) and [this](#readme) and [gone](#gone)`,
        `[missing](${doc("docs/GONE")}) [folder](docs/) [site](https://example.com/${doc("docs/RULES", "x")})`,
        `[ref]: ${doc("docs/RULES", "nope")}`,
        `Cited in text: ${doc("docs/RULES", "sessions")}.`,
      ].join("\n"),
      [doc("docs/decisions/001-x")]:
        `# 001\n\nSee [the rule](${doc("../RULES", "team")}) and [access](${doc("../RULES", "team-and-access")}).\n`,
      // Not the repository's: dependencies are not checked.
      "node_modules/pkg/index.ts": `// ${doc("docs/RULES", "nope")}\n`,
    });
    expect(status).toBe(1);
    expect(reported.sort()).toEqual(
      [
        "apps/web/src/team.tsx:2",
        "packages/db/migrations/api/0001_x.sql:2",
        "scripts/x.mjs:1",
        "e2e/team.e2e.ts:1",
        "README.md:2",
        "README.md:3",
        "README.md:4",
        "README.md:5",
        "docs/decisions/001-x.md:3",
      ].sort(),
    );
    expect(output).toContain(
      'has no heading "#team" (did you mean #team-and-access, #team-screen-and-invitations?)',
    );
    expect(output).toContain("no such file");
  });
});
