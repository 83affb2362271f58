import { DatabaseLockedError, DatabaseNotDurableError } from "@backoffice/db";
import { tracedDatabase } from "@backoffice/db/traced";
import { ConfigError, type FrontDoor, runServer, SecretFileError, startTracing } from "@backoffice/server";
import Fastify from "fastify";
import app, { serverOptions } from "./app.ts";
import { bootstrap, openContentDatabase, resolveSecret } from "./bootstrap.ts";
import { loadConfig } from "./config.ts";

/** Errors whose message alone tells the operator what to fix. */
export const expectedErrors = [ConfigError, DatabaseLockedError, DatabaseNotDurableError, SecretFileError];

/** Builds the content service, not yet listening: `node src/server.ts` runs it alone, `npm start` beside the others. */
export async function start() {
  const config = loadConfig();
  const secret = resolveSecret(config);
  // Tracing (only with OTEL_EXPORTER_OTLP_ENDPOINT) starts before the server is built (see the api's).
  const tracing = await startTracing(config, "backoffice-content");
  const front: FrontDoor = {};
  const fastify = Fastify(serverOptions(config, front));
  tracing?.install(fastify);
  const opened = await openContentDatabase(config);
  const db = tracing ? tracedDatabase(opened, tracing.inSpan) : opened;
  fastify.addHook("onClose", async () => db.close());
  await bootstrap(db, config, fastify.log);
  await fastify.register(app, { config, db, secret, front });
  return { fastify, port: config.CONTENT_PORT, host: config.HOST };
}

if (import.meta.main) runServer(start, expectedErrors);
