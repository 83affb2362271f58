import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type ApiProcess, freshDatabase, sleep, spawnApi, stopApi } from "./api-process.ts";
import { FULL, report } from "./support.ts";

// SIGTERM ends an api instance within 10 s whatever is open: requests under load, an export whose
// client stopped reading (the answer can never finish), idle keep-alive connections and a client
// that never finished its headers. What a process manager or a rolling restart relies on.
const EMAILS = FULL ? 300_000 : 150_000;
const IDLE_CONNECTIONS = 20;
const ADMIN = { email: "stop.admin@example.com", password: "Stop-admin-1" };
const root = join(import.meta.dirname, "..");

/** Adds generated subscriptions with the seed command, as an operator would (server stopped). */
function seed(env: Record<string, string>) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(root, "apps/api/src/cli/seed.ts"), "--emails", String(EMAILS), "--site", "apkw"],
      { cwd: root, env: { PATH: process.env.PATH, ...env }, stdio: ["ignore", "ignore", "pipe"] },
    );
    let errors = "";
    child.stderr.on("data", (chunk) => (errors += chunk));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seed failed: ${errors}`))));
  });
}

describe("stopping under load", () => {
  it("SIGTERM ends the api within 10 s with a stalled export, idle keep-alive connections and load", {
    timeout: 300_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "backoffice-stop-"));
    const database =
      process.env.TEST_DB_KIND === "postgres"
        ? await freshDatabase(process.env.TEST_DATABASE_URL!, "stop")
        : undefined;
    const env = {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    let api: ApiProcess | undefined;
    const sockets: Socket[] = [];
    try {
      // The first start makes the admin; the rows are added while it is stopped.
      api = await spawnApi(env);
      await api.ready();
      await stopApi(api);
      await seed(env);
      api = await spawnApi(env);
      await api.ready();
      const { port } = new URL(api.url);
      const login = await fetch(`${api.url}/api/v1/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(ADMIN),
      });
      const token = ((await login.json()) as { data: { token: string } }).data.token;

      // Idle keep-alive connections: each answered one request and stays open.
      const agent = new Agent({ keepAlive: true, maxSockets: IDLE_CONNECTIONS });
      await Promise.all(
        Array.from(
          { length: IDLE_CONNECTIONS },
          () =>
            new Promise<void>((resolve, reject) => {
              request(`${api!.url}/healthz`, { agent }, (answer) => {
                answer.resume();
                answer.on("end", resolve);
              })
                .on("error", reject)
                .end();
            }),
        ),
      );
      // A client that sent half its headers and nothing since.
      const half = connect(Number(port), "127.0.0.1");
      sockets.push(half);
      half.write("GET /api/v1/apkw/emails HTTP/1.1\r\nHost: x\r\n");
      // The export of every subscription, whose client reads its first bytes and then stops reading:
      // the server cannot finish it, so only a deadline ends it.
      const exportSocket = connect(Number(port), "127.0.0.1");
      sockets.push(exportSocket);
      let exportBytes = 0;
      const firstBytes = new Promise<void>((resolve) =>
        exportSocket.on("data", (chunk) => {
          exportBytes += chunk.length;
          exportSocket.pause();
          resolve();
        }),
      );
      exportSocket.write(
        `GET /api/v1/apkw/emails/export.csv HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n\r\n`,
      );
      await firstBytes;

      // A live update stream being read: the stopping instance ends it at once, not at the deadline.
      const liveSocket = connect(Number(port), "127.0.0.1");
      sockets.push(liveSocket);
      let liveEndedAt = 0;
      const liveOpen = new Promise((resolve) => liveSocket.once("data", resolve));
      liveSocket.on("data", () => {});
      liveSocket.on("end", () => (liveEndedAt = Date.now()));
      liveSocket.write(`GET /api/v1/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n\r\n`);
      await liveOpen;

      // Load: admin reads and public subscriptions, four at a time, until the process is gone.
      let stop = false;
      let sent = 0;
      let answered = 0;
      const worker = async (w: number) => {
        while (!stop) {
          sent += 1;
          const n = sent;
          try {
            const answer =
              n % 2
                ? await fetch(`${api!.url}/api/v1/apkw/emails?page=1&limit=10`, {
                    headers: { authorization: `Bearer ${token}` },
                  })
                : await fetch(`${api!.url}/api/v1/public/apkw/emails`, {
                    method: "POST",
                    headers: {
                      "content-type": "application/json",
                      "x-forwarded-for": `10.7.${w}.${n & 255}`,
                    },
                    body: JSON.stringify({ email: `stop${n}@example.com` }),
                  });
            await answer.arrayBuffer();
            answered += 1;
          } catch {
            await sleep(20);
          }
        }
      };
      const workers = [0, 1, 2, 3].map(worker);
      await sleep(1000);

      const began = Date.now();
      api.child.kill("SIGTERM");
      const code = await Promise.race([api.exited, sleep(30_000).then(() => "still running after 30 s")]);
      const stopMs = Date.now() - began;
      stop = true;
      await Promise.all(workers);
      agent.destroy();
      report("stop", {
        emails: EMAILS,
        idleConnections: IDLE_CONNECTIONS,
        exportBytesReadBeforeStop: exportBytes,
        requestsAnswered: answered,
        stopMs,
        liveStreamEndedMs: liveEndedAt - began,
        exitCode: code,
      });
      expect(typeof code).toBe("number");
      expect(stopMs).toBeLessThanOrEqual(10_000);
      expect(liveEndedAt).toBeGreaterThan(0);
      expect(liveEndedAt - began).toBeLessThan(2000);
    } finally {
      for (const socket of sockets) socket.destroy();
      if (api) await stopApi(api, "SIGKILL");
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
