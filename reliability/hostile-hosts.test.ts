// Hostile hosts and hostile inputs found by the outside attack run: stream hosts that answer with
// broken redirects, resets and garbage must cost only their own link's health, never the check or the
// scheduled round; the content service's writes refuse malformed dates and answer every refusal in
// the error envelope.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Queryable } from "@backoffice/db";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { validMatch } from "../apps/api/src/routes/matches/match.testing.ts";
import { type TestApp as ApiTestApp, buildTestApp as buildApi } from "../apps/api/test/helpers.ts";
import { isEnvelope, report, type Stack, startStack } from "./support.ts";

/** What a hostile stream host does on one path, and the health its link must get. */
interface HostileCase {
  what: string;
  path: string;
  state: "failing" | "blocked";
  reason?: RegExp;
}

const HOSTILE: HostileCase[] = [
  { what: "302 to http://[", path: "/redirect-bracket", state: "failing", reason: /^invalid redirect$/ },
  { what: "302 to http://a b", path: "/redirect-space", state: "failing", reason: /^invalid redirect$/ },
  {
    what: "302 to a port out of range",
    path: "/redirect-port",
    state: "failing",
    reason: /^invalid redirect$/,
  },
  { what: "a redirect loop", path: "/loop", state: "failing", reason: /^too many redirects$/ },
  { what: "the socket destroyed mid-answer", path: "/reset", state: "failing", reason: /^connection reset$/ },
  { what: "garbage bytes, not HTTP", path: "/garbage", state: "failing", reason: /^not an HTTP answer$/ },
  { what: "302 to a private address", path: "/redirect-private", state: "blocked" },
  { what: "302 to the metadata address", path: "/redirect-metadata", state: "blocked" },
  { what: "302 to file:", path: "/redirect-file", state: "blocked" },
  // An offline resolver may take the whole 5 s: then it is a timeout, still the link's own.
  { what: "302 to a name no DNS knows", path: "/redirect-dns", state: "failing", reason: /^(DNS|timeout)$/ },
  { what: "TLS spoken to a plain HTTP port", path: "tls", state: "failing", reason: /^TLS$/ },
];

const REDIRECTS: Record<string, string> = {
  "/redirect-bracket": "http://[",
  "/redirect-space": "http://a b",
  "/redirect-port": "http://127.0.0.1:99999/",
  "/loop": "/loop",
  "/redirect-private": "http://10.0.0.1/",
  "/redirect-metadata": "http://169.254.169.254/latest/meta-data/",
  "/redirect-file": "file:///etc/passwd",
  "/redirect-dns": "http://nothing.invalid/",
};

