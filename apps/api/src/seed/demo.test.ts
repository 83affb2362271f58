// The demo data a first start shows (docs/PRODUCT-RULES.md#overview, #matches-and-the-sports-feed):
// stream links that answer, through the provider sandbox's stream endpoints (mostly healthy, one
// down on purpose), and an intake spread over the last 90 days the way real traffic falls.
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInApp } from "../../test/helpers.ts";

// A stand-in for the sandbox's stream servers (apps/sandbox/src/streams/routes.ts, tested there):
// every name answers like a live HLS stream, `offline` is a server that is down.
let streams: FastifyInstance;
let sandboxUrl = "";
beforeAll(async () => {
  streams = Fastify({ forceCloseConnections: true });
  streams.route({
    method: ["GET", "HEAD"],
    url: "/streams/:name",
    exposeHeadRoute: false,
    handler: async (request, reply) =>
      (request.params as { name: string }).name === "offline"
        ? reply.code(503).send({ message: "Stream offline" })
        : reply.type("application/vnd.apple.mpegurl").send("#EXTM3U\n"),
  });
  sandboxUrl = (await streams.listen({ port: 0, host: "127.0.0.1" })).replace("localhost", "127.0.0.1");
});
afterAll(() => streams.close());

const t = signedInApp(() => ({
  SEED_DEMO: "true",
  SANDBOX_URL: sandboxUrl,
  // What npm start allows for the sandbox it runs (scripts/start-env.ts).
  LINK_PROBE_ALLOWED_HOSTS: "127.0.0.1",
}));
const get = async (url: string) => (await t.admin("GET", url)).json();

describe("demo stream links", () => {
  it("are the provider sandbox's stream endpoints, never a host that does not resolve", async () => {
    const matches: { matchUrl: string }[] = (await get("/api/v1/sportbn/matches")).data;
    const servers: { url: string }[] = (await get("/api/v1/sportbn/other-servers/all")).data;
    const links = [...matches.map((m) => m.matchUrl), ...servers.map((s) => s.url)];
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) expect(link.startsWith(`${sandboxUrl}/streams/`), link).toBe(true);
  });

  it("are healthy but one, down on purpose: the overview says one failing link, not ten", async () => {
    const matches: { _id: string }[] = (await get("/api/v1/sportbn/matches")).data;
    const states: { url: string; state: string; status: number | null }[] = [];
    for (const match of matches) {
      const check = await t.admin("POST", `/api/v1/sportbn/matches/${match._id}/links/check`);
      expect(check.statusCode).toBe(200);
      states.push(...check.json().data);
    }
    const failing = states.filter((link) => link.state !== "ok");
    expect(failing).toEqual([
      expect.objectContaining({ url: `${sandboxUrl}/streams/offline`, state: "failing", status: 503 }),
    ]);
    expect((await get("/api/v1/sportbn/overview")).data.links).toEqual({ failing: 1, matches: 1 });
  });
});

describe("demo intake", () => {
  const DAY = 86_400_000;
  const weekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
  const mean = (days: { day: string; count: number }[]) =>
    days.reduce((sum, day) => sum + day.count, 0) / days.length;

  it.each([
    ["apkw", "subscriptions", "quieter"],
    ["sportbn", "subscriptions", "busier"],
    ["movies", "contacts", "quieter"],
  ] as const)("%s: %s fall over the last 90 days, %s at weekends, growing", async (site, key, weekends) => {
    const days: { day: string; count: number }[] = (await get(`/api/v1/${site}/overview?days=90`)).data[key]
      .days;
    expect(days).toHaveLength(90);
    const total = days.reduce((sum, day) => sum + day.count, 0);
    // Spread, not one bar: most days have some, and no day has a tenth of them.
    expect(days.filter((day) => day.count > 0).length).toBeGreaterThan(45);
    expect(Math.max(...days.map((day) => day.count))).toBeLessThan(total / 10);
    // The week's rhythm (today, still under way, left out).
    const whole = days.slice(0, -1);
    const [atWeekends, onWeekdays] = [
      mean(whole.filter((d) => weekend(d.day))),
      mean(whole.filter((d) => !weekend(d.day))),
    ];
    if (weekends === "quieter") expect(atWeekends).toBeLessThan(onWeekdays);
    else expect(atWeekends).toBeGreaterThan(onWeekdays);
    // Growth: the last 30 days bring more than the 30 before them (the overview's own comparison).
    const last30 = (await get(`/api/v1/${site}/overview`)).data[key];
    expect(last30.total).toBeGreaterThan(last30.previous);
  });

  it("has nothing in the future, and the newest rows first in the inbox", async () => {
    const newest = (await get("/api/v1/apkw/emails?page=1")).data[0];
    expect(Date.parse(newest.createdAt)).toBeLessThanOrEqual(Date.now());
    const oldest = (await get("/api/v1/apkw/emails?page=1&sort=oldest")).data[0];
    expect(Date.now() - Date.parse(oldest.createdAt)).toBeGreaterThan(80 * DAY);
  });
});
