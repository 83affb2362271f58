import { expect, test } from "./fixtures";

/**
 * Every screen of the route table opens inside the shell in the built dashboard: one page, moving
 * from screen to screen without a reload, so each screen's lazy chunk is really downloaded and run.
 * The rules per path (heading, active sidebar item, title, redirects) are component tests:
 * apps/web/src/app/router.test.tsx and apps/web/src/app/routes/site-shell.test.tsx.
 */
const screens: { path: string; heading: string }[] = [
  { path: "/apkw/apps", heading: "Apps & Games" },
  { path: "/apkw/ads", heading: "Manage Ads" },
  { path: "/apkw/emails", heading: "Manage Emails" },
  { path: "/apkw/profile", heading: "Edit Profile" },
  { path: "/apkw/history", heading: "History" },
  { path: "/apkw/history/trash", heading: "Trash" },
  { path: "/sportbn/matches", heading: "Manage Matches" },
  { path: "/sportbn/fetch-matches", heading: "Fetch Matches" },
  { path: "/sportbn/servers", heading: "Other Servers" },
  { path: "/sportbn/ads", heading: "Manage Ads" },
  { path: "/sportbn/locker", heading: "Manage Locker" },
  { path: "/sportbn/emails", heading: "Manage Emails" },
  { path: "/sportbn/profile", heading: "Edit Profile" },
  { path: "/sportbn/history", heading: "History" },
  { path: "/sportbn/history/trash", heading: "Trash" },
  { path: "/movies/list", heading: "Movies & TV List" },
  { path: "/movies/import", heading: "Import Movies & TV" },
  { path: "/movies/ads", heading: "Manage Ads" },
  { path: "/movies/ads/home", heading: "Manage Ads" },
  { path: "/movies/ads/info", heading: "Manage Ads" },
  { path: "/movies/ads/player", heading: "Manage Ads" },
  { path: "/movies/ads/browse", heading: "Manage Ads" },
  { path: "/movies/locker", heading: "Manage Locker" },
  { path: "/movies/emails", heading: "Manage Contacts" },
  { path: "/movies/profile", heading: "Edit Profile" },
  { path: "/movies/history", heading: "History" },
  { path: "/movies/history/trash", heading: "Trash" },
];

test("every screen of the route table opens inside the shell, in one page", async ({ page, signIn }) => {
  await signIn("/apkw/apps");
  await expect(page.getByRole("main").getByRole("heading", { level: 1, name: "Apps & Games" })).toBeVisible();
  // Gone if the page were loaded again: every screen below is reached inside this page.
  await page.evaluate(() => Object.assign(window, { samePage: true }));

  for (const { path, heading } of screens) {
    // Through its sidebar link when the current site's sidebar has one, else as a link elsewhere would
    // (another site's screen, the Trash, an ad page): a history entry React Router follows.
    const link = page.locator(`#app-sidebar a[href="${path}"]`);
    if (await link.count()) await link.click();
    else
      await page.evaluate((to) => {
        const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
        window.history.pushState({ usr: null, key: `e2e${idx}`, idx }, "", to);
        window.dispatchEvent(new PopStateEvent("popstate"));
      }, path);
    await expect(page, path).toHaveURL(new RegExp(`${path}$`));
    await expect(
      page.getByRole("main").getByRole("heading", { level: 1, name: heading }),
      path,
    ).toBeVisible();
    await expect(page.getByRole("button", { name: /Account menu/ }), path).toBeVisible();
  }
  expect(await page.evaluate(() => "samePage" in window)).toBe(true);
});
