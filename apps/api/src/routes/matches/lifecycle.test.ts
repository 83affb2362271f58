import { dayAndTime } from "@backoffice/contracts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";
import { loadConfig } from "../../config.ts";
import { runLinkHealthRound } from "../../lib/link-health.ts";

// The match lifecycle (docs/PRODUCT-RULES.md#matches-and-the-sports-feed) with the clock set, not
// waited for: Date is faked (the app's clock is Date.now()), the database's own clock is not used.
// Match times are in Tokyo (UTC+9), so a time read as UTC would be nine hours off.
const TIME_ZONE = "Asia/Tokyo";
const t = signedInApp(() => ({ FEED_TIMEZONE: TIME_ZONE, MATCHES_PUBLIC_FINISHED_DAYS: "7" }));
const { admin } = t;

const MINUTE = 60_000;
// Close to the real time, so the admin's session stays valid.
const base = Math.ceil(Date.now() / MINUTE) * MINUTE + 10 * MINUTE;
const clock = (minutes: number) => vi.setSystemTime(base + minutes * MINUTE);
const local = (minutes: number) => dayAndTime(new Date(base + minutes * MINUTE).toISOString(), TIME_ZONE);

let teams = 0;
/** A match kicking off and ending at these minutes from `base`, with the status given (if any). */
async function createMatch(kickOff: number, end: number, status?: string) {
  const start = local(kickOff);
  const response = await admin("POST", "/api/v1/sportbn/matches", {
    ...(status ? { status } : {}),
    league_name: "Premier League",
    league_logo: "https://media.example/leagues/39.png",
    homeTeam_name: `Lifecycle home ${++teams}`,
    homeTeam_logo: "https://media.example/teams/42.png",
    awayTeam_name: `Lifecycle away ${teams}`,
    awayTeam_logo: "https://media.example/teams/49.png",
    date: start.date,
    time: start.time,
    end_time: local(end).time,
    isFirst: "false",
    matchUrl: "https://sportbn.example",
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; status: string } & Record<string, unknown>;
}

const adminStatus = async (id: string) => {
  const list = await admin("GET", "/api/v1/sportbn/matches");
  return list.json().data.find((m: { _id: string }) => m._id === id)?.status as string | undefined;
};
const publicRead = () => t.inject({ method: "GET", url: "/api/v1/public/sportbn/matches" });
const publicStatus = async (id: string) =>
  (await publicRead()).json().data.find((m: { _id: string }) => m._id === id)?.status as string | undefined;
const statuses = async (id: string) => [await adminStatus(id), await publicStatus(id)];

beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  clock(0);
});
afterAll(() => vi.useRealTimers());

