import { expect, storage, test } from "./fixtures";

/** Every screen of the route table and the sidebar item that is active there. */
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

test.describe("signed out", () => {
  test("/ redirects to /login", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  });

  test("/forgot-password is public", async ({ page }) => {
    await page.goto("/forgot-password");
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole("heading", { name: "Forgot Password" })).toBeVisible();
  });

  test("an unknown path goes to / and then /login", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page).toHaveURL(/\/login$/);
  });

  for (const path of ["/apkw", "/sportbn", "/movies", ...screens.map((s) => s.path)]) {
    test(`${path} needs a session: /login and storage cleared`, async ({ page }) => {
      await page.addInitScript(() => {
        if (!window.sessionStorage.getItem("__e2e_leftover")) {
          window.sessionStorage.setItem("__e2e_leftover", "1");
          window.localStorage.setItem("leftover", "x");
          window.localStorage.setItem("selectedDashboard", "movies");
        }
      });
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      expect(await storage(page)).toEqual({});
    });
  }
});

test.describe("signed in", () => {
  test("/ ends on the selected site's first screen", async ({ page, signIn }) => {
    await signIn("/");
    await expect(page).toHaveURL(/\/apkw\/apps$/);
  });

  for (const path of ["/login", "/forgot-password"]) {
    test(`${path} sends a signed-in user to the selected site`, async ({ page, signIn }) => {
      await signIn(path, undefined, { selectedDashboard: "sportbn" });
      await expect(page).toHaveURL(/\/sportbn\/matches$/);
    });
  }

  for (const [from, to] of [
    ["/apkw", "/apkw/apps"],
    ["/sportbn", "/sportbn/matches"],
    ["/movies", "/movies/list"],
  ] as const) {
    test(`${from} redirects to ${to}`, async ({ page, signIn }) => {
      await signIn(from);
      await expect(page).toHaveURL(new RegExp(`${to}$`));
    });
  }

  test("every screen of the route table opens inside the shell", async ({ page, signIn }) => {
    // One full page load a screen, for every screen of the three sites.
    test.slow();
    await signIn("/apkw/apps");
    for (const { path, heading } of screens) {
      await page.goto(path);
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
      await expect(
        page.getByRole("main").getByRole("heading", { level: 1, name: heading }),
        path,
      ).toBeVisible();
      await expect(page.getByRole("button", { name: /Account menu/ })).toBeVisible();
    }
  });

  for (const path of [
    "/apkw/locker",
    "/apkw/matches",
    "/movies/ads/sidebar",
    "/sportbn/list",
    "/elsewhere",
  ]) {
    test(`${path} is not in the table: it goes to / and on to the selected site`, async ({
      page,
      signIn,
    }) => {
      await signIn(path, undefined, { selectedDashboard: "movies" });
      await expect(page).toHaveURL(/\/movies\/list$/);
    });
  }

  test("a path of another site selects that site", async ({ page, signIn }) => {
    await signIn("/movies/import", undefined, { selectedDashboard: "apkw" });
    await expect(page).toHaveURL(/\/movies\/import$/);
    await expect(page.getByTestId("site-switcher")).toHaveText(/Movies/);
    await expect.poll(async () => (await storage(page)).selectedDashboard).toBe("movies");
    await page.goto("/login");
    await expect(page).toHaveURL(/\/movies\/list$/);
  });
});

test("a dashboard that cannot be downloaded says so and offers Try again", async ({ page, signIn }) => {
  await page.route(/\/assets\/dashboard-[^/]+\.js$/, (route) => route.abort());
  await signIn("/apkw/apps");
  await expect(page.getByText("The dashboard could not be loaded")).toBeVisible();
  await page.unroute(/\/assets\/dashboard-[^/]+\.js$/);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("main").getByRole("heading", { level: 1, name: "Apps & Games" })).toBeVisible();
});
