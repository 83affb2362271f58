import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { image, noisyJpeg } from "../apps/api/src/routes/media/media.testing.ts";
import { type ApiProcess, freshDatabase, spawnApi, stopApi } from "./api-process.ts";
import { ADMIN, adminSession, engine, sleep } from "./faults.ts";
import { report } from "./support.ts";

// The media library across a kill -9 (issue 34, docs/MEDIA.md): images are uploaded, the api is
// killed with SIGKILL while the media-variants job cleans and resizes them, and started again on the
// same DATA_DIR (and database). The interrupted run is retried; every image ends ready with its sizes,
// no image is ready without them, and the folder holds only the files of listed images (no upload
// left waiting, no temporary file). Then many small uploads at once: each is answered (201, or 429/503
// when the api sheds load), never a 500, and the api stays ready.
const IMAGES = 4;
const CONCURRENT = 200;
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Item {
  _id: string;
  url: string;
  status: "pending" | "ready" | "failed";
  variants: { url: string }[];
}

/** A photo-like image (noise compresses badly and takes sharp a while): different bytes each call. */
const photo = (seed: number) => noisyJpeg(2000, 1500, seed);

describe("media processing cut by kill -9", () => {
  it("resumes after a restart: every image ends ready with its sizes, none ready without them, no orphan file", {
    timeout: 600_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "h4-media-crash-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JOBS_HEARTBEAT_SECONDS: "10",
      JOBS_RETRY_DELAY_SECONDS: "1",
    };
    if (engine === "postgres") {
      const database = await freshDatabase(process.env.TEST_DATABASE_URL!, "h4_media_crash");
      cleanups.push(() => database.drop());
      env.DATABASE_URL = database.url;
    }
    let api: ApiProcess = await spawnApi(env);
    cleanups.push(() => stopApi(api, "SIGKILL"));
    await api.ready(180_000);
    let headers = await adminSession(api.url);
    const list = async (): Promise<Item[]> =>
      (
        (await (await fetch(`${api.url}/api/v1/apkw/media?limit=100`, { headers })).json()) as {
          data: Item[];
        }
      ).data;

    for (let n = 0; n < IMAGES; n += 1) {
      const form = new FormData();
      form.append("file", new Blob([await photo(n)]), `photo-${n}.jpg`);
      const answer = await fetch(`${api.url}/api/v1/apkw/media`, { method: "POST", headers, body: form });
      expect(answer.status, await answer.clone().text()).toBe(201);
    }
    // Killed mid-processing: some images done, some not.
    let before = await list();
    const began = Date.now();
    while (!before.some((item) => item.status === "ready") && Date.now() - began < 120_000) {
      await sleep(100);
      before = await list();
    }
    api.child.kill("SIGKILL");
    await api.exited;
    const pendingAtKill = before.filter((item) => item.status === "pending").length;

    api = await spawnApi(env);
    await api.ready(180_000);
    headers = await adminSession(api.url);
    const restarted = Date.now();
    let after = await list();
    while (after.some((item) => item.status === "pending")) {
      // Never ready without its sizes, at any moment.
      for (const item of after) if (item.status === "ready") expect(item.variants.length).toBeGreaterThan(0);
      expect(Date.now() - restarted, JSON.stringify(after.map((item) => item.status))).toBeLessThan(420_000);
      await sleep(500);
      after = await list();
    }
    expect(after).toHaveLength(IMAGES);
    expect(after.map((item) => item.status)).toEqual(Array(IMAGES).fill("ready"));
    const served = new Set<string>();
    for (const item of after) {
      expect(item.variants.length).toBeGreaterThan(0);
      for (const url of [item.url, ...item.variants.map((variant) => variant.url)]) {
        const path = new URL(url).pathname;
        served.add(path.slice("/media/".length));
        expect((await fetch(`${api.url}${path}`)).status, path).toBe(200);
      }
    }
    // Only the files of listed images: no upload left waiting, no temporary file, nothing else.
    expect(readdirSync(join(dataDir, "media")).sort()).toEqual([...served].sort());

    // Many small uploads at once: each answered cleanly, never a 500; the api stays ready.
    const tiny = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, n) => image("png", 4, 4, n / CONCURRENT)),
    );
    const statuses = await Promise.all(
      tiny.map(async (bytes, n) => {
        const form = new FormData();
        form.append("file", new Blob([bytes]), `tiny-${n}.png`);
        try {
          return (await fetch(`${api.url}/api/v1/apkw/media`, { method: "POST", headers, body: form }))
            .status;
        } catch {
          return 0;
        }
      }),
    );
    const counts: Record<number, number> = {};
    for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
    for (const status of statuses) expect([200, 201, 429, 503]).toContain(status);
    expect((await fetch(`${api.url}/readyz`)).status).toBe(200);
    report(`media-crash-${engine}`, {
      images: IMAGES,
      pendingAtKill,
      allReadyAfterRestartS: Number(((Date.now() - restarted) / 1000).toFixed(1)),
      concurrentUploads: CONCURRENT,
      answers: counts,
    });
  });
});
