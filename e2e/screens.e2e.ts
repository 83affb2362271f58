import { adPagesOf, SITES } from "@backoffice/contracts/site-rules";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Every screen of the route table opens inside the shell in the built dashboard: one page, moving
 * from screen to screen without a reload, so each screen's lazy chunk is really downloaded and run.
 * The screens are each site's sidebar items as the dashboard shows them, and Movies' ad pages; which
 * items a site has derives from the resources' descriptors and is a component test
 * (apps/web/src/app/site-routes.test.tsx), so no list of screens is kept here. The rules per path
 * (heading, active sidebar item, title, redirects) are component tests too:
 * apps/web/src/app/router.test.tsx and apps/web/src/app/routes/site-shell.test.tsx.
 */

/**
 * Follows a link the way one elsewhere would (another site's screen, an ad page): a history entry
 * React Router follows.
 */
async function follow(page: Page, to: string) {
  await page.evaluate((path) => {
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: `e2e${idx}`, idx }, "", path);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, to);
}

/** The screen at `path` is shown inside the shell, with its heading. */
async function showsScreen(page: Page, path: string, heading: string) {
  await expect(page, path).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole("main").getByRole("heading", { level: 1, name: heading }), path).toBeVisible();
  await expect(page.getByRole("button", { name: /Account menu/ }), path).toBeVisible();
}

test("every screen of the route table opens inside the shell, in one page", async ({ page, signIn }) => {
  await signIn(`/${SITES[0]}`);
  await showsScreen(page, `/${SITES[0]}`, "Dashboard");
  // Gone if the page were loaded again: every screen below is reached inside this page.
  await page.evaluate(() => Object.assign(window, { samePage: true }));

  for (const site of SITES) {
    if (site !== SITES[0]) await follow(page, `/${site}`);
    await showsScreen(page, `/${site}`, "Dashboard");
    await expect(page.locator(`#app-sidebar nav a[href="/${site}"]`)).toBeVisible();
    const items = await page.locator("#app-sidebar nav a").evaluateAll((links) =>
      links.map((link) => ({
        path: link.getAttribute("href") ?? "",
        heading: link.textContent?.trim() ?? "",
      })),
    );
    // Dashboard, then the site's screens.
    expect(items[0]?.path, site).toBe(`/${site}`);
    expect(items.length, site).toBeGreaterThan(1);
    for (const { path, heading } of items.slice(1)) {
      await page.locator(`#app-sidebar a[href="${path}"]`).click();
      await showsScreen(page, path, heading);
    }
    // Movies' ads have one list per ad page, each at its own URL under the sidebar's Manage Ads.
    const ads = items.find((item) => item.path === `/${site}/ads`);
    for (const adPage of adPagesOf(site) ?? []) {
      await follow(page, `/${site}/ads/${adPage}`);
      await showsScreen(page, `/${site}/ads/${adPage}`, ads?.heading ?? "Manage Ads");
    }
  }
  expect(await page.evaluate(() => "samePage" in window)).toBe(true);
});
