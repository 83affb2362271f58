import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "@backoffice/db";
import { createTestDatabase } from "@backoffice/db/testing";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import { afterAll, beforeAll } from "vitest";

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

/**
 * For a backup test file: s3rver with `bucket` and fresh api and content databases, started before
 * the file's tests and removed after them, with a folder of the file's own (`dir`). Read them once the
 * tests run.
 */
export function backupStores(bucket: string) {
  const held = { dir: mkdtempSync(join(tmpdir(), `backups-${bucket}-`)) } as {
    dir: string;
    s3: Awaited<ReturnType<typeof startS3>>;
    api: Database;
    content: Database;
  };
  beforeAll(async () => {
    held.s3 = await startS3(join(held.dir, "s3"), bucket);
    [held.api, held.content] = await Promise.all([createTestDatabase("api"), createTestDatabase("content")]);
  }, 60_000);
  afterAll(async () => {
    await held.s3?.close().catch(() => {});
    await Promise.all([held.api?.close(), held.content?.close()]);
    rmSync(held.dir, { recursive: true, force: true });
  });
  return held;
}
