import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CONTENT_SECRET_FILE, readOrCreateContentSecret, SecretFileError } from "./content-secret.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "content-secret-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("readOrCreateContentSecret", () => {
  it("generates a secret once, in a file only its owner can read", () => {
    const dataDir = join(dir, "nested", "data");
    const secret = readOrCreateContentSecret(dataDir);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const path = join(dataDir, CONTENT_SECRET_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, "utf8").trim()).toBe(secret);
    expect(readOrCreateContentSecret(dataDir)).toBe(secret);
    // No leftovers from the atomic creation.
    expect(readFileSync(path, "utf8")).toBe(`${secret}\n`);
  });

  it("gives every caller the same secret", () => {
    const secrets = new Set(Array.from({ length: 5 }, () => readOrCreateContentSecret(dir)));
    expect(secrets.size).toBe(1);
  });

  it("reads a secret put there by someone else, and tightens its mode", () => {
    const path = join(dir, CONTENT_SECRET_FILE);
    writeFileSync(path, "  a-secret-placed-by-hand-1234  \n", { mode: 0o644 });
    expect(readOrCreateContentSecret(dir)).toBe("a-secret-placed-by-hand-1234");
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it("refuses a file too short to be a secret", () => {
    writeFileSync(join(dir, CONTENT_SECRET_FILE), "short\n", { mode: 0o600 });
    expect(() => readOrCreateContentSecret(dir)).toThrow(SecretFileError);
  });
});
