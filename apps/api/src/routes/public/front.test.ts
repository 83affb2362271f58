import { createServer } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";
import { validMatch } from "../matches/match.testing.ts";

// The server's front door answers a repeated public read with the answer Fastify sent for it
// (lib/public-cache.ts). Only real sockets go through it (inject skips the node:http server).
// The link-health round probes a stream server on loopback (the sandbox's role).
const t = signedInApp(() => ({ LINK_PROBE_ALLOWED_HOSTS: "127.0.0.1" }));
let base: string;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});

const read = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${base}${path}`, { headers });
  const { date: _date, "x-request-id": id, ...rest } = Object.fromEntries(response.headers);
  return { status: response.status, body: await response.text(), id, headers: rest };
};
const answeredBeforeRouting = () => t.app.publicCache.stats().answeredBeforeRouting;
const ADS = "/api/v1/public/sportbn/ads?page=Home";

describe("public reads at the front door", () => {
  it("answers a repeat with the same bytes and headers and a new request id, and a write at once", async () => {
    const first = await read(ADS);
    expect(first.status).toBe(200);
    expect(answeredBeforeRouting()).toBe(0);
    const second = await read(ADS);
    expect(answeredBeforeRouting()).toBe(1);
    expect(second.body).toBe(first.body);
    expect(second.headers).toEqual(first.headers);
    expect(second.headers["x-content-type-options"]).toBe("nosniff");
    expect(second.headers["content-security-policy"]).toBeDefined();
    expect(second.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.id).not.toBe(first.id);

    const created = await t.as(t.token, {
      method: "POST",
      url: "/api/v1/sportbn/ads",
      payload: { page: "Home", url: "https://ads.example/front", isActive: "true" },
    });
    expect(created.statusCode).toBe(201);
    const afterWrite = await read(ADS);
    expect(afterWrite.body).toContain("https://ads.example/front");
    expect(answeredBeforeRouting()).toBe(1);
    expect((await read(ADS)).body).toBe(afterWrite.body);
    expect(answeredBeforeRouting()).toBe(2);
  });

  it("keeps a public site's CORS answer apart from the answer without an Origin", async () => {
    const origin = t.config.SITE_SPORTBN_URL;
    const plain = await read("/api/v1/public/sportbn/locker");
    const cross = await read("/api/v1/public/sportbn/locker", { origin });
    const crossAgain = await read("/api/v1/public/sportbn/locker", { origin });
    const plainAgain = await read("/api/v1/public/sportbn/locker");
    expect(cross.headers["access-control-allow-origin"]).toBe(origin);
    expect(crossAgain.headers["access-control-allow-origin"]).toBe(origin);
    expect(plain.headers["access-control-allow-origin"]).toBeUndefined();
    expect(plainAgain.headers["access-control-allow-origin"]).toBeUndefined();
    const other = await read("/api/v1/public/sportbn/locker", { origin: "https://evil.example" });
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("never keeps a refusal or an admin answer", async () => {
    const before = answeredBeforeRouting();
    for (let i = 0; i < 2; i++)
      expect((await read("/api/v1/public/movies/ads?page=nowhere")).status).toBe(400);
    for (let i = 0; i < 2; i++) expect((await read("/api/v1/sportbn/ads")).status).toBe(401);
    expect(answeredBeforeRouting()).toBe(before);
  });

  it("answers a read whose If-None-Match names its ETag with 304 and no body, at the front door and after a write", async () => {
    const LOCKER = "/api/v1/public/sportbn/locker";
    const first = await read(LOCKER);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    // A CDN keeps it briefly and serves it stale while it asks again.
    expect(first.headers["cache-control"]).toBe("public, max-age=30, stale-while-revalidate=30");
    const kept = answeredBeforeRouting();
    const unchanged = await read(LOCKER, { "if-none-match": etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBe("");
    expect(unchanged.headers.etag).toBe(etag);
    expect(unchanged.headers["cache-control"]).toBe(first.headers["cache-control"]);
    expect(answeredBeforeRouting()).toBe(kept + 1);
    // Weak form, one of several tags, and "*" match too; another tag does not.
    expect((await read(LOCKER, { "if-none-match": `"other", W/${etag}` })).status).toBe(304);
    expect((await read(LOCKER, { "if-none-match": "*" })).status).toBe(304);
    const other = await read(LOCKER, { "if-none-match": '"other"' });
    expect(other.status).toBe(200);
    expect(other.body).toBe(first.body);

    // A write to another read leaves this one at the front door (before issue 39 every write
    // dropped every kept answer)…
    const created = await t.as(t.token, {
      method: "POST",
      url: "/api/v1/apkw/ads",
      payload: { page: "Home", url: "https://ads.example/etag", isActive: "true" },
    });
    expect(created.statusCode).toBe(201);
    const before = answeredBeforeRouting();
    const again = await read(LOCKER, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(answeredBeforeRouting()).toBe(before + 1);
    // …and a changed answer gets a new tag.
    const ads = await read("/api/v1/public/apkw/ads", { "if-none-match": etag });
    expect(ads.status).toBe(200);
    expect(ads.headers.etag).not.toBe(etag);
  });

  // Issue 39, item 2: revalidating clients (a CDN, browsers past max-age) took the full route
  // forever when a URL's first request was conditional, since only 200s were kept.
  it("keeps a read first asked with If-None-Match: its repeats get 304 at the front door, without routing", async () => {
    const APPS = "/api/v1/public/apkw/apps";
    const origin = t.config.SITE_APKW_URL;
    const plain = await read(APPS);
    const etag = plain.headers.etag!;
    const before = answeredBeforeRouting();
    // The same read from the public site's pages is another kept answer (its CORS headers differ):
    // its first request is conditional, so the route answers 304, and that answer is kept.
    const first = await read(APPS, { origin, "if-none-match": etag });
    expect(first.status).toBe(304);
    expect(answeredBeforeRouting()).toBe(before);
    for (let i = 0; i < 3; i++) {
      const repeat = await read(APPS, { origin, "if-none-match": etag });
      expect(repeat.status).toBe(304);
      expect(repeat.body).toBe("");
      expect(repeat.headers).toEqual(first.headers);
    }
    expect(answeredBeforeRouting()).toBe(before + 3);
    // The whole answer was kept from that 304: a request without the tag gets the route's bytes.
    const whole = await read(APPS, { origin });
    expect(answeredBeforeRouting()).toBe(before + 4);
    expect(whole.status).toBe(200);
    expect(whole.body).toBe(plain.body);
    expect(whole.headers["content-type"]).toBe(plain.headers["content-type"]);
    expect(whole.headers["access-control-allow-origin"]).toBe(origin);
  });

  it("drops, on a write to one site's ads, that read alone: the other sites' stay at the front door", async () => {
    const SPORTBN = "/api/v1/public/sportbn/ads?page=Home";
    const APKW = "/api/v1/public/apkw/ads?page=Home";
    for (const path of [SPORTBN, APKW, SPORTBN, APKW]) expect((await read(path)).status).toBe(200);
    const before = answeredBeforeRouting();
    const created = await t.as(t.token, {
      method: "POST",
      url: "/api/v1/apkw/ads",
      payload: { page: "Home", url: "https://ads.example/apkw-only", isActive: "true" },
    });
    expect(created.statusCode).toBe(201);
    expect((await read(APKW)).body).toContain("https://ads.example/apkw-only");
    expect(answeredBeforeRouting()).toBe(before);
    expect((await read(SPORTBN)).body).not.toContain("https://ads.example/apkw-only");
    expect(answeredBeforeRouting()).toBe(before + 1);
  });

  it("leaves the public reads at the front door after a link-health round that changed no link's state", async () => {
    const stream = createServer((_request, response) =>
      response.writeHead(200, { "content-length": "0" }).end(),
    );
    await new Promise<void>((resolve) => stream.listen(0, "127.0.0.1", resolve));
    try {
      // Live now (the test's feed time zone is UTC): kicked off 30 minutes ago, ends in 2 hours.
      const at = (ms: number) => new Date(Date.now() + ms).toISOString();
      const kickOff = at(-30 * 60_000);
      const port = (stream.address() as AddressInfo).port;
      const live = await t.admin("POST", "/api/v1/sportbn/matches", {
        ...validMatch({ date: kickOff.slice(0, 10), matchUrl: `http://127.0.0.1:${port}/live` }),
        time: kickOff.slice(11, 16),
        end_time: at(2 * 3_600_000).slice(11, 16),
      });
      expect(live.statusCode).toBe(201);
      const lastRun = async () =>
        (
          (await t.admin("GET", "/api/v1/jobs")).json().data as {
            name: string;
            lastRun: { at: string; result: string; summary: string } | null;
          }[]
        ).find((job) => job.name === "link-health")?.lastRun;
      const round = async () => {
        const previous = (await lastRun())?.at;
        expect((await t.admin("POST", "/api/v1/jobs/link-health/run")).statusCode).toBe(200);
        // This round's run, not the previous one's (which matches too until this one has started).
        await vi.waitFor(
          async () => {
            const run = await lastRun();
            expect(run?.at).not.toBe(previous);
            expect(run).toMatchObject({ result: "succeeded", summary: "1 of 1 links OK." });
          },
          { timeout: 15_000, interval: 100 },
        );
      };
      const MATCHES = "/api/v1/public/sportbn/matches";
      const ADS = "/api/v1/public/sportbn/ads?page=Home";
      // The first round takes the link from "not checked" to "ok": the matches read changes.
      await round();
      const kept = await read(MATCHES);
      expect(kept.body).toContain(`http://127.0.0.1:${port}/live`);
      await read(ADS);
      const before = answeredBeforeRouting();
      // The second finds it "ok" again (before issue 39 each round, every 10 minutes, dropped them).
      await round();
      expect((await read(MATCHES)).body).toBe(kept.body);
      await read(ADS);
      expect(answeredBeforeRouting()).toBe(before + 2);
    } finally {
      stream.close();
    }
  });

  it("ignores an If-None-Match of garbage or thousands of tags, and refuses a huge header with 431, never 5xx", async () => {
    const LOCKER = "/api/v1/public/sportbn/locker";
    const { body, headers } = await read(LOCKER);
    const manyTags = Array.from({ length: 1500 }, (_, i) => `"t${i}"`).join(",");
    for (const garbage of ["garbage", ',,,W/"', '"', "W/", manyTags, `${manyTags},${headers.etag}`]) {
      const answer = await read(LOCKER, { "if-none-match": garbage });
      expect(answer.status, garbage.slice(0, 40)).toBe(garbage.endsWith(headers.etag!) ? 304 : 200);
      if (answer.status === 200) expect(answer.body).toBe(body);
    }
    const huge = await new Promise<string>((resolve, reject) => {
      const { port } = new URL(base);
      const socket = connect(Number(port), "127.0.0.1");
      let answer = "";
      socket.on("data", (chunk) => {
        answer += chunk.toString();
      });
      socket.on("close", () => resolve(answer));
      socket.on("error", (error) => (answer ? resolve(answer) : reject(error)));
      socket.write(`GET ${LOCKER} HTTP/1.1\r\nHost: x\r\nIf-None-Match: "${"a".repeat(64 * 1024)}"\r\n\r\n`);
    });
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    expect((await read(LOCKER)).status).toBe(200);
  });
});
