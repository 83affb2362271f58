import type { FastifyInstance } from "fastify";
import { framed } from "./banner.ts";

/** Errors whose message alone tells the operator what to fix (bad setting, locked data folder...). */
export type ExpectedError = abstract new (...args: never[]) => Error;

/**
 * Starts a server built by `start` and closes it gracefully on SIGINT/SIGTERM (10 s at most).
 * An expected start-up error prints its one-line message; anything else its stack; both exit 1.
 * A server with a `notice` (the api: its address, a first run's admin account) prints it framed
 * once it listens.
 */
export function runServer(
  start: () => Promise<{ fastify: FastifyInstance; port: number; host: string; notice?: string }>,
  expected: ExpectedError[],
): void {
  start()
    .then(async ({ fastify, port, host, notice }) => {
      let closing = false;
      for (const signal of ["SIGINT", "SIGTERM"] as const) {
        process.on(signal, () => {
          if (closing) return;
          closing = true;
          fastify.log.info({ signal }, "shutting down");
          setTimeout(() => process.exit(1), 10_000).unref();
          fastify.close().then(
            () => process.exit(0),
            () => process.exit(1),
          );
        });
      }
      await fastify.listen({ port, host });
      if (notice !== undefined)
        process.stdout.write(
          framed(`Back-office ready at http://${host}:${port}${notice ? `\n\n${notice}` : ""}`),
        );
    })
    .catch((error: Error) => {
      console.error(expected.some((type) => error instanceof type) ? error.message : error);
      process.exit(1);
    });
}
