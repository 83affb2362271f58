import { DatabaseLockedError } from "@backoffice/db";
import Fastify from "fastify";
import app, { serverOptions } from "./app.ts";
import { bootstrap, openServices } from "./bootstrap.ts";
import { ConfigError, loadConfig } from "./config.ts";

async function main() {
  const config = loadConfig();
  const fastify = Fastify(serverOptions(config));
  const services = await openServices(config, fastify.log);
  await bootstrap(services.db, config, fastify.log);
  await fastify.register(app, { config, ...services });
  fastify.addHook("onClose", async () => services.close());

  let closing = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      fastify.log.info({ signal }, "shutting down");
      const timer = setTimeout(() => process.exit(1), 10_000);
      timer.unref();
      fastify.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await fastify.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
