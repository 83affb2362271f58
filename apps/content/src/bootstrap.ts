import { join } from "node:path";
import { type Database, migrate, openDatabase } from "@backoffice/db";
import { resolveContentSecret } from "@backoffice/server";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.ts";
import { seedDemoTitles } from "./seed/demo.ts";

/** The content database: PostgreSQL at CONTENT_DATABASE_URL, or PGlite under DATA_DIR/content. */
export function openContentDatabase(config: Config): Promise<Database> {
  return openDatabase({ url: config.CONTENT_DATABASE_URL, dataDir: join(config.DATA_DIR, "content") });
}

/**
 * The signing secret: CONTENT_HMAC_SECRET, or in embedded mode the one kept in DATA_DIR (generated on
 * the first run, read by the main API too). A PostgreSQL deployment must configure it.
 */
export function resolveSecret(config: Config): string {
  return resolveContentSecret({
    secret: config.CONTENT_HMAC_SECRET,
    database: { name: "CONTENT_DATABASE_URL", url: config.CONTENT_DATABASE_URL },
    dataDir: config.DATA_DIR,
    peer: "the main API",
  });
}

/** Applies migrations; on the database's very first start adds the demo titles unless SEED_DEMO=false. */
export async function bootstrap(db: Database, config: Config, log: FastifyBaseLogger): Promise<void> {
  const applied = await migrate(db, "content");
  if (applied.length) log.info({ applied }, "migrations applied");
  const seeded = await db.transaction(async (tx) => {
    // Marked once, so deleting every title later does not bring the demo titles back.
    const first = await tx.query(
      "insert into service_state (key, value) values ('initialized', $1) on conflict (key) do nothing returning key",
      [new Date().toISOString()],
    );
    if (first.length === 0 || !config.SEED_DEMO) return 0;
    const [row] = await tx.query<{ count: number }>("select count(*)::int as count from titles");
    return row!.count === 0 ? seedDemoTitles(tx) : 0;
  });
  if (seeded) log.info({ titles: seeded }, "demo titles added (SEED_DEMO=false turns this off)");
}
