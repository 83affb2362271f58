import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";
import { startS3 } from "../../../test/s3rver.ts";
import { image, multipart } from "./media.testing.ts";

// The media storage on an S3-compatible store: a real s3rver started here, never a mock of the client.
const directory = mkdtempSync(join(tmpdir(), "h4-s3-"));
const keys = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
let s3: Awaited<ReturnType<typeof startS3>>;
beforeAll(async () => {
  s3 = await startS3(directory, "media");
});
afterAll(async () => {
  await s3.close().catch(() => {});
  rmSync(directory, { recursive: true, force: true });
});
const t = signedInApp(() => ({
  DATA_DIR: join(directory, "data"),
  MEDIA_S3_ENDPOINT: s3.endpoint,
  MEDIA_S3_BUCKET: "media",
  MEDIA_S3_REGION: "us-east-1",
  MEDIA_S3_ACCESS_KEY_ID: keys.accessKeyId,
  MEDIA_S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
  MEDIA_S3_FORCE_PATH_STYLE: "true",
}));

const upload = async (bytes: Buffer, name: string) =>
  t.as(t.token, { method: "POST", url: "/api/v1/apkw/media", ...multipart(bytes, name) });

describe("media on S3", () => {
  it("stores the original and its sizes in the bucket and serves them from there", async () => {
    const created = await upload(await image("jpeg", 600, 300), "poster.jpg");
    expect(created.statusCode).toBe(201);
    const item = created.json().data;

    let done = item;
    for (let wait = 50; done.status === "pending" && wait < 60_000; wait *= 1.5) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      done = (await t.admin("GET", `/api/v1/apkw/media/${item._id}`)).json().data;
    }
    expect(done.status).toBe("ready");
    const key = new URL(item.url).pathname.slice("/media/".length);
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: keys,
    });
    const object = await client.send(new GetObjectCommand({ Bucket: "media", Key: key }));
    expect(object.ContentType).toBe("image/jpeg");
    expect((await object.Body!.transformToByteArray()).length).toBe(done.bytes);
    client.destroy();
    expect(done.variants).toHaveLength(4); // 160 and 480, WebP and AVIF
    const served = await t.inject({ method: "GET", url: new URL(done.variants[0].url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("deletes the original and its sizes from the bucket when the image is purged from the Trash", async () => {
    const item = (await upload(await image("jpeg", 500, 300), "purged.jpg")).json().data;
    let done = item;
    for (let wait = 50; done.status === "pending" && wait < 60_000; wait *= 1.5) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      done = (await t.admin("GET", `/api/v1/apkw/media/${item._id}`)).json().data;
    }
    const paths = [item.url, ...done.variants.map((v: { url: string }) => v.url)].map(
      (url) => new URL(url).pathname,
    );
    expect(paths).toHaveLength(5);
    await t.admin("DELETE", `/api/v1/apkw/media/${item._id}`);
    // In the Trash the files stay, for a restore.
    expect((await t.inject({ method: "GET", url: paths[0] as string })).statusCode).toBe(200);
    const [trashed] = (await t.admin("GET", "/api/v1/apkw/trash?resource=media")).json().data;
    expect((await t.admin("POST", "/api/v1/apkw/trash/purge", { ids: [trashed._id] })).json().deleted).toBe(
      1,
    );
    for (const path of paths) expect((await t.inject({ method: "GET", url: path })).statusCode).toBe(404);
  });

  it("answers 503 with Retry-After while the store is down, and keeps nothing half stored", async () => {
    const before = (await upload(await image("png", 64, 64), "before.png")).json().data;
    await s3.close();
    const serving = await t.inject({ method: "GET", url: new URL(before.url).pathname });
    expect(serving.statusCode, serving.body).toBe(503);
    expect(serving.headers["retry-after"], serving.body).toBe("30");
    const answer = await upload(await image("png", 64, 64), "while-down.png");
    expect(answer.statusCode).toBe(503);
    expect(answer.headers["retry-after"]).toBe("30");
    expect(answer.json().message).toBe("The media store is unavailable. Try again in a moment.");
    const names = (await t.admin("GET", "/api/v1/apkw/media"))
      .json()
      .data.map((m: { fileName: string }) => m.fileName);
    expect(names).not.toContain("while-down.png");
  });
});
