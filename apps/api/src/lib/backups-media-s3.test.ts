import { join } from "node:path";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { backupStores } from "../../test/s3rver.ts";
import { createBackups, directContentStore } from "./backups.ts";
import { s3Storage } from "./media-storage.ts";

// Media kept in a bucket (MEDIA_S3_BUCKET) are in the backups and come back with a restore, on a
// real S3-protocol server (s3rver started here, never a mock of the client).
const stores = backupStores("media");

const hash = (c: string) => c.repeat(64);
const read = async (bucket: ReturnType<typeof s3Storage>, key: string) => {
  const stored = await bucket.get(key);
  if (!stored) return undefined;
  const pieces: Buffer[] = [];
  for await (const piece of stored.body) pieces.push(Buffer.from(piece));
  return Buffer.concat(pieces).toString();
};

describe("media kept in a bucket", () => {
  it("are backed up from the bucket and put back by a restore; other keys are left alone", async () => {
    const bucket = s3Storage({
      endpoint: stores.s3.endpoint,
      bucket: "media",
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    });
    const [kept, variant, upload] = [`${hash("a")}.png`, `${hash("a")}-160.webp`, `upload-${hash("b")}.jpg`];
    await bucket.put(kept, Buffer.from("png bytes"), "image/png");
    await bucket.put(variant, Buffer.from("webp bytes"), "image/webp");
    await bucket.put(upload, Buffer.from("jpeg upload"), "image/jpeg");
    // Not media: a backup's off-site copy and another tool's key in a shared bucket.
    await bucket.put("backups/20200101-033000-aaaa.backup", Buffer.from("x"), "application/octet-stream");
    await bucket.put("notes.txt", Buffer.from("y"), "text/plain");

    const service = createBackups({
      db: stores.api,
      content: directContentStore(stores.content),
      dataDir: join(stores.dir, "data"),
      backupDir: join(stores.dir, "backups"),
      keepDaily: 2,
      keepWeekly: 1,
      media: bucket,
      log: pino({ level: "silent" }),
    });
    const backup = await service.take();
    expect(backup).toMatchObject({ status: "ready", verified: true });
    expect((await service.preview(backup.id)).files.media).toBe(3);

    // After the backup: one file gone (purged), another image added.
    await bucket.remove(variant);
    const later = `${hash("c")}.gif`;
    await bucket.put(later, Buffer.from("gif bytes"), "image/gif");

    await service.restore(backup.id);
    // The backup's files, the same bytes; the later one removed; the keys that are not media untouched.
    expect((await bucket.list("")).sort()).toEqual(
      [kept, variant, upload, "backups/20200101-033000-aaaa.backup", "notes.txt"].sort(),
    );
    expect(await read(bucket, variant)).toBe("webp bytes");
    expect(await read(bucket, kept)).toBe("png bytes");
    expect(await read(bucket, later)).toBeUndefined();
    // The safety backup taken before the restore holds the bucket's files as they were then.
    const safety = service.list().find((item) => item.kind === "safety")!;
    expect((await service.preview(safety.id)).files.media).toBe(3);
    bucket.close();
  }, 120_000);
});
