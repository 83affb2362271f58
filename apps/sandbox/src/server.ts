import { ConfigError, runServer, serverOptions } from "@backoffice/server";
import { buildSandbox } from "./app.ts";
import { loadEnv } from "./env.ts";

/** Errors whose message alone tells the operator what to fix. */
export const expectedErrors = [ConfigError];

/** Builds the sandbox, not yet listening: `node src/server.ts` runs it alone, `npm start` beside the others. */
export async function start() {
  const env = loadEnv();
  const shared = serverOptions({ logLevel: env.LOG_LEVEL, bodyLimit: 0 });
  const fastify = buildSandbox({
    // The servers' one logger: readable lines in a terminal (without request lines), JSON otherwise.
    logger: shared.logger,
    logController: shared.logController,
    publicUrl: env.SANDBOX_PUBLIC_URL,
    apisportsDailyLimit: env.SANDBOX_APISPORTS_DAILY_LIMIT,
  });
  fastify.addHook("onListen", async () => {
    const base = env.SANDBOX_PUBLIC_URL?.replace(/\/+$/, "") ?? `http://${env.HOST}:${env.SANDBOX_PORT}`;
    fastify.log.info(
      {
        APISPORTS_FOOTBALL_URL: `${base}/apisports/football`,
        APISPORTS_BASKETBALL_URL: `${base}/apisports/basketball`,
        APISPORTS_HOCKEY_URL: `${base}/apisports/hockey`,
        APISPORTS_AMFOOTBALL_URL: `${base}/apisports/american-football`,
        TMDB_BASE_URL: `${base}/tmdb/3`,
        TMDB_IMAGE_BASE_URL: `${base}/tmdb-images/t/p`,
      },
      `sandbox (API-Sports and TMDB stand-ins) listening at ${base}`,
    );
  });
  return { fastify, port: env.SANDBOX_PORT, host: env.HOST };
}

if (import.meta.main) runServer(start, expectedErrors);
