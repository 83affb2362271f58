import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@backoffice/server/free-port";
import type { FullConfig } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { artifactsDir, contentSecret, repoRoot, users } from "./support/env";

/** An SMTP server that accepts everything and writes each raw message to `dir` for the tests to read. */
async function startSmtp(dir: string): Promise<{ port: number; close: () => Promise<void> }> {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const name = `${Date.now()}-${String(++count).padStart(4, "0")}`;
        // The message first: its .json is what readers look for, so a mail is read only once whole.
        writeFileSync(join(dir, `${name}.eml`), Buffer.concat(chunks));
        writeFileSync(join(dir, `${name}.json`), JSON.stringify({ to, receivedAt: Date.now() }));
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Waits for a server's readiness. A server that exits fails at once; one that is slow to start (a
 * loaded machine: 60 s was not enough at load 27) is waited for up to 5 minutes, saying what is awaited.
 */
async function waitForReady(url: string, child: ChildProcess, timeoutMs = 300_000) {
  const started = Date.now();
  let said = started;
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${url} exited early with code ${child.exitCode}`);
    if (Date.now() - said >= 15_000) {
      said = Date.now();
      console.log(`still waiting for ${url} (${Math.round((said - started) / 1000)} s)`);
    }
    try {
      const res = await fetch(url);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms`);
}

/** Runs one of the workspace servers (apps/<name>/src/server.ts) with the harness environment. */
function startServer(
  name: string,
  env: NodeJS.ProcessEnv,
  entry = `apps/${name}/src/server.ts`,
): ChildProcess {
  return spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts the test SMTP server, the provider sandbox, the content service and the API on a fresh
 * data directory, each on a free port; returns the teardown.
 */
export default async function globalSetup(_config: FullConfig) {
  mkdirSync(artifactsDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), "backoffice-e2e-data-"));
  const mailDir = mkdtempSync(join(tmpdir(), "backoffice-e2e-mail-"));
  // Serve a snapshot of the build, so a rebuild of apps/web/dist during the run cannot swap files under it.
  const builtDir = join(repoRoot, "apps/web/dist");
  if (!existsSync(join(builtDir, "index.html")))
    throw new Error("apps/web/dist is missing: npm run build -w apps/web");
  const webDir = mkdtempSync(join(tmpdir(), "backoffice-e2e-web-"));
  cpSync(builtDir, webDir, { recursive: true });
  const smtp = await startSmtp(mailDir);
  const [port, contentPort, sandboxPort] = [await freePort(), await freePort(), await freePort()];
  const baseUrl = `http://127.0.0.1:${port}`;
  const contentUrl = `http://127.0.0.1:${contentPort}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;

  const env = {
    ...process.env,
    PORT: String(port),
    CONTENT_PORT: String(contentPort),
    SANDBOX_PORT: String(sandboxPort),
    CONTENT_URL: contentUrl,
    SANDBOX_URL: sandboxUrl,
    // The stream-link probe refuses loopback; the sandbox's stream endpoints are allowed by name.
    LINK_PROBE_ALLOWED_HOSTS: "127.0.0.1",
    CONTENT_HMAC_SECRET: contentSecret(),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    ADMIN_EMAIL: users.admin.email,
    ADMIN_PASSWORD: users.admin.password,
    SEED_DEMO: "false",
    WEB_DIST_DIR: webDir,
    LOG_LEVEL: "warn",
    // Each test sends its own X-Forwarded-For, so per-address sign-in limits do not couple tests.
    TRUST_PROXY: "true",
  };

  // The embedded database is single-process: create the accounts before the server opens it, all in
  // one run of the user CLI (each run opens the database, a few seconds).
  const accounts = Object.values(users).flatMap((user) => [
    ...["--email", user.email, "--password", user.password, "--role", user.role],
    // Each --email takes the same options in turn, so every account names its level and sites.
    ...["--level", "level" in user ? user.level : "owner", "--sites", "sites" in user ? user.sites : "all"],
  ]);
  const created = spawnSync(
    process.execPath,
    [process.env.E2E_API_USER_CLI ?? "apps/api/src/cli/user.ts", "create", ...accounts],
    { cwd: repoRoot, env, encoding: "utf8" },
  );
  if (created.status !== 0)
    throw new Error(`creating the accounts failed:\n${created.stdout}\n${created.stderr}`);

  const sandbox = startServer("sandbox", env);
  const content = startServer("content", env);
  // E2E_API_SERVER / E2E_API_USER_CLI point the harness at other entry points (debugging only).
  const api = startServer("api", env, process.env.E2E_API_SERVER);
  const servers = [api, content, sandbox];
  try {
    await waitForReady(`${sandboxUrl}/healthz`, sandbox);
    await waitForReady(`${contentUrl}/readyz`, content);
    await waitForReady(`${baseUrl}/readyz`, api);
  } catch (error) {
    await Promise.all(servers.map(stopServer));
    await smtp.close();
    throw error;
  }

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_CONTENT_URL = contentUrl;
  process.env.E2E_SANDBOX_URL = sandboxUrl;

  return async () => {
    await Promise.all(servers.map(stopServer));
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
    rmSync(webDir, { recursive: true, force: true });
  };
}
