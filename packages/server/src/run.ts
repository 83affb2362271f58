import type { FastifyInstance } from "fastify";
import { framed } from "./banner.ts";

/**
 * How long a stopping server lets requests in flight finish before it cuts what is still open (a
 * stalled export or upload) and exits. A process manager waits 10 s before it kills: on a loaded
 * machine the exit and npm's own came up to 3 s after an 8 s grace (11.0 s), so 5 s leaves that
 * margin twice over. `npm start` (scripts/start.mjs) uses the same.
 */
export const SHUTDOWN_GRACE_MS = 5000;

/** Errors whose message alone tells the operator what to fix (bad setting, locked data folder...). */
export type ExpectedError = abstract new (...args: never[]) => Error;

/**
 * Starts a server built by `start` and closes it gracefully on SIGINT/SIGTERM (SHUTDOWN_GRACE_MS at most, a
 * second signal at once).
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
          // A second signal while closing: the operator does not want to wait.
          if (closing) process.exit(1);
          closing = true;
          fastify.log.info({ signal }, "shutting down");
          // Requests in flight may finish; a client that holds its answer open (a slow export, a
          // stalled download or upload) is cut at the deadline, so the process is gone well within
          // 10 s whatever is open.
          setTimeout(() => {
            fastify.log.warn("still closing after the grace period: connections cut");
            fastify.server.closeAllConnections();
            process.exit(1);
          }, SHUTDOWN_GRACE_MS).unref();
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
