import { DatabaseLockedError } from "@backoffice/db";
import { ConfigError, runServer } from "@backoffice/server";
import Fastify from "fastify";
import app, { serverOptions } from "./app.ts";
import { bootstrap, openServices } from "./bootstrap.ts";
import { loadConfig } from "./config.ts";

runServer(async () => {
  const config = loadConfig();
  const fastify = Fastify(serverOptions(config));
  const services = await openServices(config, fastify.log);
  fastify.addHook("onClose", async () => services.close());
  await bootstrap(services.db, config, fastify.log);
  await fastify.register(app, { config, ...services });
  return { fastify, port: config.PORT, host: config.HOST };
}, [ConfigError, DatabaseLockedError]);
