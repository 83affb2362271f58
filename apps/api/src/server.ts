import { DatabaseLockedError } from "@backoffice/db";
import {
  ConfigError,
  type FrontDoor,
  readOrCreateContentSecret,
  runServer,
  SecretFileError,
} from "@backoffice/server";
import Fastify from "fastify";
import { loadConfig, openApiDatabase } from "./config.ts";

/** Errors whose message alone tells the operator what to fix. */
export const expectedErrors = [ConfigError, DatabaseLockedError, SecretFileError];

/** Builds the api, not yet listening: `node src/server.ts` runs it alone, `npm start` beside the others. */
export async function start() {
  const config = loadConfig();
  // The embedded database starts while the app's modules load: a restart is ready about 0.4 s sooner.
  const database = openApiDatabase(config);
  database.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled
  const [{ default: app, serverOptions }, { bootstrap, openServices }] = await Promise.all([
    import("./app.ts"),
    import("./bootstrap.ts"),
  ]);
  // Embedded mode shares the content service's generated secret through DATA_DIR.
  config.CONTENT_HMAC_SECRET ??= readOrCreateContentSecret(config.DATA_DIR);
  const front: FrontDoor = {};
  const fastify = Fastify(serverOptions(config, front));
  const services = await openServices(config, fastify.log, database);
  fastify.addHook("onClose", async () => services.close());
  await bootstrap(services.db, config, fastify.log);
  await fastify.register(app, { config, ...services, front });
  return { fastify, port: config.PORT, host: config.HOST };
}

if (import.meta.main) runServer(start, expectedErrors);
