import { parseArgs } from "node:util";
import { isSite, type Site, siteHas } from "@backoffice/contracts";
import { migrate } from "@backoffice/db";
import pino from "pino";
import { openServices } from "../bootstrap.ts";
import { loadConfig } from "../config.ts";
import { type BulkRows, insertBulkRows } from "../seed/bulk.ts";

const USAGE = `Usage:
  npm run seed -- [--emails N] [--contacts N] [--site SITE] [--days D]
Adds N generated email subscriptions (default site apkw) and N contact messages (default movies),
spread over the last D days (default 730), to the configured database. Stop the server first when
using the embedded database.`;

function wholeNumber(name: string, value: string | undefined): number {
  const number = Number(value);
  if (!/^\d+$/.test(value ?? "") || number > 100_000_000)
    throw new Error(`${name} must be a whole number from 0 to 100000000.\n${USAGE}`);
  return number;
}

async function main() {
  const { values } = parseArgs({
    options: {
      emails: { type: "string", default: "0" },
      contacts: { type: "string", default: "0" },
      site: { type: "string" },
      days: { type: "string", default: "730" },
    },
  });
  if (values.site !== undefined && !isSite(values.site))
    throw new Error(`--site must be apkw, sportbn or movies.\n${USAGE}`);
  const site = values.site as Site | undefined;
  const days = wholeNumber("--days", values.days);
  const jobs: BulkRows[] = [
    {
      table: "email_subscriptions" as const,
      site: site ?? "apkw",
      count: wholeNumber("--emails", values.emails),
      days,
    },
    {
      table: "contact_messages" as const,
      site: site ?? "movies",
      count: wholeNumber("--contacts", values.contacts),
      days,
    },
  ].filter((job) => job.count > 0);
  if (jobs.length === 0) throw new Error(`Nothing to add.\n${USAGE}`);
  for (const job of jobs) {
    const resource = job.table === "email_subscriptions" ? "emails" : "contacts";
    if (!siteHas(job.site, resource)) throw new Error(`${job.site} has no ${resource}.`);
  }

  const services = await openServices(loadConfig(), pino({ level: "warn" }));
  try {
    await migrate(services.db, "api");
    for (const job of jobs) {
      const label = `${job.site} ${job.table === "email_subscriptions" ? "emails" : "contacts"}`;
      const started = performance.now();
      await insertBulkRows(services.db, job, (stored) =>
        process.stdout.write(
          `\r${label}: ${stored.toLocaleString("en-US")} / ${job.count.toLocaleString("en-US")}`,
        ),
      );
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\r${label}: ${job.count.toLocaleString("en-US")} rows in ${seconds} s\n`);
      // Fresh statistics and visibility map, so the pages are planned and read well at once.
      await services.db.query(`vacuum analyze ${job.table}`);
    }
  } finally {
    await services.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
