import { DatabaseLockedError } from "@backoffice/db";
import Fastify from "fastify";
import app, { serverOptions } from "./app.ts";
import { bootstrap, openContentDatabase, resolveSecret } from "./bootstrap.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { SecretFileError } from "./secret.ts";

async function main() {
  const config = loadConfig();
  const secret = resolveSecret(config);
  const fastify = Fastify(serverOptions(config));
  const db = await openContentDatabase(config);
  fastify.addHook("onClose", async () => db.close());
  await bootstrap(db, config, fastify.log);
  await fastify.register(app, { config, db, secret });

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
  await fastify.listen({ port: config.CONTENT_PORT, host: config.HOST });
}

main().catch((error) => {
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseLockedError ||
    error instanceof SecretFileError
  ) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