describe("match lifecycle", () => {
  it("goes live at kick-off and finished at its end, in the site's time zone, in every read", async () => {
    clock(0);
    const match = await createMatch(60, 180, "upcoming");
    expect(await statuses(match._id)).toEqual(["upcoming", "upcoming"]);
    clock(59);
    expect(await statuses(match._id)).toEqual(["upcoming", "upcoming"]);
    // Nine hours before a UTC reading of the same day and time would say so.
    clock(60);
    expect(await statuses(match._id)).toEqual(["live", "live"]);
    clock(179);
    expect(await statuses(match._id)).toEqual(["live", "live"]);
    clock(180);
    expect(await statuses(match._id)).toEqual(["finished", "finished"]);
  });

  it("keeps the status an admin sets until the next kick-off or end", async () => {
    clock(0);
    const match = await createMatch(60, 180, "live");
    clock(30);
    expect(await statuses(match._id)).toEqual(["live", "live"]);
    clock(90);
    expect(await statuses(match._id)).toEqual(["live", "live"]);
    const { _id, status: _status, ...rest } = match;
    const saved = await admin("PUT", `/api/v1/sportbn/matches/${_id}`, {
      status: "upcoming",
      league_name: "Premier League",
      league_logo: "https://media.example/leagues/39.png",
      homeTeam_name: (rest.homeTeam as { name: string }).name,
      homeTeam_logo: "https://media.example/teams/42.png",
      awayTeam_name: (rest.awayTeam as { name: string }).name,
      awayTeam_logo: "https://media.example/teams/49.png",
      date: rest.date,
      time: rest.time,
      end_time: rest.end_time,
      isFirst: "false",
      matchUrl: "https://sportbn.example",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.status).toBe("upcoming");
    clock(179);
    expect(await statuses(match._id)).toEqual(["upcoming", "upcoming"]);
    clock(180);
    expect(await statuses(match._id)).toEqual(["finished", "finished"]);
  });

  it("keeps the status as set when an update leaves it out, and takes the clock's when the times move", async () => {
    clock(0);
    const match = await createMatch(60, 180, "live");
    clock(30);
    const url = `/api/v1/sportbn/matches/${match._id}`;
    const scored = await admin("PUT", url, { homeTeam_score: 2 });
    expect(scored.statusCode, scored.body).toBe(200);
    expect(scored.json().data).toMatchObject({ status: "live", homeTeam: { score: 2 } });
    expect(await statuses(match._id)).toEqual(["live", "live"]);
    // Moved to kick off at 120: the clock's status for the new times, from now on.
    const start = local(120);
    const moved = await admin("PUT", url, { date: start.date, time: start.time, end_time: local(240).time });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ status: "upcoming", homeTeam: { score: 2 } });
    clock(120);
    expect(await statuses(match._id)).toEqual(["live", "live"]);
  });

  it("changes the public read at the boundary without any write, though the answer was cached", async () => {
    clock(0);
    const match = await createMatch(120, 240, "upcoming");
    const first = await publicRead();
    const again = await publicRead();
    expect(again.headers.etag).toBe(first.headers.etag);
    // Cached until the next kick-off or end among the listed matches, and says so.
    expect(Date.parse(String(first.headers.expires))).toBeGreaterThan(base);
    expect(Date.parse(String(first.headers.expires))).toBeLessThanOrEqual(base + 120 * MINUTE);
    clock(120);
    const later = await publicRead();
    expect(later.headers.etag).not.toBe(first.headers.etag);
    expect(later.json().data.find((m: { _id: string }) => m._id === match._id).status).toBe("live");
  });

  it("leaves finished matches out of the public read and the admin list's default some days after their end, into Finished earlier", async () => {
    clock(0);
    const old = await createMatch(-8 * 24 * 60, -8 * 24 * 60 + 120, "finished");
    const recent = await createMatch(-6 * 24 * 60, -6 * 24 * 60 + 120, "finished");
    // No status given: the clock's (finished).
    const ageing = await createMatch(-7 * 24 * 60 - 60, -7 * 24 * 60 + 30);
    expect(ageing.status).toBe("finished");
    const publicIds = async () => (await publicRead()).json().data.map((m: { _id: string }) => m._id);
    expect(await publicIds()).not.toContain(old._id);
    expect(await publicIds()).toEqual(expect.arrayContaining([recent._id, ageing._id]));
    const older = async () =>
      (await admin("GET", "/api/v1/sportbn/matches?status=older"))
        .json()
        .data.map((m: { _id: string }) => m._id);
    expect(await adminStatus(old._id)).toBeUndefined();
    expect(await older()).toContain(old._id);
    expect(await adminStatus(ageing._id)).toBe("finished");
    // Seven days after its end, without a write.
    clock(30);
    expect(await publicIds()).not.toContain(ageing._id);
    expect(await adminStatus(ageing._id)).toBeUndefined();
    expect(await older()).toContain(ageing._id);
  });
});

describe("the stream-link round", () => {
  it("leaves out a match the clock has finished, whatever its stored status", async () => {
    clock(300);
    await createMatch(290, 310, "live");
    clock(311);
    const round = await runLinkHealthRound(t.app.db, "sportbn", { allowedHosts: [], timeZone: TIME_ZONE });
    expect(round.checked).toBe(0);
  });
});

describe("lifecycle settings", () => {
  it("refuses an unknown time zone and a negative number of days, naming the variable", () => {
    expect(() => loadConfig({ FEED_TIMEZONE: "Mars/Olympus" })).toThrow(/FEED_TIMEZONE/);
    expect(() => loadConfig({ MATCHES_PUBLIC_FINISHED_DAYS: "-1" })).toThrow(/MATCHES_PUBLIC_FINISHED_DAYS/);
    expect(loadConfig({}).MATCHES_PUBLIC_FINISHED_DAYS).toBe(7);
  });
});
