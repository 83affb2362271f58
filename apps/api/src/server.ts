import { DatabaseLockedError, DatabaseNotDurableError } from "@backoffice/db";
import {
  ConfigError,
  type FrontDoor,
  resolveContentSecret,
  runServer,
  SecretFileError,
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
  const [{ default: app, serverOptions }, { bootstrap, openServices }] = await Promise.all([
    import("./app.ts"),
    import("./bootstrap.ts"),
  ]);
  const front: FrontDoor = {};
  const fastify = Fastify(serverOptions(config, front));
  const services = await openServices(config, fastify.log, database);
  fastify.addHook("onClose", async () => services.close());
  // A first run's admin account, shown with the address once the server listens.
  let notice = "";
  await bootstrap(services.db, config, fastify.log, (text) => (notice = text));
  await fastify.register(app, { config, ...services, front });
  return { fastify, port: config.PORT, host: config.HOST, notice };
}

if (import.meta.main) runServer(start, expectedErrors);
