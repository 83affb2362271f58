import { randomUUID } from "node:crypto";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSession, engine, privateRedis, type Service, sleep, startBackOffice } from "./faults.ts";
import { FULL, report } from "./support.ts";

// A rolling restart under a steady mixed load, as a deployment does it: a balancer (a tiny proxy here
// that, like one, sends a connection refused by one instance to the other) in front of two api
// instances on PostgreSQL and Redis; SIGTERM one, start it again, then the other. Every request
// accepted gets its answer, every write acknowledged is stored; public intake batches in flight are
// committed or refused, never dropped. PostgreSQL only: PGlite's files belong to one process.
const ROUNDS = FULL ? 5 : 1;
const CLIENTS = FULL ? 4 : 2;

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** Sends one request to `base` on a connection of its own; rejects if the connection fails. */
function forward(base: string, method: string, path: string, headers: IncomingHttpHeaders, body: Buffer) {
  return new Promise<Answer>((resolve, reject) => {
    const url = new URL(base);
    const outgoing = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { ...headers, connection: "close" },
        agent: false,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () =>
          resolve({ status: incoming.statusCode!, headers: incoming.headers, body: Buffer.concat(chunks) }),
        );
        incoming.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/**
 * Round robin over the instances; a refused connection goes to the next one, as a balancer's retry
 * does. A connection that failed after the request left (reset before any answer) is answered 502
 * with `x-upstream-error`, for the client to decide: the server never answered it, so a request that
 * is safe to repeat is sent again by the client, as the dashboard does (same Idempotency-Key).
 */
function startProxy(instances: Service[]) {
  let turn = 0;
  const figures = { refusedAndRetried: 0, resetBeforeAnswer: 0 };
  const server: Server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    let code = "none";
    for (let attempt = 0; attempt < 40; attempt++) {
      const target = instances[turn++ % instances.length]!;
      try {
        const answer = await forward(target.url, incoming.method!, incoming.url!, incoming.headers, body);
        const { connection: _c, "keep-alive": _k, "transfer-encoding": _t, ...headers } = answer.headers;
        outgoing.writeHead(answer.status, headers).end(answer.body);
        return;
      } catch (error) {
        code = (error as NodeJS.ErrnoException).code ?? "unknown";
        if (code !== "ECONNREFUSED") {
          figures.resetBeforeAnswer += 1;
          break;
        }
        figures.refusedAndRetried += 1;
        if (attempt >= instances.length) await sleep(25);
      }
    }
    outgoing
      .writeHead(502, { "content-type": "application/json", "x-upstream-error": code })
      .end('{"status":"error","message":"no answer"}');
  });
  return new Promise<{ url: string; figures: typeof figures; close(): Promise<void> }>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
        figures,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

describe.runIf(engine === "postgres")("rolling restart of two api instances under load", () => {
  let backOffice: Awaited<ReturnType<typeof startBackOffice>>;
  let redis: Awaited<ReturnType<typeof privateRedis>>;
  beforeAll(async () => {
    redis = await privateRedis();
    backOffice = await startBackOffice({ instances: 2, env: { REDIS_URL: redis.url } });
  }, 120_000);
  afterAll(async () => {
    await backOffice?.stop();
    await redis?.kill();
  });

  it("SIGTERM one, start it, then the other: no accepted request fails, no acknowledged write is lost", {
    timeout: 600_000,
  }, async () => {
    const proxy = await startProxy(backOffice.apis);
    const session = await adminSession(proxy.url);
    const failures: string[] = [];
    const counts = { requests: 0, sentAgain: 0, intakeAcknowledged: 0, adsAcknowledged: 0 };
    const emails: string[] = [];
    const ads: string[] = [];
    let stop = false;
    let n = 0;
    const send = async (
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) => {
      counts.requests += 1;
      // Every request of the mix is safe to repeat: reads, admin writes with their Idempotency-Key,
      // and subscriptions (an address already subscribed is answered 200 "Already subscribed").
      const once = () =>
        fetch(`${proxy.url}${path}`, {
          method,
          headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      let answer = await once();
      if (answer.headers.has("x-upstream-error")) {
        await answer.body?.cancel();
        counts.sentAgain += 1;
        answer = await once();
      }
      const text = await answer.text();
      if (answer.status >= 300) failures.push(`${method} ${path}: ${answer.status} ${text.slice(0, 120)}`);
      return answer.status;
    };
    const client = async (kind: "read" | "intake" | "admin") => {
      while (!stop) {
        const id = ++n;
        const address = { "x-forwarded-for": `10.88.${(id >> 8) & 255}.${id & 255}` };
        try {
          if (kind === "read") {
            await send("GET", "/api/v1/public/sportbn/ads", undefined, address);
            await send("GET", "/api/v1/sportbn/ads", undefined, session);
          } else if (kind === "intake") {
            const email = `rolling-${id}@example.com`;
            if ((await send("POST", "/api/v1/public/apkw/emails", { email }, address)) === 201) {
              emails.push(email);
              counts.intakeAcknowledged += 1;
            }
          } else {
            const page = `rolling-${id}`;
            const headers = { ...session, "idempotency-key": randomUUID() };
            const body = { page, url: `https://ads.example/${page}`, isActive: true };
            if ((await send("POST", "/api/v1/sportbn/ads", body, headers)) === 201) {
              ads.push(page);
              counts.adsAcknowledged += 1;
            }
          }
        } catch (error) {
          failures.push(`${kind}: ${(error as Error).message}`);
        }
      }
    };
    const kinds = ["read", "intake", "admin"] as const;
    const clients = Array.from({ length: CLIENTS }, () => kinds.map((kind) => client(kind))).flat();

    const stoppedMs: number[] = [];
    const readyMs: number[] = [];
    const began = Date.now();
    await sleep(500);
    for (let round = 0; round < ROUNDS; round++) {
      for (const instance of backOffice.apis) {
        stoppedMs.push(await instance.stop("SIGTERM"));
        readyMs.push(await instance.start());
        await sleep(300);
      }
    }
    await sleep(300);
    stop = true;
    await Promise.all(clients);
    const seconds = (Date.now() - began) / 1000;
    await proxy.close();

    const database = new pg.Client({ connectionString: backOffice.databaseUrl });
    await database.connect();
    const storedEmails = new Set(
      (
        await database.query<{ email: string }>("select email from email_subscriptions where site = 'apkw'")
      ).rows.map((row) => row.email),
    );
    const storedAds = (
      await database.query<{ page: string }>("select page from ads where site = 'sportbn'")
    ).rows.map((row) => row.page);
    await database.end();
    const lost =
      emails.filter((email) => !storedEmails.has(email)).length +
      ads.filter((page) => !storedAds.includes(page)).length;
    const duplicated = storedAds.length - new Set(storedAds).size;

    report("rolling-restart", {
      instances: 2,
      restarts: stoppedMs.length,
      seconds: Math.round(seconds),
      requests: counts.requests,
      requestsPerSecond: Math.round(counts.requests / seconds),
      failed: failures.length,
      writesAcknowledged: counts.intakeAcknowledged + counts.adsAcknowledged,
      writesLost: lost,
      adsDuplicated: duplicated,
      refusedConnectionsRetried: proxy.figures.refusedAndRetried,
      resetBeforeAnswerSentAgain: counts.sentAgain,
      stopMsMax: Math.max(...stoppedMs),
      restartMsMax: Math.max(...readyMs),
    });
    expect(failures.slice(0, 10)).toEqual([]);
    expect(lost).toBe(0);
    expect(duplicated).toBe(0);
    expect(counts.intakeAcknowledged).toBeGreaterThan(0);
  });
});
