import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BACKUP_MESSAGES as M } from "@backoffice/contracts/backups";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ContentService, startContentService } from "../../../test/content-service.ts";
import { signedInApp } from "../../../test/helpers.ts";
import { validApp } from "../apps/app.testing.ts";

// The real content service as a process (the backup reads and restores its database over signed
// HTTP), the api with a data folder of its own holding a secret file and a media file.
const SECRET = "backups-test-secret-0123456789abc";
const KEY = "backups-test-encryption-key-0123";
const dataDir = mkdtempSync(join(tmpdir(), "h5-backups-"));
let content: ContentService;

beforeAll(async () => {
  content = await startContentService(SECRET);
  writeFileSync(join(dataDir, "content-hmac-secret"), SECRET);
  mkdirSync(join(dataDir, "media", "apkw"), { recursive: true });
  writeFileSync(join(dataDir, "media", "apkw", "icon.png"), Buffer.from("not really a png"));
}, 120_000);
afterAll(async () => {
  await content?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const t = signedInApp(() => ({
  CONTENT_URL: content.url,
  CONTENT_HMAC_SECRET: SECRET,
  DATA_DIR: dataDir,
  BACKUP_ENCRYPTION_KEY: KEY,
}));

const title = (id: string, name: string) => ({
  _id: id,
  title: name,
  overview: "",
  type: "movie",
  status: "Released",
  featured: false,
  lockerSelected: false,
  poster_path: null,
  vote_average: 7,
  releaseDate: "2020-01-01",
  genres: [],
  tmdbId: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

interface Listed {
  id: string;
  status: string;
  verified: boolean;
  size: number;
  kind: string;
  error: string | null;
}

/** Back up now, then wait (with back-off) for the new backup to be listed. */
async function backUpNow(): Promise<Listed> {
  const before = new Set(
    ((await t.admin("GET", "/api/v1/backups")).json().data as Listed[]).map((b) => b.id),
  );
  const queued = await t.admin("POST", "/api/v1/backups");
  expect(queued.statusCode).toBe(202);
  expect(queued.json().message).toBe(M.queued);
  for (let wait = 100; ; wait = Math.min(wait * 2, 2000)) {
    const list = (await t.admin("GET", "/api/v1/backups")).json().data as Listed[];
    const made = list.find((backup) => !before.has(backup.id) && backup.kind === "job");
    if (made) return made;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

const appTitles = async () =>
  ((await t.admin("GET", "/api/v1/apkw/apps")).json().data as { title: string }[])
    .map((app) => app.title)
    .sort();
const contentTitles = async () =>
  ((await (await fetch(`${content.url}/api/movies`)).json()) as { title: string }[])
    .map((item) => item.title)
    .sort();

describe("backups", () => {
  let backup: Listed;

  it("backs up both databases, the secrets and media into one verified, encrypted file", async () => {
    expect(
      (await t.admin("POST", "/api/v1/apkw/apps", { ...validApp(), title: "Kept app" })).statusCode,
    ).toBe(201);
    expect(
      (await content.signed("POST", "/api/movies/restore", { titles: [title("a".repeat(24), "Kept title")] }))
        .status,
    ).toBe(200);
    backup = await backUpNow();
    expect(backup).toMatchObject({ status: "ready", verified: true, error: null });
    expect(backup.size).toBeGreaterThan(100);
    const file = join(dataDir, "backups", `${backup.id}.backup`);
    // Encrypted: neither the secret nor a row is readable in the file.
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 4).toString()).toBe("BOBK");
    expect(bytes.includes(Buffer.from("Kept app"))).toBe(false);
    expect(statSync(file).mode & 0o077).toBe(0);

    const preview = await t.admin("GET", `/api/v1/backups/${backup.id}`);
    expect(preview.statusCode).toBe(200);
    const data = preview.json().data;
    expect(data.databases.api.tables.apps).toBe(1);
    expect(data.databases.content.tables.titles).toBe(1);
    expect(data.databases.api.level).toMatch(/^\d{4}_/);
    expect(data.files).toEqual({ secrets: 1, media: 1 });

    const download = await t.admin("GET", `/api/v1/backups/${backup.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
  }, 120_000);

  it("restores: data as at the backup, after a safety backup; the password is asked again", async () => {
    await t.admin("POST", "/api/v1/apkw/apps", { ...validApp(), title: "Added later" });
    await content.signed("POST", "/api/movies/restore", {
      titles: [title("b".repeat(24), "Added later title")],
    });
    writeFileSync(join(dataDir, "media", "apkw", "icon.png"), "changed");
    expect(await appTitles()).toEqual(["Added later", "Kept app"]);

    const wrong = await t.admin("POST", `/api/v1/backups/${backup.id}/restore`, {
      password: "not-it-at-all",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(M.passwordIncorrect);
    const missing = await t.admin("POST", `/api/v1/backups/${backup.id}/restore`, {});
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain("password");
    expect(await appTitles()).toEqual(["Added later", "Kept app"]);

    const restored = await t.admin("POST", `/api/v1/backups/${backup.id}/restore`, {
      password: "Admin-pass-1",
    });
    expect(restored.statusCode).toBe(200);
    // The restored sessions are the backup's: sign in again.
    const token = await t.login();
    const apps = await t.as(token, { method: "GET", url: "/api/v1/apkw/apps" });
    expect((apps.json().data as { title: string }[]).map((app) => app.title)).toEqual(["Kept app"]);
    expect(await contentTitles()).toEqual(["Kept title"]);
    expect(readFileSync(join(dataDir, "media", "apkw", "icon.png"), "utf8")).toBe("not really a png");
    // The safety backup is listed at once (its checksums read back before the restore) and verified
    // after the restore, which does not wait for that: awaited with back-off until it is.
    for (let wait = 100; ; wait = Math.min(wait * 2, 2000)) {
      const list = (await t.as(token, { method: "GET", url: "/api/v1/backups" })).json().data as Listed[];
      const safety = list.find((item) => item.kind === "safety");
      expect(safety).toMatchObject({ status: "ready" });
      if (safety?.verified) break;
      expect(safety?.error).toBe(M.safetyUnverified);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }, 180_000);

  it("restores one kind only into the current data, written to History as a restore; Undo returns what it removed", async () => {
    const token = await t.login();
    const as = (method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
      t.as(token, { method, url, ...(payload ? { payload } : {}) });
    const apps = async () =>
      ((await as("GET", "/api/v1/apkw/apps")).json().data as { _id: string; title: string }[]).sort((a, b) =>
        a.title.localeCompare(b.title),
      );
    const [kept] = await apps();
    expect((await as("DELETE", "/api/v1/apkw/apps", { ids: [kept!._id] })).statusCode).toBe(200);
    expect((await as("POST", "/api/v1/apkw/apps", { ...validApp(), title: "Added after" })).statusCode).toBe(
      201,
    );
    await content.signed("POST", "/api/movies/restore", { titles: [title("c".repeat(24), "Title after")] });

    const answer = await as("POST", `/api/v1/backups/${backup.id}/restore`, {
      password: "Admin-pass-1",
      kind: "apps",
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toMatch(
      /^Restored Apps & Games as at the backup of .*: 1 put back, 0 changed back, 1 moved to the Trash\.$/,
    );
    // Only the apps: the titles stay as they are now, and nobody is signed out.
    expect((await apps()).map((app) => app.title)).toEqual(["Kept app"]);
    expect((await apps())[0]!._id).toBe(kept!._id);
    expect(await contentTitles()).toEqual(["Kept title", "Title after"]);
    // One batch in History, by this Owner, as a restore; its Undo token returns what it removed.
    const undoToken = answer.headers["x-undo-token"] as string;
    const logged = await t.app.db.query<{ action: string; actor_email: string; site: string }>(
      "select action, actor_email, site from audit_log where batch = $1 order by action",
      [undoToken],
    );
    expect(logged).toEqual([
      { action: "delete", actor_email: "admin@example.com", site: "apkw" },
      { action: "restore", actor_email: "admin@example.com", site: "apkw" },
    ]);
    const undone = await as("POST", "/api/v1/apkw/trash/undo", { token: undoToken });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await apps()).map((app) => app.title)).toEqual(["Added after", "Kept app"]);
    const unknown = await as("POST", `/api/v1/backups/${backup.id}/restore`, {
      password: "Admin-pass-1",
      kind: "titles",
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^kind must be one of apps, ads, emails, matches, servers/);
  }, 180_000);

  it("asks an Owner with an authenticator app for a valid code: none or a wrong one changes nothing", async () => {
    const stepStart = Math.ceil((Date.now() + 60_000) / 30_000) * 30_000 + 1_000;
    const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });
    await t.createUser("owner2@example.com", "Owner-pass-12", "admin", { level: "owner", sites: null });
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(stepStart);
      const token = await t.login("owner2@example.com", "Owner-pass-12");
      const { secret } = (await t.as(token, { method: "POST", url: "/api/v1/auth/totp/setup" })).json().data;
      const confirmed = await t.as(token, {
        method: "POST",
        url: "/api/v1/auth/totp/confirm",
        payload: { code: await codeAt(secret, stepStart) },
      });
      expect(confirmed.statusCode).toBe(200);
      const before = (await t.as(token, { method: "GET", url: "/api/v1/apkw/apps" })).json().data;
      const restore = (payload: object) =>
        t.as(token, {
          method: "POST",
          url: `/api/v1/backups/${backup.id}/restore`,
          payload: { password: "Owner-pass-12", kind: "apps", ...payload },
        });
      const none = await restore({});
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({ message: M.codeRequired, errors: [{ path: "code" }] });
      const good = await codeAt(secret, stepStart + 30_000);
      const wrong = await restore({ code: good === "000000" ? "111111" : "000000" });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toMatchObject([{ path: "code" }]);
      // The code that confirmed the set-up is used already.
      expect((await restore({ code: await codeAt(secret, stepStart) })).statusCode).toBe(400);
      expect((await t.as(token, { method: "GET", url: "/api/v1/apkw/apps" })).json().data).toEqual(before);
      vi.setSystemTime(stepStart + 30_000);
      const done = await restore({ code: good });
      expect(done.statusCode, done.body).toBe(200);
      expect(
        (
          (await t.as(token, { method: "GET", url: "/api/v1/apkw/apps" })).json().data as { title: string }[]
        ).map((app) => app.title),
      ).toEqual(["Kept app"]);
    } finally {
      vi.useRealTimers();
    }
  }, 180_000);

  it("refuses truncated, corrupted and foreign files, changing nothing", async () => {
    const token = await t.login();
    const dir = join(dataDir, "backups");
    const good = readFileSync(join(dir, `${backup.id}.backup`));
    const info = readFileSync(join(dir, `${backup.id}.json`), "utf8");
    const cases: [string, Buffer, number, string][] = [
      ["20000101-000000-trnc", good.subarray(0, Math.floor(good.length / 2)), 422, M.truncated],
      [
        "20000101-000000-crpt",
        Buffer.from(good.map((byte, i) => (i === 200 ? byte ^ 0xff : byte))),
        422,
        "damaged",
      ],
      ["20000101-000000-frgn", Buffer.from("PK\u0003\u0004 a zip file, not a backup"), 422, M.foreign],
    ];
    const before = await t.as(token, { method: "GET", url: "/api/v1/apkw/apps" });
    for (const [id, bytes, status, message] of cases) {
      writeFileSync(join(dir, `${id}.backup`), bytes);
      writeFileSync(join(dir, `${id}.json`), info.replace(backup.id, id));
      const answer = await t.as(token, {
        method: "POST",
        url: `/api/v1/backups/${id}/restore`,
        payload: { password: "Admin-pass-1" },
      });
      expect(answer.statusCode, id).toBe(status);
      expect(answer.json().message, id).toContain(message);
    }
    const after = await t.as(token, { method: "GET", url: "/api/v1/apkw/apps" });
    expect(after.json().data).toEqual(before.json().data);
  }, 120_000);

  it("is for Owners only", async () => {
    await t.createUser("editor@example.com", "Editor-pass-1", "admin", { level: "editor", sites: null });
    const editor = await t.login("editor@example.com", "Editor-pass-1");
    for (const [method, url] of [
      ["GET", "/api/v1/backups"],
      ["POST", "/api/v1/backups"],
      ["GET", `/api/v1/backups/${backup.id}/download`],
      ["POST", `/api/v1/backups/${backup.id}/restore`],
    ] as const) {
      const answer = await t.as(editor, { method, url, payload: { password: "Editor-pass-1" } });
      expect(answer.statusCode, url).toBe(403);
    }
    expect((await t.inject({ method: "GET", url: "/api/v1/backups" })).statusCode).toBe(401);
  });
});
