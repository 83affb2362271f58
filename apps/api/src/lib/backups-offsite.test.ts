import { readFileSync } from "node:fs";
import { join } from "node:path";
import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../test/helpers.ts";
import { backupStores } from "../../test/s3rver.ts";
import { createBackups, directContentStore } from "./backups.ts";
import { s3Storage } from "./media-storage.ts";

// Off-site copies on a real S3-compatible store (s3rver started here, never a mock of the client).
const keys = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
const KEY = "offsite-test-encryption-key-01";
const stores = backupStores("offsite");

const settings = () => ({
  endpoint: stores.s3.endpoint,
  bucket: "offsite",
  region: "us-east-1",
  ...keys,
  forcePathStyle: true,
});
const told: string[] = [];
const backups = (key: string | undefined, backupDir: string) =>
  createBackups({
    db: stores.api,
    content: directContentStore(stores.content),
    dataDir: join(stores.dir, "data"),
    backupDir: join(stores.dir, backupDir),
    encryptionKey: key,
    keepDaily: 2,
    keepWeekly: 1,
    offsite: s3Storage(settings()),
    log: pino({ level: process.env.DEBUG_LOG ?? "silent" }),
    notify: async (subject) => void told.push(subject),
  });

describe("off-site copies", () => {
  it("copies each encrypted backup into the bucket, the same bytes, and applies retention there", async () => {
    const client = new S3Client({ ...settings(), credentials: keys });
    // Copies of days long gone (another machine's, say): of them the newest of a day and of a week stay.
    for (const id of ["20200101-033000-aaaa", "20200102-033000-bbbb", "20200102-013000-cccc"])
      await client.send(new PutObjectCommand({ Bucket: "offsite", Key: `backups/${id}.backup`, Body: "x" }));
    await client.send(new PutObjectCommand({ Bucket: "offsite", Key: "media-file.png", Body: "x" }));

    const service = backups(KEY, "backups");
    const backup = await service.take();
    expect(backup).toMatchObject({ status: "ready", verified: true, offsite: "copied", offsiteError: null });
    expect(service.list()[0]).toMatchObject({ id: backup.id, offsite: "copied" });
    const object = await client.send(
      new GetObjectCommand({ Bucket: "offsite", Key: `backups/${backup.id}.backup` }),
    );
    const bytes = Buffer.from(await object.Body!.transformToByteArray());
    expect(bytes.equals(readFileSync(service.fileOf(backup.id)))).toBe(true);
    // Kept (2 days, 1 week): this one (the last 24 hours), the newest of 2020-01-02; media untouched.
    expect((await s3Storage(settings()).list("")).sort()).toEqual([
      "backups/20200102-033000-bbbb.backup",
      `backups/${backup.id}.backup`,
      "media-file.png",
    ]);
    client.destroy();
  }, 300_000);

  it("with the store down: the backup is kept here and listed, its copy failed visibly", async () => {
    told.length = 0;
    await stores.s3.close();
    const service = backups(KEY, "down");
    const backup = await service.take();
    expect(backup).toMatchObject({ status: "ready", verified: true, offsite: "failed" });
    expect(backup.offsiteError).toMatch(/^The off-site copy failed: /);
    expect(readFileSync(service.fileOf(backup.id)).length).toBe(backup.size);
    expect(service.list()).toMatchObject([{ id: backup.id, status: "ready", offsite: "failed" }]);
    expect(told).toEqual(["A backup was not copied off-site"]);
  }, 300_000);

  it("the settings refuse an off-site bucket without the encryption key", async () => {
    await expect(buildTestApp({ BACKUP_S3_BUCKET: "offsite" })).rejects.toThrow(
      /BACKUP_S3_BUCKET needs BACKUP_ENCRYPTION_KEY/,
    );
  });
});
