// The web app's dependencies point one way (docs/ARCHITECTURE.md#web-layout-a-folder-per-feature):
// - a feature (apps/web/src/features/<name>/) may import its own files, the shared code and packages,
//   never another feature;
// - the shared code (components/, hooks/, lib/, sites/, config/) never imports a feature, not even
//   to pass one on: only the routes in apps/web/src/app (and main.tsx) combine features.
// Every way a file names another module counts: imports, re-exports (`export … from`), side-effect
// imports, dynamic `import()`, `require()` and the module mocks of tests, by the "@/" alias or a
// relative path. Run by `npm run check`; `node scripts/check-feature-imports.mjs <root>` checks
// another tree (the unit test's fixtures).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(process.argv[2] ?? fileURLToPath(new URL("..", import.meta.url)));
const src = join(root, "apps/web/src");
const features = join(src, "features");
/** The folders of code every feature may use, which therefore may use no feature. */
const SHARED = ["components", "hooks", "lib", "sites", "config"];

// `from "x"` (imports and re-exports, across lines), `import "x"`, and calls naming a module:
// `import("x")`, `require("x")`, `vi.mock("x")`, `vi.importActual("x")` (any quote, across lines).
const SPECIFIER =
  /\bfrom\s*["'`]([^"'`]+)["'`]|\bimport\s*["'`]([^"'`]+)["'`]|(?:\bimport|\brequire|\bvi\.(?:mock|doMock|unmock|importActual|importMock))\s*\(\s*["'`]([^"'`]+)["'`]/g;

/** The feature a path inside apps/web/src/features belongs to ("" for the folder itself), or undefined outside it. */
function featureOf(path) {
  const inside = relative(features, path);
  if (inside.startsWith("..") || inside.startsWith(sep) || /^[a-zA-Z]:/.test(inside)) return undefined;
  return inside.split(sep)[0];
}

/** The shared folder a path belongs to, or undefined. */
function sharedOf(path) {
  const inside = relative(src, path);
  if (inside.startsWith("..")) return undefined;
  const top = inside.split(sep)[0];
  return SHARED.includes(top) ? top : undefined;
}

/** Where an import specifier points in the file system, for the "@/" alias and relative paths. */
function target(file, specifier) {
  if (specifier === "@" || specifier.startsWith("@/")) return join(src, specifier.slice(2));
  if (specifier.startsWith(".")) return resolve(dirname(file), specifier);
  return undefined;
}

function* sourceFiles(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(entry.name))
      yield join(entry.parentPath, entry.name);
  }
}

const lineOf = (text, index) => text.slice(0, index).split("\n").length;

const problems = [];
for (const file of [
  ...sourceFiles(features),
  ...SHARED.flatMap((folder) => [...sourceFiles(join(src, folder))]),
]) {
  const own = featureOf(file);
  const shared = sharedOf(file);
  const text = readFileSync(file, "utf8");
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    const path = target(file, specifier);
    const other = path && featureOf(path);
    if (other === undefined) continue;
    const where = `${relative(root, file)}:${lineOf(text, match.index)}`;
    if (shared) problems.push(`${where}: ${shared}/ imports a feature ("${specifier}")`);
    else if (other !== own)
      problems.push(`${where}: feature "${own}" imports feature "${other}" ("${specifier}")`);
  }
}

if (problems.length > 0) {
  console.error(problems.join("\n"));
  console.error(
    "Features never import each other, and components/, hooks/, lib/, sites/ and config/ never import a feature: move what both need to the shared folders, or combine them in apps/web/src/app.",
  );
  process.exit(1);
}
