import { lookup as dnsLookup } from "node:dns";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isBlockedAddress, probeLink } from "./link-probe.ts";

// The test server is itself on loopback: it is reached as `sandbox.test` (a lookup of the test's own
// that answers 127.0.0.1), and that name alone is allowed, so what it redirects to (127.0.0.1 itself
// included) is still checked on its own.
let server: Server;
let base: string;
const lookup = ((host: string, options: never, callback: never) =>
  host === "sandbox.test"
    ? (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: "127.0.0.1", family: 4 },
      ])
    : dnsLookup(host, options, callback)) as never;
const allowedHosts = ["sandbox.test"];
const allowed = { allowedHosts, lookup };

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const to = url.searchParams.get("to");
    if (url.pathname === "/redirect" && to) return res.writeHead(302, { location: to }).end();
    if (url.pathname === "/loop") return res.writeHead(302, { location: "/loop" }).end();
    if (url.pathname === "/hang") return; // never answers
    if (url.pathname === "/garbage") return void req.socket.end("SSH-2.0-OpenSSH_9.6\r\n\r\n");
    if (url.pathname === "/no-head" && req.method === "HEAD") return res.writeHead(405).end();
    const status = Number(url.pathname.slice(1)) || 200;
    res.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://sandbox.test:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("the address guard", () => {
  it.each([
    "127.0.0.1",
    "::1",
    "10.0.0.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "::ffff:127.0.0.1",
    "fd00::1",
  ])("blocks %s", (address) => expect(isBlockedAddress(address)).toBe(true));
  it("allows a public address", () => expect(isBlockedAddress("93.184.216.34")).toBe(false));

  const blockedTargets = ["127.0.0.1", "[::1]", "10.0.0.1", "169.254.169.254"];
  it.each(blockedTargets)("refuses http://%s/ without connecting", async (host) => {
    const result = await probeLink(`http://${host}/`);
    expect(result.state).toBe("blocked");
  });

  it("refuses a name that resolves to loopback (localhost)", async () => {
    expect((await probeLink("http://localhost:1/")).state).toBe("blocked");
  });

  it("refuses a public-looking name whose DNS answer is loopback, checked on the resolved address", async () => {
    const toLoopback = ((
      _host: string,
      _options: unknown,
      callback: (e: null, a: { address: string; family: number }[]) => void,
    ) => callback(null, [{ address: "127.0.0.1", family: 4 }])) as never;
    const port = new URL(base).port;
    const result = await probeLink(`http://stream.example:${port}/200`, { lookup: toLoopback });
    expect(result.state).toBe("blocked");
  });

  it.each([...blockedTargets, "localhost"])("refuses a redirect from an allowed host to %s", async (host) => {
    const port = new URL(base).port;
    const to = encodeURIComponent(`http://${host}:${port}/200`);
    const result = await probeLink(`${base}/redirect?to=${to}`, allowed);
    expect(result.state).toBe("blocked");
  });

  it("refuses other schemes", async () => {
    expect((await probeLink("ftp://example.com/x")).state).toBe("blocked");
    expect(
      (await probeLink(`${base}/redirect?to=${encodeURIComponent("file:///etc/passwd")}`, allowed)).state,
    ).toBe("blocked");
  });
});

describe("probe outcomes", () => {
  it("200 is ok with its latency", async () => {
    const result = await probeLink(`${base}/200`, allowed);
    expect(result).toMatchObject({ state: "ok", status: 200 });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
  });
  it("404 and 500 fail with their status code", async () => {
    expect(await probeLink(`${base}/404`, allowed)).toMatchObject({ state: "failing", status: 404 });
    expect(await probeLink(`${base}/500`, allowed)).toMatchObject({ state: "failing", status: 500 });
  });
  it("a hanging server fails with timeout", async () => {
    const result = await probeLink(`${base}/hang`, { ...allowed, timeoutMs: 200 });
    expect(result).toMatchObject({ state: "failing", reason: "timeout" });
  });
  it("follows a redirect to the final answer", async () => {
    const result = await probeLink(`${base}/redirect?to=/200`, allowed);
    expect(result).toMatchObject({ state: "ok", status: 200 });
  });
  it("stops after 3 redirects", async () => {
    expect(await probeLink(`${base}/loop`, allowed)).toMatchObject({
      state: "failing",
      reason: "too many redirects",
    });
  });
  it.each(["http://[", "http://a b", "http://x:99999/"])(
    "a redirect to %s (no URL) fails with invalid redirect instead of throwing",
    async (to) => {
      expect(await probeLink(`${base}/redirect?to=${encodeURIComponent(to)}`, allowed)).toEqual({
        state: "failing",
        status: null,
        reason: "invalid redirect",
        latencyMs: expect.any(Number),
      });
    },
  );
  it("bytes that are not HTTP fail with not an HTTP answer, TLS to a plain port with TLS", async () => {
    expect(await probeLink(`${base}/garbage`, allowed)).toMatchObject({
      state: "failing",
      reason: "not an HTTP answer",
    });
    expect(await probeLink(`${base.replace("http:", "https:")}/200`, allowed)).toMatchObject({
      state: "failing",
      reason: "TLS",
    });
  });
  it("uses GET when HEAD is refused", async () => {
    expect(await probeLink(`${base}/no-head`, allowed)).toMatchObject({ state: "ok", status: 200 });
  });
  it("a closed port fails with refused", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await probeLink(`http://sandbox.test:${port}/`, allowed)).toMatchObject({
      state: "failing",
      reason: "refused",
    });
  });
});
