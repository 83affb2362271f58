import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
export const artifactsDir = `${repoRoot}.artifacts`;
export const screenshotsDir = `${artifactsDir}/screenshots`;

/** `level` and `sites` as `npm run user -- create` takes them: an Owner of every site unless given. */
export type TestUser = { email: string; password: string; role: string; level?: string; sites?: string };

/**
 * Accounts created with the user CLI before the API starts (the server only creates its first
 * admin on an empty database). A password reset or change revokes other sessions, so the tests
 * that do one have their own account.
 */
export const users = {
  admin: { email: "admin@example.com", password: "Adm1n-Passw0rd!e2e", role: "admin" },
  editor: { email: "editor@example.com", password: "Passw0rd!x", role: "editor" },
  reset: { email: "reset.admin@example.com", password: "Reset-Passw0rd!1", role: "admin" },
  profile: { email: "profile.admin@example.com", password: "Profile-Passw0rd!1", role: "admin" },
  // The second member whose changes reach the first one's screens (e2e/live.e2e.ts).
  live: { email: "live.admin@example.com", password: "Live-Passw0rd!1", role: "admin" },
  // Adds a passkey and turns on TOTP (e2e/second-factor.e2e.ts), so the admin above keeps a password-only sign-in.
  secondFactor: { email: "second.factor@example.com", password: "Second-Factor-Passw0rd!1", role: "admin" },
  // A Viewer of sportbn only (e2e/shell.e2e.ts: their sites and no write controls).
  viewer: {
    email: "sportbn.viewer@example.com",
    password: "Viewer-Passw0rd!1",
    role: "admin",
    level: "viewer",
    sites: "sportbn",
  },
} satisfies Record<string, TestUser>;

/** Set by the global setup; workers inherit them. */
export function baseUrl(): string {
  const value = process.env.E2E_BASE_URL;
  if (!value) throw new Error("E2E_BASE_URL is not set: run through e2e/playwright.config.ts");
  return value;
}

export function mailDir(): string {
  const value = process.env.E2E_MAIL_DIR;
  if (!value) throw new Error("E2E_MAIL_DIR is not set: run through e2e/playwright.config.ts");
  return value;
}

/** The content service's signing secret of this run (scripts/e2e.mjs also hands it to the web build). */
export function contentSecret(): string {
  return process.env.E2E_CONTENT_HMAC_SECRET ?? "e2e-content-secret-0123456789abcdef";
}
