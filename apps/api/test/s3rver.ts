import type { AddressInfo } from "node:net";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";

/** A real S3-protocol server (s3rver) on 127.0.0.1, an ephemeral port and its own folder, with one bucket. */
export async function startS3(
  directory: string,
  bucket: string,
): Promise<{ endpoint: string; close(): Promise<void> }> {
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    // Down for good: kept-alive connections too, as when the store's host stops.
    close: async () => {
      const closing = server.close();
      server.httpServer.closeAllConnections();
      await closing;
    },
  };
}
