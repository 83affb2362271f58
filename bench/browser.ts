// Chromium in the bench (the web and overview sections): the system's Chromium, Playwright's
// time-outs doubled, navigations retried with `retry`'s back-off on a loaded machine.
import { type Browser, chromium, type Locator, type Page } from "@playwright/test";
import { retry } from "./lib.ts";

/** Playwright's time-outs in the bench (its default is 30 s for a navigation). */
export const BROWSER_TIMEOUT_MS = 60_000;

/**
 * Opens `url` in `page` and waits until `ready` is visible, with `retry`'s back-off: "navigation to
 * /login until "Sign In" shows" is what a failure names.
 */
export function visit(page: Page, url: string, ready: () => Locator, label = ""): Promise<void> {
  const path = new URL(url).pathname;
  return retry(`navigation to ${path}${label ? ` until ${label} shows` : ""}`, async () => {
    await page.goto(url, { timeout: BROWSER_TIMEOUT_MS });
    await ready().waitFor({ timeout: BROWSER_TIMEOUT_MS });
  });
}

/** Chromium, started again (with `retry`'s back-off) when a loaded machine makes it miss its time-out. */
export function launchChromium(): Promise<Browser> {
  return retry("Chromium to start", () =>
    chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu"],
      timeout: BROWSER_TIMEOUT_MS,
    }),
  );
}

/** A page of 1,280 × 800 in `browser`, with the bench's time-outs. */
export async function newPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.setDefaultTimeout(BROWSER_TIMEOUT_MS);
  return page;
}