describe("link health against hostile stream hosts: only their own link's health suffers", () => {
  let hostile: Server;
  let base = "";
  let api: ApiTestApp;
  let token = "";
  const urlOf = (one: HostileCase) =>
    one.path === "tls" ? base.replace("http:", "https:").concat("/tls") : `${base}${one.path}`;

  beforeAll(async () => {
    hostile = createServer((req, res) => {
      const path = req.url ?? "/";
      const to = REDIRECTS[path];
      if (to) return res.writeHead(302, { location: to, "content-length": "0" }).end();
      if (path === "/reset") {
        req.socket.write("HTTP/1.1 200 OK\r\nContent-Le");
        setTimeout(() => req.socket.destroy(), 20);
        return;
      }
      if (path === "/garbage") {
        req.socket.end(Buffer.from("\u0000\u00ffSSH-2.0-OpenSSH_9.6\r\n\r\n", "latin1"));
        return;
      }
      if (path.startsWith("/ok")) return res.writeHead(200, { "content-length": "0" }).end();
      res.writeHead(404, { "content-length": "0" }).end();
    });
    await new Promise<void>((resolve) => hostile.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
    // The hostile host is on loopback: allowed, as the sandbox is; what it redirects to is still checked.
    api = await buildApi({ LINK_PROBE_ALLOWED_HOSTS: "127.0.0.1" });
    token = await api.login();
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    hostile?.closeAllConnections();
    hostile?.close();
  });

  const apiDb = () => (api.app as unknown as { db: Queryable }).db;
  const admin = (method: "GET" | "POST", url: string, payload?: object) =>
    api.as(token, { method, url, ...(payload ? { payload } : {}) });

  // Two matches starting within the hour (UTC, the default FEED_TIMEZONE), so the round takes both.
  const soon = new Date(Date.now() + 3_600_000).toISOString();
  const matchIds: string[] = [];
  const linksOf = new Map<string, string[]>();
  const addMatch = async (team: string, links: string[]) => {
    const [matchUrl, ...others] = links;
    const created = await admin(
      "POST",
      "/api/v1/sportbn/matches",
      validMatch({
        homeTeam_name: team,
        date: soon.slice(0, 10),
        time: soon.slice(11, 16),
        end_time: "23:59",
        matchUrl,
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data._id as string;
    for (const [index, url] of others.entries()) {
      const server = await admin("POST", "/api/v1/sportbn/other-servers", {
        match_id: id,
        name: `Server ${index + 1}`,
        url,
      });
      expect(server.statusCode, server.body).toBe(201);
    }
    matchIds.push(id);
    linksOf.set(id, links);
    return id;
  };

  const expectHealth = (health: { url: string; state: string; reason: string | null }) => {
    const one = HOSTILE.find((item) => urlOf(item) === health.url);
    if (!one) {
      expect(health, health.url).toMatchObject({ state: "ok" });
      return;
    }
    expect(health.state, `${one.what}: ${JSON.stringify(health)}`).toBe(one.state);
    if (one.reason) expect(health.reason, one.what).toMatch(one.reason);
  };

  it("answers 200 with every link's state when one match has every hostile link and a healthy one", async () => {
    const id = await addMatch("Hostile United", [`${base}/ok/one`, ...HOSTILE.map(urlOf)]);
    const response = await admin("POST", `/api/v1/sportbn/matches/${id}/links/check`);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as { url: string; state: string; reason: string | null }[];
    expect(data.map((health) => health.url)).toEqual(linksOf.get(id));
    for (const health of data) expectHealth(health);
    expect(data[0]).toMatchObject({ url: `${base}/ok/one`, state: "ok", status: 200 });
  });

  it("answers 200 for a second match whose own matchUrl is hostile, its healthy server OK", async () => {
    const hostileFirst = HOSTILE.map(urlOf).reverse();
    const id = await addMatch("Hostile City", [...hostileFirst, `${base}/ok/two`]);
    const response = await admin("POST", `/api/v1/sportbn/matches/${id}/links/check`);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as { url: string; state: string; reason: string | null }[];
    expect(data.map((health) => health.url)).toEqual(linksOf.get(id));
    for (const health of data) expectHealth(health);
    expect(data.at(-1)).toMatchObject({ url: `${base}/ok/two`, state: "ok", status: 200 });
  });

  it("completes the scheduled round (Run now) over both matches and stores every link's state", async () => {
    await apiDb().query("delete from link_health");
    const run = await admin("POST", "/api/v1/jobs/link-health/run");
    expect(run.statusCode, run.body).toBe(200);
    const total = matchIds.reduce((sum, id) => sum + linksOf.get(id)!.length, 0);
    const lastRun = async () =>
      ((await admin("GET", "/api/v1/jobs")).json().data as { name: string; lastRun: unknown }[]).find(
        (job) => job.name === "link-health",
      )?.lastRun;
    await vi.waitFor(
      async () =>
        expect(await lastRun()).toMatchObject({
          result: "succeeded",
          trigger: "manual",
          summary: `2 of ${total} links OK.`,
          error: null,
        }),
      { timeout: 30_000, interval: 200 },
    );
    const stored = await apiDb().query<{
      match_id: string;
      url: string;
      state: string;
      reason: string | null;
    }>("select match_id, url, state, reason from link_health where site = 'sportbn'");
    expect(stored).toHaveLength(total);
    for (const id of matchIds) {
      const mine = stored.filter((row) => row.match_id.trim() === id);
      expect(mine.map((row) => row.url).sort()).toEqual([...linksOf.get(id)!].sort());
      for (const row of mine) expectHealth(row);
    }
    // The dashboard's read shows them too: no link of either match is left "Not checked yet".
    const servers = (await admin("GET", "/api/v1/sportbn/other-servers/all")).json().data as {
      health: { state: string };
    }[];
    expect(servers.filter((server) => server.health.state === "unchecked")).toEqual([]);
    report("hostile-hosts-links", { hostileCases: HOSTILE.length, matches: matchIds.length, links: total });
  });
});

describe("content service inputs: malformed dates refused, every refusal in the error envelope", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  }, 120_000);
  afterAll(() => stack?.close());

  const stored = async () => (await stack.content.db.query<{ id: string }>("select id from titles")).length;
  const title = (overrides: Record<string, unknown> = {}) => ({
    _id: "65a1b2c3d4e5f60718293a4b",
    title: "Restored",
    overview: "",
    type: "movie",
    status: "Released",
    featured: false,
    lockerSelected: false,
    poster_path: null,
    vote_average: 7,
    releaseDate: "2020-01-01",
    genres: [],
    tmdbId: 424242,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  });

  const RESTORES: [string, Record<string, unknown>][] = [
    ["createdAt", { createdAt: "fuzz" }],
    ["updatedAt", { updatedAt: "2026-13-45T99:00:00Z" }],
    ["createdAt", { createdAt: "" }],
    ["releaseDate", { releaseDate: "not-a-date" }],
    ["releaseDate", { releaseDate: "2023-02-30" }],
    ["releaseDate", { releaseDate: "20230101" }],
    ["_id", { _id: "not-an-id" }],
    ["tmdbId", { tmdbId: 1e12 }],
    ["vote_average", { vote_average: 11 }],
  ];

  it.each(RESTORES)(
    "refuses a restored title with a bad %s (%j): 400 in the envelope, nothing stored",
    async (field, bad) => {
      const before = await stored();
      const response = await stack.content.signed("POST", "/api/movies/restore", { titles: [title(bad)] });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(isEnvelope(response.body), response.body).toBe(true);
      const body = response.json() as { status: string; message: string; errors?: { path: string }[] };
      expect(body.status).toBe("fail");
      expect(body.message).toContain(field);
      expect(body.errors?.[0]?.path).toBe(`titles.0.${field}`);
      expect(await stored()).toBe(before);
    },
  );

  it("still restores a well-formed title, and one without a release date", async () => {
    const response = await stack.content.signed("POST", "/api/movies/restore", {
      titles: [title(), title({ _id: "65a1b2c3d4e5f60718293a4c", tmdbId: 424243, releaseDate: null })],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().restored).toHaveLength(2);
    await stack.content.clearTitles();
  });

  it("answers the import's 404 and 409 in the envelope, as JSON", async () => {
    const missing = await stack.content.signed("POST", "/api/movies/import/tmdb", {
      tmdbId: 2_000_000_000,
      kind: "movie",
    });
    expect(missing.statusCode, missing.body).toBe(404);
    expect(missing.headers["content-type"]).toMatch(/^application\/json/);
    expect(missing.json()).toEqual({ status: "fail", message: "TMDB title not found" });

    const first = await stack.content.signed("POST", "/api/movies/import/tmdb", {
      tmdbId: 603,
      kind: "movie",
    });
    expect(first.statusCode, first.body).toBe(201);
    const again = await stack.content.signed("POST", "/api/movies/import/tmdb", {
      tmdbId: 603,
      kind: "movie",
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.headers["content-type"]).toMatch(/^application\/json/);
    expect(again.json()).toEqual({ status: "fail", message: expect.stringMatching(/^Already imported: /) });
    await stack.content.clearTitles();
    report("hostile-hosts-content", { restoreCases: RESTORES.length, importRefusals: 2 });
  });
});
