import { createServer } from "node:net";

/**
 * A loopback port that was free a moment ago, for a server a test or script is about to start.
 * The probe does not keep the process alive and lets the port go before answering.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
