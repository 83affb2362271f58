import { DatabaseLockedError } from "@backoffice/db";
import { ConfigError, type FrontDoor, runServer, SecretFileError } from "@backoffice/server";
import Fastify from "fastify";
import app, { serverOptions } from "./app.ts";
import { bootstrap, openContentDatabase, resolveSecret } from "./bootstrap.ts";
import { loadConfig } from "./config.ts";

runServer(async () => {
  const config = loadConfig();
  const secret = resolveSecret(config);
  const front: FrontDoor = {};
  const fastify = Fastify(serverOptions(config, front));
  const db = await openContentDatabase(config);
  fastify.addHook("onClose", async () => db.close());
  await bootstrap(db, config, fastify.log);
  await fastify.register(app, { config, db, secret, front });
  return { fastify, port: config.CONTENT_PORT, host: config.HOST };
}, [ConfigError, DatabaseLockedError, SecretFileError]);
