import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";
import { runLinkHealthRound } from "../../lib/link-health.ts";
import { validMatch } from "./match.testing.ts";

// Stream endpoints on loopback (the sandbox's role): allowed through LINK_PROBE_ALLOWED_HOSTS.
let stream: Server;
let base = "";
let connections = 0;
beforeAll(async () => {
  stream = createServer((req, res) => {
    const status = Number(new URL(req.url ?? "/", "http://x").pathname.split("/")[1]) || 200;
    res.writeHead(status, { "content-length": "0" }).end();
  });
  stream.on("connection", () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => stream.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(stream.address() as AddressInfo).port}`;
});
afterAll(() => stream.close());

const t = signedInApp(() => ({
  LINK_PROBE_ALLOWED_HOSTS: "127.0.0.1",
  LINK_HIDE_FAILING_AFTER_MINUTES: "60",
}));
const { admin } = t;

const match = (matchUrl: string) => validMatch({ date: "2027-03-01", matchUrl });

type Server_ = {
  _id: string;
  name: string;
  health: { state: string; status: number | null; failingSince: string | null };
};
const publicServers = async (id: string) => {
  const response = await t.inject({ method: "GET", url: "/api/v1/public/sportbn/matches" });
  const found = response.json().data.find((m: { _id: string }) => m._id === id);
  return found.servers.map((server: { name: string }) => server.name) as string[];
};

describe("stream-link health", () => {
  let id = "";
  beforeAll(async () => {
    id = (await admin("POST", "/api/v1/sportbn/matches", match(`${base}/200/main`))).json().data._id;
    // Added in this order; the list is newest first: Metadata, Good, Missing, Broken.
    for (const [name, path] of [
      ["Broken", "/500"],
      ["Missing", "/404"],
      ["Good", "/200/good"],
    ]) {
      await admin("POST", "/api/v1/sportbn/other-servers", { match_id: id, name, url: `${base}${path}` });
    }
    await admin("POST", "/api/v1/sportbn/other-servers", {
      match_id: id,
      name: "Metadata",
      url: "http://169.254.169.254/latest/meta-data/",
    });
  });

  it("shows every link as not checked yet before the first probe", async () => {
    const matches = await admin("GET", "/api/v1/sportbn/matches");
    const found = matches.json().data.find((m: { _id: string }) => m._id === id);
    expect(found.health).toMatchObject({ state: "unchecked", checkedAt: null });
    const servers = (await admin("GET", "/api/v1/sportbn/other-servers/all")).json().data as Server_[];
    expect(servers.filter((s) => s.health.state === "unchecked")).toHaveLength(4);
  });

  it("checks a match's links on demand and answers each one's health", async () => {
    const response = await admin("POST", `/api/v1/sportbn/matches/${id}/links/check`);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe("Links checked");
    const byUrl = Object.fromEntries(
      response.json().data.map((link: { url: string }) => [link.url.replace(base, ""), link]),
    );
    expect(byUrl["/200/main"]).toMatchObject({ state: "ok", status: 200, failingSince: null });
    expect(byUrl["/200/main"].latencyMs).toBeGreaterThanOrEqual(0);
    expect(byUrl["/500"]).toMatchObject({ state: "failing", status: 500 });
    expect(byUrl["/500"].failingSince).toEqual(expect.any(String));
    expect(byUrl["/404"]).toMatchObject({ state: "failing", status: 404 });
    expect(byUrl["http://169.254.169.254/latest/meta-data/"]).toMatchObject({ state: "blocked" });

    const servers = (await admin("GET", "/api/v1/sportbn/other-servers/all")).json().data as Server_[];
    expect(servers.find((s) => s.name === "Broken")?.health).toMatchObject({ state: "failing", status: 500 });
    const matches = await admin("GET", "/api/v1/sportbn/matches");
    expect(matches.json().data.find((m: { _id: string }) => m._id === id).health.state).toBe("ok");
  });

  it("lists the healthy servers first in the public read, and no health there", async () => {
    expect(await publicServers(id)).toEqual(["Good", "Metadata", "Missing", "Broken"]);
    const response = await t.inject({ method: "GET", url: "/api/v1/public/sportbn/matches" });
    const found = response.json().data.find((m: { _id: string }) => m._id === id);
    expect(found.servers[0]).toEqual({ _id: expect.any(String), name: "Good", url: `${base}/200/good` });
  });

  it("keeps the first failure's time across checks and leaves out links failing longer than the setting", async () => {
    await t.app.db.query("update link_health set failing_since = now() - interval '2 hours' where url = $1", [
      `${base}/500`,
    ]);
    const again = await admin("POST", `/api/v1/sportbn/matches/${id}/links/check`);
    const broken = again.json().data.find((link: { url: string }) => link.url === `${base}/500`);
    expect(Date.now() - Date.parse(broken.failingSince)).toBeGreaterThan(100 * 60_000);
    expect(await publicServers(id)).toEqual(["Good", "Metadata", "Missing"]);
  });

  it("leaves out a failing link when it reaches the setting, with no round or write dropping the read", async () => {
    // Missing (404) has failed for 60 minutes less 1.5 s: shown now, left out 1.5 s later.
    await t.app.db.query(
      "update link_health set failing_since = now() - interval '3598.5 seconds' where url = $1",
      [`${base}/404`],
    );
    // That update is no write of the api's: its read is dropped by hand, once.
    await t.app.publicCache.invalidate("sportbn:matches:");
    expect(await publicServers(id)).toEqual(["Good", "Metadata", "Missing"]);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(await publicServers(id)).toEqual(["Good", "Metadata"]);
  });

  it("answers 404 for an unknown match and needs an administrator", async () => {
    const missing = await admin("POST", "/api/v1/sportbn/matches/0123456789abcdef01234567/links/check");
    expect(missing.statusCode).toBe(404);
    const anonymous = await t.inject({ method: "POST", url: `/api/v1/sportbn/matches/${id}/links/check` });
    expect(anonymous.statusCode).toBe(401);
  });

  it("probes, on the schedule, the links of matches starting within 24 hours (clock given) and not later ones", async () => {
    const options = { allowedHosts: ["127.0.0.1"], timeZone: "Europe/London" };
    // 20:00 in London on 1 March is 20:00 UTC (winter time).
    const early = await runLinkHealthRound(t.app.db, "sportbn", {
      ...options,
      now: Date.parse("2027-02-27T19:00:00Z"),
    });
    expect(early.checked).toBe(0);
    const due = await runLinkHealthRound(t.app.db, "sportbn", {
      ...options,
      now: Date.parse("2027-03-01T10:00:00Z"),
    });
    // The manual checks above found each link in the state it is in now: nothing changed.
    expect(due).toEqual({ checked: 5, ok: 2, changed: 0 });
  });

  it("paces a round: at most perSecond probes started a second on kept-alive connections, each result stored", async () => {
    const options = { allowedHosts: ["127.0.0.1"], timeZone: "Europe/London" };
    const now = Date.parse("2027-03-01T10:00:00Z");
    const started = performance.now();
    const before = connections;
    // 5 links at 10 a second: the last starts 0.4 s after the first.
    expect(await runLinkHealthRound(t.app.db, "sportbn", { ...options, now, perSecond: 10 })).toEqual({
      checked: 5,
      ok: 2,
      changed: 0,
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    // The four links on the stream server, one after the other: one connection, not four.
    expect(connections - before).toBe(1);
    const servers = (await admin("GET", "/api/v1/sportbn/other-servers/all")).json().data as Server_[];
    expect(servers.map((server) => [server.name, server.health.state])).toEqual([
      ["Metadata", "blocked"],
      ["Good", "ok"],
      ["Missing", "failing"],
      ["Broken", "failing"],
    ]);
  });

  it("Run now: a round whose links fail is a success that needs a look (warning), not a plain one", async () => {
    // Live now (UTC, the test's feed time zone): kicked off 30 minutes ago, ends in 2 hours.
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const kickOff = at(-30 * 60_000);
    const live = await admin("POST", "/api/v1/sportbn/matches", {
      ...validMatch({ date: kickOff.slice(0, 10), matchUrl: `${base}/200/live` }),
      time: kickOff.slice(11, 16),
      end_time: at(2 * 3_600_000).slice(11, 16),
      homeTeam_name: "Live Home",
    });
    expect(live.statusCode).toBe(201);
    await admin("POST", "/api/v1/sportbn/other-servers", {
      match_id: live.json().data._id,
      name: "Down",
      url: `${base}/503`,
    });
    const lastRun = async () =>
      ((await admin("GET", "/api/v1/jobs")).json().data as { name: string; lastRun: unknown }[]).find(
        (job) => job.name === "link-health",
      )?.lastRun;
    expect((await admin("POST", "/api/v1/jobs/link-health/run")).statusCode).toBe(200);
    await vi.waitFor(
      async () =>
        expect(await lastRun()).toMatchObject({
          result: "succeeded",
          summary: "1 of 2 links OK.",
          warning: true,
        }),
      { timeout: 15_000, interval: 200 },
    );
    await admin("DELETE", `/api/v1/sportbn/matches`, { ids: [live.json().data._id] });
  });

  it("runs as the link-health job every 10 minutes", async () => {
    const jobs = (await admin("GET", "/api/v1/jobs")).json().data as {
      name: string;
      schedule: string;
      site: string;
    }[];
    expect(jobs.find((job) => job.name === "link-health")).toMatchObject({
      schedule: "*/10 * * * *",
      site: "sportbn",
    });
  });
});
