import { migrate } from "@backoffice/db";
import { loadConfig, openApiDatabase } from "../config.ts";
import { verifyHistoryChain } from "../lib/history-chain.ts";

const USAGE = `Usage: npm run history -- verify
Recomputes History's hash chain from the oldest kept entry (docs/PRODUCT-RULES.md#history-trash-and-undo)
and names every entry changed or removed outside the product. Exits 0 when the chain is intact, 1
otherwise. With the embedded database, stop the server first; with DATABASE_URL it may run beside it.`;

async function main() {
  const [command] = process.argv.slice(2);
  if (command !== "verify") {
    console.error(USAGE);
    process.exit(command === "--help" ? 0 : 2);
  }
  const db = await openApiDatabase(loadConfig());
  try {
    await migrate(db, "api");
    const started = performance.now();
    const report = await verifyHistoryChain(db);
    for (const problem of report.problems) console.log(problem.message);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (report.problems.length > 0) {
      console.log(
        `History is NOT intact: ${report.problems.length} problem${report.problems.length === 1 ? "" : "s"} in ${report.entries} entries checked (${seconds} s).`,
      );
      process.exitCode = 1;
    } else
      console.log(
        `History is intact: ${report.entries} entries checked (${seconds} s). Head: entry #${report.head.seq}, ${report.head.hash}.`,
      );
  } finally {
    await db.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
