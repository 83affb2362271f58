import { HISTORY_MESSAGES, UNDO_HEADER } from "@backoffice/contracts";
import { describe, expect, it } from "vitest";
import { ADMIN, signedInApp } from "../../../test/helpers.ts";

// The audit log, the trash with Undo, and ad script versions, through HTTP
// (docs/PRODUCT-RULES.md#history-trash-and-undo).
const t = signedInApp();
const { admin } = t;

const history = async (site: string, query = "") =>
  (await admin("GET", `/api/v1/${site}/history${query}`)).json();
const auditCount = async () =>
  Number((await t.app.db.query<{ n: number }>("select count(*)::int as n from audit_log"))[0]!.n);

let counter = 0;
const newAd = async (site = "sportbn", fields: Record<string, unknown> = {}) => {
  const response = await admin("POST", `/api/v1/${site}/ads`, {
    page: "home",
    url: `https://ads.example/${++counter}`,
    head: "<script>v1()</script>",
    isActive: "true",
    ...fields,
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as { _id: string; url: string };
};

const subscribe = (site: string, email: string) =>
  t.inject({
    method: "POST",
    url: `/api/v1/public/${site}/emails`,
    payload: { email, url: "https://x.example/" },
  });

describe("the audit log", () => {
  it("records an update with its admin, address, site and the fields before and after", async () => {
    const ad = await newAd();
    const updated = await admin("PUT", `/api/v1/sportbn/ads/${ad._id}`, { head: "<script>v2()</script>" });
    expect(updated.statusCode).toBe(200);
    const answer = await history("sportbn", "?resource=ads");
    const [latest, created] = answer.data;
    expect(latest).toMatchObject({
      admin: ADMIN.email,
      address: "127.0.0.1",
      site: "sportbn",
      resource: "ads",
      recordId: ad._id,
      action: "update",
      before: { head: "<script>v1()</script>", isActive: true },
      after: { head: "<script>v2()</script>", isActive: true },
    });
    expect(created).toMatchObject({ action: "create", before: null, recordId: ad._id });
    // The newest page: nothing newer.
    expect(answer.newer).toBeNull();
    // A record's own history, newest first.
    const own = (await admin("GET", `/api/v1/sportbn/history/ads/${ad._id}`)).json().data;
    expect(own.map((entry: { action: string }) => entry.action)).toEqual(["update", "create"]);
  });

  it("keeps each site's changes to that site", async () => {
    await newAd("movies", { page: "info" });
    const sportbn = await history("sportbn", "?resource=ads&limit=100");
    expect(sportbn.data.every((entry: { site: string }) => entry.site === "sportbn")).toBe(true);
    expect((await history("movies", "?resource=ads")).data[0].site).toBe("movies");
  });

  it("writes nothing when the change fails: the entry and its change share one transaction", async () => {
    const match = {
      league_name: "Premier League",
      league_logo: "https://media.example/leagues/39.png",
      homeTeam_name: "Audit FC",
      homeTeam_logo: "https://media.example/teams/1.png",
      awayTeam_name: "Rollback United",
      awayTeam_logo: "https://media.example/teams/2.png",
      date: "2031-05-01",
      time: "20:00",
      end_time: "23:00",
      matchUrl: "https://sportbn.example",
    };
    expect((await admin("POST", "/api/v1/sportbn/matches", match)).statusCode).toBe(201);
    const before = await auditCount();
    // The same fixture again: the insert fails on its unique key, after the trigger would have run.
    const again = await admin("POST", "/api/v1/sportbn/matches", match);
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);
    expect(await auditCount()).toBe(before);
  });

  it("does not log the public intake, only admin changes", async () => {
    const before = await auditCount();
    expect((await subscribe("apkw", "visitor-audit@example.com")).statusCode).toBe(201);
    expect(await auditCount()).toBe(before);
  });

  it("logs sign-ins and profile changes as account events on every site, never the password hash", async () => {
    const token = await t.login();
    expect(token).toBeTruthy();
    const signIns = await history("movies", "?resource=session");
    expect(signIns.data[0]).toMatchObject({ site: null, action: "create", admin: ADMIN.email });
    expect(JSON.stringify(signIns.data[0])).not.toContain("tokenHash");
    await t.createUser("second-admin@example.com", "Second-pass-1");
    const second = await t.login("second-admin@example.com", "Second-pass-1");
    const changed = await t.as(second, {
      method: "PUT",
      url: "/api/v1/auth/me/edit-profile",
      payload: {
        email: "second-admin@example.com",
        password: "Second-pass-2",
        currentPassword: "Second-pass-1",
      },
    });
    expect(changed.statusCode).toBe(200);
    const profile = (await history("apkw", "?resource=profile")).data[0];
    expect(profile).toMatchObject({ admin: "second-admin@example.com", action: "update", site: null });
    expect(profile.after.passwordHash).toBe("(changed)");
    expect(profile.before.passwordHash).toBeUndefined();
    expect(JSON.stringify(profile)).not.toMatch(/\$argon2|\$scrypt|scrypt:/);
    // The admin filter knows both, and filters by either.
    const admins = (await admin("GET", "/api/v1/apkw/history/admins")).json().data;
    expect(admins).toEqual(expect.arrayContaining([ADMIN.email, "second-admin@example.com"]));
    const only = await history("apkw", "?admin=SECOND-admin@example.com");
    expect(only.data.length).toBeGreaterThan(0);
    expect(only.data.every((entry: { admin: string }) => entry.admin === "second-admin@example.com")).toBe(
      true,
    );
  });

  it("leaves sign-ins out with signIns=false (a resource filter still shows them)", async () => {
    await t.login();
    const all = await history("sportbn", "?limit=100");
    expect(all.data.some((entry: { resource: string }) => entry.resource === "session")).toBe(true);
    const without = await history("sportbn", "?signIns=false&limit=100");
    expect(without.data.length).toBeGreaterThan(0);
    expect(without.data.some((entry: { resource: string }) => entry.resource === "session")).toBe(false);
    expect(without.result).toBeLessThan(all.result);
    expect((await history("sportbn", "?signIns=false&resource=session")).data.length).toBeGreaterThan(0);
    const bad = await admin("GET", "/api/v1/sportbn/history?signIns=maybe");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("signIns must be true or false");
  });

  it("filters by day and pages newest first", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const all = await history("sportbn", `?from=${today}&to=${today}&limit=2`);
    expect(all.data.length).toBe(2);
    expect(all.result).toBeGreaterThan(2);
    expect(Number(all.data[0]._id)).toBeGreaterThan(Number(all.data[1]._id));
    expect(all.capped).toBe(false);
    const next = await history("sportbn", `?from=${today}&to=${today}&limit=2&after=${all.older}`);
    expect(Number(next.data[0]._id)).toBeLessThan(Number(all.data[1]._id));
    expect((await history("sportbn", "?to=2001-01-01")).data).toEqual([]);
  });

  it("refuses bad filters with a message naming the field", async () => {
    for (const [query, field] of [
      ["?resource=passwords", "resource"],
      ["?from=yesterday", "from"],
      ["?to=2026-02-31x", "to"],
    ]) {
      const response = await admin("GET", `/api/v1/sportbn/history${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(field);
    }
    expect((await t.inject({ method: "GET", url: "/api/v1/sportbn/history" })).statusCode).toBe(401);
    expect((await t.inject({ method: "GET", url: "/api/v1/sportbn/trash" })).statusCode).toBe(401);
  });
});

describe("undo and the trash", () => {
  it("undoes a delete: the same record is back, and the public read serves it again", async () => {
    const ad = await newAd("apkw");
    const publicAds = async () =>
      (await t.inject({ method: "GET", url: "/api/v1/public/apkw/ads" })).json().data as { _id: string }[];
    expect((await publicAds()).map((one) => one._id)).toContain(ad._id);
    const deleted = await admin("DELETE", `/api/v1/apkw/ads/${ad._id}`);
    expect(deleted.statusCode).toBe(200);
    const token = deleted.headers[UNDO_HEADER] as string;
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect((await publicAds()).map((one) => one._id)).not.toContain(ad._id);
    const undone = await admin("POST", "/api/v1/apkw/trash/undo", { token });
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ status: "success", message: "1 item restored", restored: 1, skipped: 0 });
    expect((await publicAds()).map((one) => one._id)).toContain(ad._id);
    const restoredEntry = (await admin("GET", `/api/v1/apkw/history/ads/${ad._id}`)).json().data[0];
    expect(restoredEntry.action).toBe("restore");
    const twice = await admin("POST", "/api/v1/apkw/trash/undo", { token });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe(HISTORY_MESSAGES.nothingToUndo);
  });

  it("a delete's entry names its trash item while the record waits there, to restore it from History", async () => {
    const ad = await newAd("apkw");
    await admin("DELETE", `/api/v1/apkw/ads/${ad._id}`);
    const entryOf = async () =>
      (await history("apkw", "?resource=ads")).data.find(
        (entry: { recordId: string; action: string }) =>
          entry.recordId === ad._id && entry.action === "delete",
      );
    const deleted = await entryOf();
    const trash = (await admin("GET", "/api/v1/apkw/trash?resource=ads")).json().data;
    expect(deleted.trashId).toBe(trash.find((item: { recordId: string }) => item.recordId === ad._id)._id);
    // Only deletes carry one.
    const [created] = (await admin("GET", `/api/v1/apkw/history/ads/${ad._id}`)).json().data.slice(-1);
    expect(created.trashId).toBeUndefined();
    expect((await admin("POST", "/api/v1/apkw/trash/restore", { ids: [deleted.trashId] })).statusCode).toBe(
      200,
    );
    expect((await entryOf()).trashId).toBeUndefined();
  });

  it("a delete's entry says when its record was restored since, in History and in the record's history", async () => {
    const ad = await newAd("apkw");
    const kept = await newAd("apkw");
    await admin("DELETE", `/api/v1/apkw/ads/${ad._id}`);
    await admin("DELETE", `/api/v1/apkw/ads/${kept._id}`);
    const deleteOf = async (id: string) =>
      (await history("apkw", "?resource=ads")).data.find(
        (entry: { recordId: string; action: string }) => entry.recordId === id && entry.action === "delete",
      );
    expect((await deleteOf(ad._id)).restored).toBeUndefined();
    await admin("POST", "/api/v1/apkw/trash/restore", { ids: [(await deleteOf(ad._id)).trashId] });
    expect(await deleteOf(ad._id)).toMatchObject({ restored: true });
    expect((await deleteOf(ad._id)).trashId).toBeUndefined();
    const [, deleted] = (await admin("GET", `/api/v1/apkw/history/ads/${ad._id}`)).json().data;
    expect(deleted).toMatchObject({ action: "delete", restored: true });
    // Still in the Trash: not restored.
    expect((await deleteOf(kept._id)).restored).toBeUndefined();
    // Deleted again after the restore: the new delete waits in the Trash, the old one stays restored.
    await admin("DELETE", `/api/v1/apkw/ads/${ad._id}`);
    const [again, , first] = (await admin("GET", `/api/v1/apkw/history/ads/${ad._id}`)).json().data;
    expect(again).toMatchObject({ action: "delete", trashId: expect.any(String) });
    expect(again.restored).toBeUndefined();
    expect(first).toMatchObject({ action: "delete", restored: true });
  });

  it("undoes a bulk delete of emails with their ids, totals and places in the list", async () => {
    for (const name of ["undo-a", "undo-b", "undo-c"]) {
      expect((await subscribe("sportbn", `${name}@example.com`)).statusCode).toBe(201);
    }
    const list = async () => (await admin("GET", "/api/v1/sportbn/emails?limit=100")).json();
    const before = await list();
    const ids = before.data
      .filter((row: { email: string }) => row.email.startsWith("undo-"))
      .map((row: { _id: string }) => row._id);
    expect(ids).toHaveLength(3);
    const deleted = await admin("DELETE", "/api/v1/sportbn/emails", { ids: ids.slice(0, 2) });
    expect(deleted.json().deleted).toBe(2);
    expect((await list()).result).toBe(before.result - 2);
    const undone = await admin("POST", "/api/v1/sportbn/trash/undo", { token: deleted.headers[UNDO_HEADER] });
    expect(undone.json()).toMatchObject({ restored: 2, message: "2 items restored" });
    const after = await list();
    expect(after.result).toBe(before.result);
    expect(after.data.map((row: { _id: string }) => row._id)).toEqual(
      before.data.map((row: { _id: string }) => row._id),
    );
  });

  it("restores a deleted match together with its servers", async () => {
    const match = await admin("POST", "/api/v1/sportbn/matches", {
      league_name: "Serie A",
      league_logo: "https://media.example/leagues/135.png",
      homeTeam_name: "Undo Calcio",
      homeTeam_logo: "https://media.example/teams/3.png",
      awayTeam_name: "Trash Sport",
      awayTeam_logo: "https://media.example/teams/4.png",
      date: "2031-06-01",
      time: "18:00",
      end_time: "20:00",
      matchUrl: "https://sportbn.example",
    });
    const matchId = match.json().data._id;
    for (const name of ["Server 1", "Server 2"]) {
      const server = await admin("POST", "/api/v1/sportbn/other-servers", {
        match_id: matchId,
        name,
        url: "https://stream.example/1",
      });
      expect(server.statusCode).toBe(201);
    }
    const servers = async () =>
      (
        (await admin("GET", "/api/v1/sportbn/other-servers/all")).json().data as {
          match_id?: string;
          matchId?: string;
          name: string;
        }[]
      )
        .filter((server) => (server.match_id ?? server.matchId) === matchId)
        .map((server) => server.name)
        .sort();
    expect(await servers()).toEqual(["Server 1", "Server 2"]);
    const deleted = await admin("DELETE", "/api/v1/sportbn/matches", { ids: [matchId] });
    expect(await servers()).toEqual([]);
    const trash = (await admin("GET", "/api/v1/sportbn/trash?limit=100")).json().data;
    expect(
      trash.filter((item: { resource: string }) => item.resource === "servers").length,
    ).toBeGreaterThanOrEqual(2);
    expect(trash.find((item: { recordId: string }) => item.recordId === matchId).label).toBe(
      "Undo Calcio vs Trash Sport",
    );
    const undone = await admin("POST", "/api/v1/sportbn/trash/undo", { token: deleted.headers[UNDO_HEADER] });
    expect(undone.json()).toMatchObject({ restored: 3, skipped: 0 });
    expect(await servers()).toEqual(["Server 1", "Server 2"]);

    // A server deleted on its own, then its match deleted and purged: the server cannot come back.
    const server = (await admin("GET", "/api/v1/sportbn/other-servers/all"))
      .json()
      .data.find((one: { name: string; _id: string }) => one.name === "Server 1");
    await admin("DELETE", `/api/v1/sportbn/other-servers/${server._id}`);
    await admin("DELETE", "/api/v1/sportbn/matches", { ids: [matchId] });
    const items = (await admin("GET", "/api/v1/sportbn/trash?limit=100")).json().data as {
      _id: string;
      recordId: string;
    }[];
    const serverItem = items.find((item) => item.recordId === server._id)!;
    const matchItem = items.find((item) => item.recordId === matchId)!;
    await admin("POST", "/api/v1/sportbn/trash/purge", { ids: [matchItem._id] });
    const orphan = await admin("POST", "/api/v1/sportbn/trash/restore", { ids: [serverItem._id] });
    expect(orphan.statusCode).toBe(200);
    expect(orphan.json()).toMatchObject({ restored: 0, skipped: 1 });
  });

  it("lists, restores and purges trash items of its own site only", async () => {
    const ad = await newAd("movies", { page: "home" });
    const deleted = await admin("DELETE", `/api/v1/movies/ads/${ad._id}`);
    expect(deleted.statusCode).toBe(200);
    const page = (await admin("GET", "/api/v1/movies/trash?resource=ads")).json();
    const item = page.data.find((one: { recordId: string }) => one.recordId === ad._id);
    expect(item).toMatchObject({ resource: "ads", label: ad.url, deletedBy: ADMIN.email });
    expect(Date.parse(item.expiresAt) - Date.parse(item.deletedAt)).toBe(30 * 86_400_000);
    // Another site cannot restore or purge it.
    expect((await admin("POST", "/api/v1/apkw/trash/restore", { ids: [item._id] })).json()).toMatchObject({
      restored: 0,
      skipped: 0,
    });
    expect((await admin("POST", "/api/v1/apkw/trash/purge", { ids: [item._id] })).json().deleted).toBe(0);
    const restored = await admin("POST", "/api/v1/movies/trash/restore", { ids: [item._id] });
    expect(restored.json()).toMatchObject({ restored: 1, message: "1 item restored" });
    expect(
      (await admin("GET", "/api/v1/movies/ads?page=home")).json().data.map((one: { _id: string }) => one._id),
    ).toContain(ad._id);
    // Deleted again, then purged: gone for good.
    const again = await admin("DELETE", `/api/v1/movies/ads/${ad._id}`);
    const second = (await admin("GET", "/api/v1/movies/trash?resource=ads")).json().data[0];
    expect(second.recordId).toBe(ad._id);
    const purged = await admin("POST", "/api/v1/movies/trash/purge", { ids: [second._id] });
    expect(purged.json()).toEqual({ status: "success", message: "1 item deleted forever", deleted: 1 });
    const undo = await admin("POST", "/api/v1/movies/trash/undo", { token: again.headers[UNDO_HEADER] });
    expect(undo.statusCode).toBe(404);
  });

  it("keeps a restore from taking a key made again since: that item is skipped and stays", async () => {
    expect((await subscribe("apkw", "again@example.com")).statusCode).toBe(201);
    const rows = (await admin("GET", "/api/v1/apkw/emails?limit=100")).json().data;
    const id = rows.find((row: { email: string }) => row.email === "again@example.com")._id;
    const deleted = await admin("DELETE", "/api/v1/apkw/emails", { ids: [id] });
    expect((await subscribe("apkw", "again@example.com")).statusCode).toBe(201);
    const undone = await admin("POST", "/api/v1/apkw/trash/undo", { token: deleted.headers[UNDO_HEADER] });
    expect(undone.json()).toMatchObject({ restored: 0, skipped: 1, message: "0 items restored" });
    const left = (await admin("GET", "/api/v1/apkw/trash?resource=emails")).json().data;
    expect(left.map((item: { recordId: string }) => item.recordId)).toContain(id);
  });

  it("purges what has been in the trash for 30 days", async () => {
    const ad = await newAd("sportbn");
    await admin("DELETE", `/api/v1/sportbn/ads/${ad._id}`);
    await t.app.db.query("update trash set deleted_at = now() - interval '31 days' where record_id = $1", [
      ad._id,
    ]);
    const page = (await admin("GET", "/api/v1/sportbn/trash?limit=100")).json();
    expect(page.data.map((item: { recordId: string }) => item.recordId)).not.toContain(ad._id);
  });

  it("answers writes that delete nothing without an undo token, and refuses bad ids and tokens", async () => {
    const none = await admin("DELETE", "/api/v1/apkw/emails", { ids: ["0".repeat(24)] });
    expect(none.statusCode).toBe(200);
    expect(none.headers[UNDO_HEADER]).toBeUndefined();
    const badIds = await admin("POST", "/api/v1/apkw/trash/restore", { ids: ["abc"] });
    expect(badIds.statusCode).toBe(400);
    expect(badIds.json().message).toContain("ids");
    const badToken = await admin("POST", "/api/v1/apkw/trash/undo", { token: "nope" });
    expect(badToken.statusCode).toBe(400);
    expect(badToken.json().message).toContain("token");
  });
});

describe("ad script versions", () => {
  it("keeps every saved version and restores one as a new, audited version", async () => {
    const ad = await newAd("sportbn", { head: "<script>one()</script>", body: "<div>one</div>" });
    await admin("PUT", `/api/v1/sportbn/ads/${ad._id}`, { head: "<script>two()</script>" });
    await admin("PUT", `/api/v1/sportbn/ads/${ad._id}`, { body: "<div>three</div>" });
    const versions = (await admin("GET", `/api/v1/sportbn/ads/${ad._id}/versions`)).json().data;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(versions[2]).toMatchObject({
      head: "<script>one()</script>",
      body: "<div>one</div>",
      admin: ADMIN.email,
    });
    expect(versions[0]).toMatchObject({ head: "<script>two()</script>", body: "<div>three</div>" });
    const restored = await admin("POST", `/api/v1/sportbn/ads/${ad._id}/versions/1/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      message: "Version 1 restored",
      data: { head: "<script>one()</script>", body: "<div>one</div>" },
    });
    const after = (await admin("GET", `/api/v1/sportbn/ads/${ad._id}/versions`)).json().data;
    expect(after[0]).toMatchObject({ version: 4, head: "<script>one()</script>", action: "update" });
    const audit = (await admin("GET", `/api/v1/sportbn/history/ads/${ad._id}`)).json().data[0];
    expect(audit).toMatchObject({
      action: "update",
      before: { body: "<div>three</div>" },
      after: { body: "<div>one</div>" },
    });
  });

  it("gives an ad older than the log its current fields as version 1", async () => {
    const [row] = await t.app.db.query<{ id: string }>(
      `insert into ads (id, site, page, url, head, is_active) values ('${"a".repeat(24)}', 'apkw', 'home', 'https://old.example', '<b>old</b>', true) returning id`,
    );
    const versions = (await admin("GET", `/api/v1/apkw/ads/${row!.id}/versions`)).json().data;
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ version: 1, head: "<b>old</b>", url: "https://old.example" });
    await admin("PUT", `/api/v1/apkw/ads/${row!.id}`, { head: "<b>new</b>" });
    const two = (await admin("GET", `/api/v1/apkw/ads/${row!.id}/versions`)).json().data;
    expect(two.map((v: { head: string }) => v.head)).toEqual(["<b>new</b>", "<b>old</b>"]);
  });

  it("answers 404 for an unknown ad or version", async () => {
    const ad = await newAd("sportbn");
    const unknownAd = await admin("GET", `/api/v1/sportbn/ads/${"b".repeat(24)}/versions`);
    expect(unknownAd.statusCode).toBe(404);
    const unknownVersion = await admin("POST", `/api/v1/sportbn/ads/${ad._id}/versions/9/restore`);
    expect(unknownVersion.statusCode).toBe(404);
    expect(unknownVersion.json().message).toBe("Version not found");
    // The ad belongs to sportbn: apkw cannot see it.
    expect((await admin("GET", `/api/v1/apkw/ads/${ad._id}/versions`)).statusCode).toBe(404);
  });
});
