import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signRequest } from "@backoffice/server";
import { freePort } from "@backoffice/server/free-port";
import { afterAll, beforeAll } from "vitest";

export interface ContentService {
  /** Where the api reaches it (`CONTENT_URL`). */
  url: string;
  /** The secret its writes are signed with (`CONTENT_HMAC_SECRET`). */
  secret: string;
  /** A write signed the way the api signs it, straight to the content service (e.g. a restore). */
  signed(method: "POST" | "PATCH" | "DELETE", path: string, body: unknown): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * The real content service, as a process on a free port with a data directory of its own (titles live
 * in its database, not the api's): what an API test of the movies catalog talks to. `env` adds to its
 * environment (the movie database's address, for an import).
 */
export async function startContentService(
  secret: string,
  env: Record<string, string> = {},
): Promise<ContentService> {
  const dataDir = mkdtempSync(join(tmpdir(), "content-service-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["apps/content/src/server.ts"], {
    env: {
      // biome-ignore lint/style/noProcessEnv: the service runs in the test's own environment, plus its settings
      ...process.env,
      CONTENT_PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: "silent",
      CONTENT_HMAC_SECRET: secret,
      ...env,
    },
    stdio: "ignore",
  });
  for (let tries = 0; ; tries++) {
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    // Up to 5 minutes on a loaded machine (it took 70–120 s at load 25); one that exited fails at
    // once, and one that never answered is stopped, not left running.
    if (tries > 1200 || child.exitCode !== null) {
      child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(
        child.exitCode !== null
          ? `the content service exited with code ${child.exitCode} before it answered /healthz`
          : "the content service did not answer /healthz within 5 minutes",
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    secret,
    signed(method, path, body) {
      const text = JSON.stringify(body);
      return fetch(`${url}${path}`, {
        method,
        headers: { "content-type": "application/json", ...signRequest({ method, path, body: text, secret }) },
        body: text,
      });
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((resolve) => child.once("exit", resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * For a test file of the movies catalog: the content service, importing from a minimal stand-in for
 * the movie database (movie N is "Title N", released 01/01/2020; any other path is its 404), started
 * before the file's tests and stopped after them. Read `service` once the tests run.
 */
export function contentWithMovieDatabase(secret: string): { readonly service: ContentService } {
  const held = {} as { service: ContentService };
  let movieDatabase: Server | undefined;
  beforeAll(async () => {
    movieDatabase = createServer((request, response) => {
      const id = Number(/\/3\/movie\/(\d+)/.exec(request.url ?? "")?.[1]);
      response.writeHead(id ? 200 : 404, { "content-type": "application/json" });
      response.end(
        JSON.stringify(
          id
            ? {
                id,
                title: `Title ${id}`,
                overview: "",
                genres: [],
                status: "Released",
                release_date: "2020-01-01",
              }
            : {
                status_code: 34,
                status_message: "The resource you requested could not be found.",
                success: false,
              },
        ),
      );
    });
    await new Promise<void>((resolve) => movieDatabase?.listen(0, "127.0.0.1", resolve));
    held.service = await startContentService(secret, {
      TMDB_API_KEY: "test-movie-database-key",
      TMDB_BASE_URL: `http://127.0.0.1:${(movieDatabase.address() as { port: number }).port}/3`,
    });
  }, 300_000);
  afterAll(async () => {
    await held.service?.stop();
    movieDatabase?.close();
  });
  return held;
}
