import { buildSandbox } from "./app.ts";
import { loadEnv } from "./env.ts";

const env = loadEnv();
const app = buildSandbox({
  logger: { level: env.LOG_LEVEL },
  publicUrl: env.SANDBOX_PUBLIC_URL,
  apisportsDailyLimit: env.SANDBOX_APISPORTS_DAILY_LIMIT,
});

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "closing the sandbox");
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "close failed");
        process.exit(1);
      },
    );
  });
}

try {
  const address = await app.listen({ port: env.SANDBOX_PORT, host: env.HOST });
  const base = env.SANDBOX_PUBLIC_URL?.replace(/\/+$/, "") ?? address;
  app.log.info(
    {
      APISPORTS_FOOTBALL_URL: `${base}/apisports/football`,
      APISPORTS_BASKETBALL_URL: `${base}/apisports/basketball`,
      APISPORTS_HOCKEY_URL: `${base}/apisports/hockey`,
      APISPORTS_AMFOOTBALL_URL: `${base}/apisports/american-football`,
      TMDB_BASE_URL: `${base}/tmdb/3`,
      TMDB_IMAGE_BASE_URL: `${base}/tmdb-images/t/p`,
    },
    `sandbox (API-Sports and TMDB stand-ins) listening at ${address}`,
  );
} catch (error) {
  app.log.error({ err: error }, "sandbox failed to start");
  process.exit(1);
}
