import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test as base, expect, type Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";
import { baseUrl, screenshotsDir, type TestUser, users } from "./support/env";
import { waitForMail, waitForOtp } from "./support/mail";

export { expect, users };

export type AuthSession = { token: string; user: { email: string; role: string } };

/** Signs in through the API (no browser) and returns the token and user. */
export async function apiLogin(user: TestUser): Promise<AuthSession> {
  const res = await fetch(`${baseUrl()}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const body = (await res.json()) as { data?: AuthSession; message?: string };
  if (res.status !== 200 || !body.data) throw new Error(`login ${user.email}: ${res.status} ${body.message}`);
  return body.data;
}

/** Whether a token is still accepted by the API. */
export async function tokenIsValid(token: string): Promise<boolean> {
  const res = await fetch(`${baseUrl()}/api/v1/csrf`, { headers: { authorization: `Bearer ${token}` } });
  return res.status === 200;
}

/** Revokes a token the way the client's Logout does. */
export async function apiLogout(token: string): Promise<void> {
  const csrf = await fetch(`${baseUrl()}/api/v1/csrf`, { headers: { authorization: `Bearer ${token}` } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${baseUrl()}/api/v1/auth/logout`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "x-csrf-token": csrfToken },
  });
  if (res.status !== 200) throw new Error(`logout: ${res.status}`);
}

export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Puts a session into local storage before the app starts, once per tab, as the client stores it. */
export async function seedSession(page: Page, session: AuthSession, extra: Record<string, string> = {}) {
  const entries: Record<string, string> = {
    token: session.token,
    user: JSON.stringify(session.user),
    date: today(),
    "token:movies": session.token,
    "user:movies": JSON.stringify(session.user),
    "date:movies": today(),
    ...extra,
  };
  await page.addInitScript((values: Record<string, string>) => {
    if (window.sessionStorage.getItem("__e2e_seeded")) return;
    window.sessionStorage.setItem("__e2e_seeded", "1");
    for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value);
  }, entries);
}

export async function storage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i);
      if (key !== null) out[key] = window.localStorage.getItem(key) ?? "";
    }
    return out;
  });
}

/** Signs in through the login screen. */
export async function loginViaUi(page: Page, user: TestUser) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** A toast by its visible text. */
export function toastWith(page: Page, text: string | RegExp) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

export const widths = [1280, 390] as const;

/** Waits until finite animations and transitions end: a toast still fading in has the contrast of a half-transparent text. */
async function settle(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}

/**
 * The rules whose outcome depends on colours. The dark theme changes colours only (the `dark` class
 * swaps CSS variables on the same DOM and layout), so in it axe runs these alone: every other rule
 * would repeat the light theme's answer at about half of axe's cost.
 */
const colourRules = ["color-contrast", "link-in-text-block"];

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core's run on the page, all rules or the ones named. It is loaded once per document, by
 * evaluation (the dashboard's CSP allows no inline script): loading it was most of a run's time when
 * @axe-core/playwright loaded it again for each run.
 */
export async function runAxe(page: Page, rules?: string[]): Promise<AxeResults> {
  // A menu or toast still fading in has the contrast of a half-transparent text.
  await settle(page);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const options: RunOptions = rules ? { runOnly: { type: "rule", values: rules } } : {};
  return page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run: typeof import("axe-core").run } }).axe.run(document, runOptions),
    options,
  );
}

async function axe(page: Page, label: string, theme: "light" | "dark") {
  const results = await runAxe(page, theme === "dark" ? colourRules : undefined);
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`);
  expect(serious, `axe on ${label}`).toEqual([]);
}

/**
 * Runs `check` in the light theme, then on the same page (no reload) with the system setting
 * emulated as dark, which the dashboard follows by default; then back to light.
 */
async function inBothThemes(page: Page, check: (theme: "light" | "dark") => Promise<void>) {
  await check("light");
  await page.emulateMedia({ colorScheme: "dark" });
  try {
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    await check("dark");
  } finally {
    await page.emulateMedia({ colorScheme: "light" });
    await page.waitForFunction(() => !document.documentElement.classList.contains("dark"));
  }
}

/**
 * Holds every open toast while `check` runs: sonner pauses its timers while the document is hidden,
 * so a toast cannot start fading out (and read as low contrast) halfway through axe's analysis.
 */
async function withToastsHeld(page: Page, check: () => Promise<void>) {
  const setHidden = (hidden: boolean) =>
    page.evaluate((value) => {
      if (value) Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
      else delete (document as { hidden?: boolean }).hidden;
      document.dispatchEvent(new Event("visibilitychange"));
    }, hidden);
  await setHidden(true);
  try {
    await check();
  } finally {
    await setHidden(false);
  }
}

/** Runs axe on the current screen in both themes; fails on any serious or critical violation. */
export async function expectAccessible(page: Page, label: string) {
  await withToastsHeld(page, () => inBothThemes(page, (theme) => axe(page, `${label} (${theme})`, theme)));
}

/**
 * Saves `.artifacts/screenshots/<screen>-<width>[-dark].png` at 1280 and 390 px in both themes and
 * runs axe on each. `ready` waits for what must be on screen before the shot. CI takes no shots: it
 * keeps only what the run prints (as with traces, playwright.config.ts).
 */
export async function captureScreen(page: Page, screen: string, ready: (page: Page) => Promise<void>) {
  mkdirSync(screenshotsDir, { recursive: true });
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await ready(page);
    // Let toasts and the sidebar settle so the shot shows the screen itself.
    await page.waitForTimeout(150);
    await withToastsHeld(page, () =>
      inBothThemes(page, async (theme) => {
        await settle(page);
        if (!process.env.CI)
          await page.screenshot({
            path: `${screenshotsDir}/${screen}-${width}${theme === "dark" ? "-dark" : ""}.png`,
            fullPage: true,
            animations: "disabled",
          });
        await axe(page, `${screen} at ${width}px (${theme})`, theme);
      }),
    );
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

type Fixtures = {
  /** Signs in `user` through the API and opens `path` with the session in storage. */
  signIn: (path?: string, user?: TestUser, extra?: Record<string, string>) => Promise<AuthSession>;
  mail: { waitForOtp: typeof waitForOtp; waitForMail: typeof waitForMail };
  consoleErrors: string[];
};

/** A client address of its own for each test (the API trusts X-Forwarded-For in the e2e run). */
function addressFor(id: string): string {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255 || 1}`;
}

export const test = base.extend<Fixtures>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, "x-forwarded-for": addressFor(testInfo.testId) });
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(baseUrl());
  },
  // An unexpected console error fails the test (failed requests the test provokes are expected).
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource"))
          errors.push(msg.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
  signIn: async ({ page }, use) => {
    await use(async (path = "/apkw/apps", user = users.admin, extra = {}) => {
      const session = await apiLogin(user);
      await seedSession(page, session, extra);
      await page.goto(path);
      return session;
    });
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  mail: async ({}, use) => {
    await use({ waitForOtp, waitForMail });
  },
});
