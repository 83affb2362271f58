import { PENDING_CHANGES_LIMIT, SCHEDULE_MESSAGES } from "@backoffice/contracts";
import { describe, expect, it } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";
import { validApp } from "../apps/app.testing.ts";
import { validMatch } from "../matches/match.testing.ts";

// Scheduled changes (docs/PRODUCT-RULES.md#scheduled-changes) through the edit routes and the Schedule.
const t = signedInApp();
const { admin } = t;

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

async function anAd(url = "https://ads.example/scheduled") {
  const created = await admin("POST", "/api/v1/sportbn/ads", { page: "Home", url, isActive: false });
  return created.json().data as { _id: string; url: string; isActive: boolean };
}
const readAd = async (id: string) =>
  (await admin("GET", "/api/v1/sportbn/ads")).json().data.find((ad: { _id: string }) => ad._id === id);
const schedule = async () => (await admin("GET", "/api/v1/sportbn/schedule")).json().data;

/** Waits, with growing pauses, until the change has left `pending` (the applier runs on its own timer). */
async function settled(id: string) {
  for (let pause = 100; pause < 5000; pause *= 1.5) {
    const { pending, conflicts } = await schedule();
    if (!pending.some((change: { _id: string }) => change._id === id)) return conflicts;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  throw new Error(`the scheduled change ${id} was still pending after ~15 s`);
}

describe("an edit with ?applyAt=", () => {
  it("waits as a pending change (202), then is applied at its time as its author, by the scheduler", async () => {
    const ad = await anAd();
    const applyAt = inSeconds(1);
    const scheduled = await admin("PUT", `/api/v1/sportbn/ads/${ad._id}?applyAt=${applyAt}`, {
      url: "https://ads.example/at-eight",
      isActive: true,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(202);
    const change = scheduled.json().data;
    expect(change).toMatchObject({
      kind: "ads",
      recordId: ad._id,
      applyAt,
      status: "pending",
      author: "admin@example.com",
      changes: { url: "https://ads.example/at-eight", isActive: true },
    });
    expect(await readAd(ad._id)).toMatchObject({ url: ad.url, isActive: false });
    const publicUrls = async () =>
      (await t.inject({ method: "GET", url: "/api/v1/public/sportbn/ads" }))
        .json()
        .data.map((x: { url: string }) => x.url);
    expect(await publicUrls()).not.toContain("https://ads.example/at-eight");
    expect((await schedule()).pending.map((pending: { _id: string }) => pending._id)).toContain(change._id);

    await settled(change._id);
    expect(await readAd(ad._id)).toMatchObject({ url: "https://ads.example/at-eight", isActive: true });
    // The public read, cached before, follows at once.
    expect(await publicUrls()).toContain("https://ads.example/at-eight");
    const history = (await admin("GET", `/api/v1/sportbn/history/ads/${ad._id}`)).json().data;
    expect(history[0]).toMatchObject({ action: "update", admin: "admin@example.com", address: "scheduler" });
  });

  it("is a conflict when the record changed after it was scheduled, and leaves the record as it is", async () => {
    const ad = await anAd();
    const change = (
      await admin("PUT", `/api/v1/sportbn/ads/${ad._id}?applyAt=${inSeconds(3600)}`, {
        url: "https://ads.example/late",
      })
    ).json().data;
    await admin("PUT", `/api/v1/sportbn/ads/${ad._id}`, { url: "https://ads.example/meanwhile" });

    const applied = await admin("POST", `/api/v1/sportbn/schedule/${change._id}/apply`);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({
      status: "conflict",
      outcome: { message: SCHEDULE_MESSAGES.conflict, current: { url: "https://ads.example/meanwhile" } },
    });
    expect((await readAd(ad._id)).url).toBe("https://ads.example/meanwhile");
    expect((await schedule()).conflicts.map((conflict: { _id: string }) => conflict._id)).toContain(
      change._id,
    );
    // Applied or refused once: it cannot be applied again.
    expect((await admin("POST", `/api/v1/sportbn/schedule/${change._id}/apply`)).statusCode).toBe(409);
  });

  it("refuses a past, far or malformed time, a missing record and a Viewer, storing nothing", async () => {
    const ad = await anAd();
    const before = (await schedule()).pending.length;
    const far = new Date(Date.now() + 3 * 366 * 86_400_000).toISOString();
    for (const [applyAt, message] of [
      [inSeconds(-60), SCHEDULE_MESSAGES.applyAtPast],
      [far, SCHEDULE_MESSAGES.applyAtTooFar],
      ["tomorrow", SCHEDULE_MESSAGES.applyAt],
    ] as const) {
      const refused = await admin("PUT", `/api/v1/sportbn/ads/${ad._id}?applyAt=${applyAt}`, {
        isActive: true,
      });
      expect(refused.statusCode, applyAt).toBe(400);
      expect(refused.json().errors).toEqual([expect.objectContaining({ path: "applyAt", message })]);
    }
    const missing = await admin("PUT", `/api/v1/sportbn/ads/${"0".repeat(24)}?applyAt=${inSeconds(60)}`, {
      isActive: true,
    });
    expect(missing.statusCode).toBe(404);

    await t.createUser("schedule-viewer@example.com", "Viewer-pass-1", "admin", {
      level: "viewer",
      sites: null,
    });
    const viewer = await t.login("schedule-viewer@example.com", "Viewer-pass-1");
    const asViewer = await t.as(viewer, {
      method: "PUT",
      url: `/api/v1/sportbn/ads/${ad._id}?applyAt=${inSeconds(60)}`,
      payload: { isActive: true },
    });
    expect(asViewer.statusCode).toBe(403);
    expect((await schedule()).pending.length).toBe(before);
  });

  it("cannot be forged: a request claiming to be the scheduler is an anonymous one", async () => {
    const ad = await anAd();
    const forged = await t.inject({
      method: "PUT",
      url: `/api/v1/sportbn/ads/${ad._id}`,
      payload: { isActive: true },
      headers: { "x-scheduled-change": `guess.${crypto.randomUUID()}.anyone` },
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe("a pending change", () => {
  it("is rescheduled, cancelled to the Trash and back with Undo", async () => {
    const ad = await anAd();
    const change = (
      await admin("PUT", `/api/v1/sportbn/ads/${ad._id}?applyAt=${inSeconds(3600)}`, { isActive: true })
    ).json().data;
    const later = inSeconds(7200);
    const moved = await admin("PATCH", `/api/v1/sportbn/schedule/${change._id}`, { applyAt: later });
    expect(moved.json().data.applyAt).toBe(later);

    const cancelled = await admin("DELETE", `/api/v1/sportbn/schedule/${change._id}`);
    expect(cancelled.statusCode).toBe(200);
    expect((await schedule()).pending.some((pending: { _id: string }) => pending._id === change._id)).toBe(
      false,
    );
    const undo = cancelled.headers["x-undo-token"];
    expect(undo).toBeTruthy();
    expect((await admin("POST", "/api/v1/sportbn/trash/undo", { token: undo })).statusCode).toBe(200);
    expect((await schedule()).pending.some((pending: { _id: string }) => pending._id === change._id)).toBe(
      true,
    );
  });

  it("goes to the Trash with its deleted record, and comes back with the record's Undo", async () => {
    const ad = await anAd();
    const change = (
      await admin("PUT", `/api/v1/sportbn/ads/${ad._id}?applyAt=${inSeconds(3600)}`, { isActive: true })
    ).json().data;
    const deleted = await admin("DELETE", `/api/v1/sportbn/ads/${ad._id}`);
    const ids = async () => (await schedule()).pending.map((pending: { _id: string }) => pending._id);
    expect(await ids()).not.toContain(change._id);
    await admin("POST", "/api/v1/sportbn/trash/undo", { token: deleted.headers["x-undo-token"] });
    expect(await ids()).toContain(change._id);
  });

  it(`is refused past ${PENDING_CHANGES_LIMIT} waiting on a site (409 naming the limit)`, async () => {
    const ad = await anAd();
    await t.app.db.query(
      `insert into scheduled_changes (id, site, kind, record_id, method, path, body, apply_at, author_id, author_email)
       select gen_random_uuid(), 'sportbn', 'ads', $1, 'PUT', '/', '{}', now() + interval '1 day', 'x', 'x@example.com'
       from generate_series(1, $2)`,
      [ad._id, PENDING_CHANGES_LIMIT],
    );
    const refused = await admin("PUT", `/api/v1/sportbn/ads/${ad._id}?applyAt=${inSeconds(3600)}`, {
      isActive: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SCHEDULE_MESSAGES.tooMany);
    await t.app.db.query("delete from scheduled_changes where author_id = 'x'");
  });
});

describe("the Schedule", () => {
  it("shows the windows that start or end in the next 14 days", async () => {
    const startsAt = inSeconds(3600);
    const created = await admin("POST", "/api/v1/sportbn/ads", {
      page: "Home",
      url: "https://ads.example/window",
      isActive: true,
      startsAt,
      endsAt: inSeconds(30 * 86_400),
    });
    const id = created.json().data._id;
    const windows = (await schedule()).windows.filter(
      (moment: { recordId: string }) => moment.recordId === id,
    );
    expect(windows).toEqual([
      {
        kind: "ads",
        recordId: id,
        recordName: "https://ads.example/window",
        flag: null,
        moment: "starts",
        at: startsAt,
      },
    ]);
  });

  it("shows a flag's window, on a site whose records have no site column, and schedules its edits", async () => {
    const endsAt = inSeconds(86_400);
    const created = await admin("POST", "/api/v1/apkw/apps", {
      ...validApp(),
      trending: true,
      trendingEndsAt: endsAt,
    });
    expect(created.statusCode, created.body).toBe(201);
    const app = created.json().data;
    const windows = (await admin("GET", "/api/v1/apkw/schedule")).json().data.windows;
    expect(windows).toContainEqual(
      expect.objectContaining({
        kind: "apps",
        recordId: app._id,
        recordName: app.title,
        flag: "trending",
        moment: "ends",
        at: endsAt,
      }),
    );
    const scheduled = await admin("PUT", `/api/v1/apkw/apps/${app._id}?applyAt=${inSeconds(3600)}`, {
      trending: false,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(202);
  });

  it("lets a member preview a public read at another moment (?at=), kept nowhere; anyone else is refused", async () => {
    const url = "https://ads.example/preview";
    await admin("POST", "/api/v1/sportbn/ads", {
      page: "Preview",
      url,
      isActive: true,
      startsAt: inSeconds(3600),
    });
    const publicUrl = "/api/v1/public/sportbn/ads?page=Preview";
    const urls = (answer: { json(): { data: { url: string }[] } }) => answer.json().data.map((ad) => ad.url);
    expect(urls(await t.inject({ method: "GET", url: publicUrl }))).toEqual([]);
    const later = await admin("GET", `${publicUrl}&at=${inSeconds(7200)}`);
    expect(later.statusCode, later.body).toBe(200);
    expect(urls(later)).toEqual([url]);
    expect(later.headers["cache-control"]).toBe("private, no-store");
    // The real answer is unchanged by the preview, and a stranger cannot ask for one.
    expect(urls(await t.inject({ method: "GET", url: publicUrl }))).toEqual([]);
    expect((await t.inject({ method: "GET", url: `${publicUrl}&at=${inSeconds(7200)}` })).statusCode).toBe(
      401,
    );
    expect((await admin("GET", `${publicUrl}&at=tonight`)).statusCode).toBe(400);
  });
});

describe("the Schedule's overlaps", () => {
  const inHours = (hours: number) => inSeconds(hours * 3600);
  const overlapsOf = async (id: string) =>
    (await schedule()).overlaps.filter(
      (overlap: { recordId: string; other: { id: string } }) =>
        overlap.recordId === id || overlap.other.id === id,
    );

  it("flag two switched-on ads with head scripts on one page at once, from when until when, and nothing else", async () => {
    const ad = async (url: string, fields: Record<string, unknown>) =>
      (
        await admin("POST", "/api/v1/sportbn/ads", {
          page: "Overlaps",
          url,
          head: "<script>1</script>",
          isActive: true,
          ...fields,
        })
      ).json().data._id as string;
    const [one, two, three, four] = [1, 2, 3, 4].map(inHours);
    const first = await ad("https://ads.example/first", { startsAt: one, endsAt: three });
    const second = await ad("https://ads.example/second", { startsAt: two, endsAt: four });
    const later = await ad("https://ads.example/later", { startsAt: inHours(5), endsAt: inHours(6) });
    const noHead = await ad("https://ads.example/no-head", { head: "null", startsAt: inHours(2) });
    const off = await ad("https://ads.example/off", { isActive: false, startsAt: inHours(2) });
    const elsewhere = await ad("https://ads.example/elsewhere", { page: "Other", startsAt: inHours(2) });

    expect(await overlapsOf(first)).toEqual([
      {
        reason: "sameSlot",
        kind: "ads",
        recordId: first,
        recordName: "https://ads.example/first",
        other: { kind: "ads", id: second, name: "https://ads.example/second" },
        slot: "Overlaps",
        from: two,
        until: three,
      },
    ]);
    for (const id of [later, noHead, off, elsewhere]) expect(await overlapsOf(id)).toEqual([]);
  });

  it("flag a server whose window is outside its match's day, not one within it", async () => {
    const match = (await admin("POST", "/api/v1/sportbn/matches", validMatch())).json().data;
    const server = async (name: string, startsAt: string, endsAt: string) =>
      (
        await admin("POST", "/api/v1/sportbn/other-servers", {
          match_id: match._id,
          name,
          url: `https://streams.example/${name}`,
          startsAt,
          endsAt,
        })
      ).json().data._id as string;
    const day = match.date as string;
    const dayAfter = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const outside = await server("outside", `${dayAfter}T12:00:00.000Z`, `${dayAfter}T14:00:00.000Z`);
    const within = await server("within", `${day}T19:00:00.000Z`, `${day}T23:00:00.000Z`);
    expect(await overlapsOf(outside)).toEqual([
      expect.objectContaining({
        reason: "outsideDay",
        kind: "servers",
        recordName: "outside",
        other: { kind: "matches", id: match._id, name: "Arsenal vs Chelsea" },
        slot: day,
      }),
    ]);
    expect(await overlapsOf(within)).toEqual([]);
  });
});
