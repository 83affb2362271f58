import { expect, storage, test } from "./fixtures";

/**
 * The route table in the built dashboard. Its redirects per path (signed out, signed in, /{site},
 * paths not in the table, a path of another site) are component tests of the real table:
 * apps/web/src/app/router.test.tsx.
 */

test("a protected page without a session opens /login, with storage cleared", async ({ page }) => {
  await page.addInitScript(() => {
    if (!window.sessionStorage.getItem("__e2e_leftover")) {
      window.sessionStorage.setItem("__e2e_leftover", "1");
      window.localStorage.setItem("leftover", "x");
      window.localStorage.setItem("selectedDashboard", "movies");
    }
  });
  await page.goto("/movies/ads/player");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  expect(await storage(page)).toEqual({});
});

test("a dashboard that cannot be downloaded says so and offers Try again", async ({ page, signIn }) => {
  await page.route(/\/assets\/dashboard-[^/]+\.js$/, (route) => route.abort());
  await signIn("/apkw/apps");
  await expect(page.getByText("The dashboard could not be loaded")).toBeVisible();
  await page.unroute(/\/assets\/dashboard-[^/]+\.js$/);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("main").getByRole("heading", { level: 1, name: "Apps & Games" })).toBeVisible();
});
