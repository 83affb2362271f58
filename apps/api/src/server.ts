import { DatabaseLockedError, DatabaseNotDurableError } from "@backoffice/db";
import { tracedDatabase } from "@backoffice/db/traced";
import {
  ConfigError,
  type FrontDoor,
  resolveContentSecret,
  runServer,
  SecretFileError,
  startTracing,
} from "@backoffice/server";
import Fastify from "fastify";
import { loadConfig, openApiDatabase } from "./config.ts";

/** Errors whose message alone tells the operator what to fix. */
export const expectedErrors = [ConfigError, DatabaseLockedError, DatabaseNotDurableError, SecretFileError];

/** Builds the api, not yet listening: `node src/server.ts` runs it alone, `npm start` beside the others. */
export async function start() {
  const config = loadConfig();
  // Embedded mode shares the content service's generated secret through DATA_DIR.
  config.CONTENT_HMAC_SECRET = resolveContentSecret({
    secret: config.CONTENT_HMAC_SECRET,
    database: { name: "DATABASE_URL", url: config.DATABASE_URL },
    dataDir: config.DATA_DIR,
    peer: "the content service",
  });
  // The embedded database starts while the app's modules load: a restart is ready about 0.4 s sooner.
  const database = openApiDatabase(config);
  database.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled
  // Tracing (only with OTEL_EXPORTER_OTLP_ENDPOINT) starts before the server is built: its options
  // give requests their spans and log lines their trace id.
  const [{ default: app, serverOptions }, { bootstrap, openServices }, tracing] = await Promise.all([
    import("./app.ts"),
    import("./bootstrap.ts"),
    startTracing(config, "backoffice-api"),
  ]);
  const front: FrontDoor = {};
  const fastify = Fastify(serverOptions(config, front));
  tracing?.install(fastify);
  const services = await openServices(
    config,
    fastify.log,
    tracing ? database.then((db) => tracedDatabase(db, tracing.inSpan)) : database,
  );
  if (tracing && services.redis) tracing.instrumentRedis(services.redis);
  fastify.addHook("onClose", async () => services.close());
  // A first run's admin account, shown with the address once the server listens.
  let notice = "";
  await bootstrap(services.db, config, fastify.log, (text) => (notice = text));
  await fastify.register(app, { config, ...services, front });
  return { fastify, port: config.PORT, host: config.HOST, notice };
}

if (import.meta.main) runServer(start, expectedErrors);
