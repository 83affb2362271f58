// The real API (in-memory PGlite, demo data) on a free port; prints the port on stdout.
import { createWriteStream } from "node:fs";
import { migrate, openDatabase } from "@backoffice/db";
import Fastify from "fastify";
import app, { serverOptions } from "../apps/api/src/app.ts";
import { bootstrap } from "../apps/api/src/bootstrap.ts";
import { loadConfig } from "../apps/api/src/config.ts";
import { memoryCounters } from "../apps/api/src/lib/counters.ts";
import { createPublicCache } from "../apps/api/src/lib/public-cache.ts";

// Logging as in production (info), into /dev/null: its cost is part of what is measured.
const config = loadConfig({
  LOG_LEVEL: "info",
  SEED_DEMO: "true",
  ADMIN_PASSWORD: "bench-password-1",
  WEB_DIST_DIR: "/nonexistent",
});
const db = await openDatabase({ dataDir: "memory://" });
await migrate(db, "api");
const options = serverOptions(config);
const fastify = Fastify({
  ...options,
  logger: { ...(options.logger as object), stream: createWriteStream("/dev/null") },
});
await bootstrap(db, config, fastify.log, () => {});
const mailer = { send: async () => {} };
await fastify.register(app, {
  config,
  db,
  counters: memoryCounters(),
  mailer,
  publicCache: createPublicCache(),
});
await fastify.listen({ port: 0, host: "127.0.0.1" });
const address = fastify.server.address();
process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
