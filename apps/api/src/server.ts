import { DatabaseLockedError } from "@backoffice/db";
import { ConfigError, readOrCreateContentSecret, runServer, SecretFileError } from "@backoffice/server";
import Fastify from "fastify";
import app, { serverOptions } from "./app.ts";
import { bootstrap, openServices } from "./bootstrap.ts";
import { loadConfig } from "./config.ts";

runServer(async () => {
  const config = loadConfig();
  // Embedded mode shares the content service's generated secret through DATA_DIR (DESIGN §5).
  config.CONTENT_HMAC_SECRET ??= readOrCreateContentSecret(config.DATA_DIR);
  const fastify = Fastify(serverOptions(config));
  const services = await openServices(config, fastify.log);
  fastify.addHook("onClose", async () => services.close());
  await bootstrap(services.db, config, fastify.log);
  await fastify.register(app, { config, ...services });
  return { fastify, port: config.PORT, host: config.HOST };
}, [ConfigError, DatabaseLockedError, SecretFileError]);
