// Features of the web app never import each other: a file under apps/web/src/features/<name>/ may
// import its own feature, the shared code (components, lib, hooks, sites, config) and packages, never
// another feature (the routes in apps/web/src/app combine them). Run by `npm run check`.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const src = join(root, "apps/web/src");
const features = join(src, "features");

// Static imports and re-exports (`from "x"`), side-effect imports (`import "x"`), dynamic imports
// (`import("x")`) and module mocks of tests (`vi.mock("x")`).
const SPECIFIER =
  /\bfrom\s*["']([^"']+)["']|\bimport\s*\(?\s*["']([^"']+)["']|\bvi\.mock\(\s*["']([^"']+)["']/g;

/** The feature a path inside apps/web/src/features belongs to, or undefined outside it. */
function featureOf(path) {
  const inside = relative(features, path);
  if (inside.startsWith("..") || inside === "") return undefined;
  return inside.split(sep)[0];
}

/** Where an import specifier points in the file system, for the "@/" alias and relative paths. */
function target(file, specifier) {
  if (specifier.startsWith("@/")) return join(src, specifier.slice(2));
  if (specifier.startsWith(".")) return resolve(dirname(file), specifier);
  return undefined;
}

const problems = [];
for (const entry of readdirSync(features, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.(ts|tsx|mts|js|jsx|mjs)$/.test(entry.name)) continue;
  const file = join(entry.parentPath, entry.name);
  const own = featureOf(file);
  const lines = readFileSync(file, "utf8").split("\n");
  lines.forEach((line, index) => {
    for (const match of line.matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      const path = target(file, specifier);
      const other = path && featureOf(path);
      if (other && other !== own)
        problems.push(
          `${relative(root, file)}:${index + 1}: feature "${own}" imports feature "${other}" ("${specifier}")`,
        );
    }
  });
}

if (problems.length > 0) {
  console.error(problems.join("\n"));
  console.error(
    "Features never import each other: move what both need to apps/web/src/components, lib or hooks, or combine them in apps/web/src/app.",
  );
  process.exit(1);
}
