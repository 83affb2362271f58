// Compiles each server (apps/api, apps/content, apps/sandbox) ahead of time into one ES module,
// apps/<name>/dist/server.mjs, so that `npm start` runs plain `node` instead of transpiling every
// TypeScript file through tsx at each start (docs/PERFORMANCE.md, "Start-up"). Our workspace
// packages are bundled in; npm dependencies stay imports (resolved from node_modules at run time).
// Tests, `npm run dev`-style runs and the CLIs keep running the TypeScript sources.
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const servers = ["api", "content", "sandbox"].filter((name) =>
  existsSync(join(root, "apps", name, "src/server.ts")),
);
export const builtEntry = (name) => join(root, "apps", name, "dist/server.mjs");

/** The newest modification time of the files below `dir` (outside node_modules and dist). */
export function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** True when a server's bundle is missing or older than a source it may include. */
export function serversStale() {
  const sources = Math.max(
    statSync(fileURLToPath(import.meta.url)).mtimeMs,
    ...["contracts", "db", "server"].map((name) => newestMtime(join(root, "packages", name, "src"))),
    ...servers.map((name) => newestMtime(join(root, "apps", name, "src"))),
  );
  return servers.some(
    (name) => !existsSync(builtEntry(name)) || statSync(builtEntry(name)).mtimeMs < sources,
  );
}

// A bundled module's `import.meta.url` would be the bundle's: sources that locate files next to
// themselves (migrations, the repository root) get their own location, relative to the bundle.
const ownLocation = {
  name: "own-location",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const { readFile } = await import("node:fs/promises");
      let contents = await readFile(args.path, "utf8");
      if (contents.includes("import.meta.")) {
        const out = dirname(join(root, build.initialOptions.outdir, "x"));
        const url = (file) => `new URL(${JSON.stringify(relative(out, file))}, import.meta.url)`;
        contents = contents
          .replaceAll("import.meta.url", `${url(args.path)}.href`)
          .replaceAll("import.meta.dirname", `fileURLToPath__(${url(dirname(args.path))})`);
        if (contents.includes("fileURLToPath__"))
          contents = `import { fileURLToPath as fileURLToPath__ } from "node:url";\n${contents}`;
      }
      return { contents, loader: "ts" };
    });
  },
};

// npm dependencies are not bundled: several find their own files (PGlite's WebAssembly, the
// Swagger UI's assets, argon2's native binary) next to their modules.
const dependenciesExternal = {
  name: "dependencies-external",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@backoffice/") ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServers() {
  const esbuild = await import("esbuild");
  for (const name of servers) rmSync(dirname(builtEntry(name)), { recursive: true, force: true });
  await Promise.all(
    servers.map((name) =>
      esbuild.build({
        absWorkingDir: root,
        entryPoints: { server: `apps/${name}/src/server.ts` },
        outdir: `apps/${name}/dist`,
        outExtension: { ".js": ".mjs" },
        bundle: true,
        // The dynamic imports stay separate files: a server opens its database while they load.
        splitting: true,
        chunkNames: "[name]-[hash]",
        platform: "node",
        format: "esm",
        target: "node20",
        logLevel: "warning",
        plugins: [dependenciesExternal, ownLocation],
      }),
    ),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServers();
