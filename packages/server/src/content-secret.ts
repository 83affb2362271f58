import { randomBytes } from "node:crypto";
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "./env.ts";

export const CONTENT_SECRET_FILE = "content-hmac-secret";
const MIN_LENGTH = 16;

export class SecretFileError extends Error {}

/**
 * The content service's signing secret: `CONTENT_HMAC_SECRET` when set; with a PostgreSQL database
 * (the production shape, several instances on several hosts) it must be set, since a generated file
 * would differ per host; in embedded mode the file in `DATA_DIR`, generated on the first start.
 */
export function resolveContentSecret(options: {
  secret: string | undefined;
  /** The server's database variable and its value (`DATABASE_URL` or `CONTENT_DATABASE_URL`). */
  database: { name: string; url: string | undefined };
  dataDir: string;
  /** Who else needs the same value, for the message. */
  peer: string;
}): string {
  if (options.secret) return options.secret;
  if (options.database.url) {
    throw new ConfigError(
      `Invalid configuration: CONTENT_HMAC_SECRET is required when ${options.database.name} is set (32 bytes or more, the same value as ${options.peer})`,
    );
  }
  return readOrCreateContentSecret(options.dataDir);
}

/**
 * The content service's HMAC secret kept in `DATA_DIR/content-hmac-secret` (mode 600) for embedded
 * mode: read when present, generated once when not. The main API and the content service both call
 * this, possibly at the same moment, so the file appears atomically with its whole content.
 */
export function readOrCreateContentSecret(dataDir: string): string {
  const path = join(dataDir, CONTENT_SECRET_FILE);
  const existing = readSecret(path);
  if (existing !== undefined) return existing;
  mkdirSync(dataDir, { recursive: true });
  const partial = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.partial`;
  writeFileSync(partial, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600 });
  try {
    // link() fails when the file exists: whoever links first wins, the other reads the winner's secret.
    linkSync(partial, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(partial, { force: true });
  }
  const created = readSecret(path);
  if (created === undefined) throw new SecretFileError(`Could not create ${path}`);
  return created;
}

function readSecret(path: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const secret = text.trim();
  if (secret.length < MIN_LENGTH) {
    throw new SecretFileError(
      `${path} must hold a secret of at least ${MIN_LENGTH} characters; delete it to have one generated.`,
    );
  }
  // Someone may have copied it in with a wider mode; the secret is for this user only.
  if ((statSync(path).mode & 0o077) !== 0) {
    try {
      chmodSync(path, 0o600);
    } catch {
      // Not our file to change: it still works, only less private.
    }
  }
  return secret;
}
