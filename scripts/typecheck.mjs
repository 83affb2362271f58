// Type-checks every workspace (strict) with TypeScript project references: `tsc -b` checks each
// project once, in dependency order, and keeps incremental state (declarations and .tsbuildinfo
// files in .cache/tsbuild, outside node_modules so a reinstall keeps it), so an unchanged project is not checked again.
import { spawnSync } from "node:child_process";

const result = spawnSync("npx", ["tsc", "-b", "tsconfig.build.json"], { stdio: "inherit" });
process.exit(result.status ?? 1);
