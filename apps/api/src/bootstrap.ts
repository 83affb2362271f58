import { type Database, migrate, underStartLock } from "@backoffice/db";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import { type Config, openApiDatabase } from "./config.ts";
import { type Counters, memoryCounters, resilientCounters } from "./lib/counters.ts";
import { generatePassword, hashPassword } from "./lib/crypto.ts";
import { createMailer, type Mailer } from "./lib/mailer.ts";
import { createPublicCache, type PublicCache } from "./lib/public-cache.ts";
import { connectRedis } from "./lib/redis.ts";
import { usersRepository } from "./routes/auth/repository.ts";
import { seedDemoData } from "./seed/demo.ts";

export interface Services {
  db: Database;
  counters: Counters;
  mailer: Mailer;
  publicCache: PublicCache;
  redis: Redis | undefined;
  close(): Promise<void>;
}

/** Opens the database (or takes the one being opened), the counters (Redis or memory) and the mailer. */
export async function openServices(
  config: Config,
  log: FastifyBaseLogger,
  database: Promise<Database> = openApiDatabase(config),
): Promise<Services> {
  const db = await database;
  let redis: Redis | undefined;
  if (config.REDIS_URL) redis = await connectRedis(config.REDIS_URL, log);
  const publicCache = createPublicCache(
    redis ? { redis, onPublishError: (err) => log.warn({ err }, "invalidation not published") } : {},
  );
  // Not before it hears the other instances' invalidations: a copy cached earlier could stay stale.
  await publicCache.ready();
  return {
    db,
    redis,
    publicCache,
    counters: redis ? resilientCounters(redis) : memoryCounters(),
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log }),
    async close() {
      await publicCache.close();
      redis?.disconnect();
      await db.close();
    },
  };
}

/** Applies migrations; on an empty database creates the first admin and, unless turned off, demo data. */
export async function bootstrap(
  db: Database,
  config: Config,
  log: FastifyBaseLogger,
  announce: (text: string) => void,
): Promise<void> {
  const applied = await migrate(db, "api");
  if (applied.length) log.info({ applied }, "migrations applied");
  const password = config.ADMIN_PASSWORD ?? generatePassword();
  // Instances starting together on one empty database: the lock lets exactly one see no user.
  const admin = await underStartLock(db, async (tx) => {
    const users = usersRepository(tx);
    if ((await users.count()) > 0) return undefined;
    return users.create({
      email: config.ADMIN_EMAIL,
      passwordHash: await hashPassword(password),
      role: "admin",
    });
  });
  if (!admin) return;
  // Shown once, outside the request log (the generated password never lands in log storage), in
  // the framed block the server prints once it listens (packages/server/src/banner.ts).
  announce(
    config.ADMIN_PASSWORD
      ? `First run: admin account ${config.ADMIN_EMAIL} created with the password from ADMIN_PASSWORD.`
      : `First run: admin account created.\n  email:    ${config.ADMIN_EMAIL}\n  password: ${password}\nThis password is shown only once: change it in Edit Profile.`,
  );
  if (config.SEED_DEMO) {
    await seedDemoData(db, {
      publicUrl: config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`,
      // The demo's stream links: the provider sandbox's streams (npm start lets the link probe reach it).
      streamsUrl: `${config.SANDBOX_URL.replace(/\/+$/, "")}/streams`,
      admin: { id: admin.id, email: admin.email },
    });
    log.info("demo data added (SEED_DEMO=false turns this off)");
  }
}
