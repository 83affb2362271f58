import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { signRequest } from "@backoffice/server/signing";
import { afterAll, describe, expect, it } from "vitest";

const appDir = resolve(import.meta.dirname, "..");
const dataDir = mkdtempSync(join(tmpdir(), "content-server-"));
const started: ChildProcess[] = [];

afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the real entry point (`npm start`'s command) with only the given environment. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["src/server.ts"], {
    cwd: appDir,
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", CONTENT_PORT: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr!.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
  const listening = new Promise<string>((done, fail) => {
    child.stdout!.on("data", () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (match) done(match[1]!);
    });
    exited.then((code) => fail(new Error(`exited with ${code}: ${stderr}`)));
  });
  listening.catch(() => {});
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
}

describe("server.ts", () => {
  it("exits 1 with one line naming a bad variable", { timeout: 60_000 }, async () => {
    const server = startServer({ DATA_DIR: dataDir, CONTENT_PORT: "eighty" });
    expect(await server.exited).toBe(1);
    const { stderr } = server.output();
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/^Invalid configuration: CONTENT_PORT/);
  });

  // A first start creates the PGlite cluster: seconds on an idle machine, a minute on a busy one.
  it("starts on the embedded database with demo titles and a generated secret, and stops on SIGTERM", {
    timeout: 240_000,
  }, async () => {
    const server = startServer({ DATA_DIR: dataDir });
    const address = await server.listening;
    expect((await fetch(`${address}/readyz`)).status).toBe(200);

    const items = (await (await fetch(`${address}/api/movies`)).json()) as { _id: string }[];
    expect(items.length).toBeGreaterThanOrEqual(20);

    const secretPath = join(dataDir, "content-hmac-secret");
    expect(statSync(secretPath).mode & 0o777).toBe(0o600);
    const secret = readFileSync(secretPath, "utf8").trim();
    const path = `/api/movies/${items[0]!._id}/locker`;
    const body = JSON.stringify({ lockerSelected: true });
    const write = await fetch(`${address}${path}`, {
      method: "PATCH",
      headers: {
        "content-type": "application/json",
        ...signRequest({ method: "PATCH", path, body, secret }),
      },
      body,
    });
    expect(write.status).toBe(200);

    // A second process on the same data directory refuses to start instead of corrupting it.
    const second = startServer({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output().stderr).toMatch(/already in use by process/);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(existsSync(join(dataDir, "content", "LOCK"))).toBe(false);
  });
});
