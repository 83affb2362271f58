import {
  apiLogout,
  captureScreen,
  expect,
  loginViaUi,
  storage,
  test,
  toastWith,
  tokenIsValid,
  users,
} from "./fixtures";
import { screenshotsDir } from "./support/env";

const labels = {
  apkw: ["Dashboard", "Apps & Games", "Manage Ads", "Manage Emails", "Edit Profile", "History"],
  sportbn: [
    "Dashboard",
    "Manage Matches",
    "Fetch Matches",
    "Other Servers",
    "Manage Ads",
    "Manage Locker",
    "Manage Emails",
    "Edit Profile",
    "History",
  ],
  movies: [
    "Dashboard",
    "Movies & TV List",
    "Import Movies & TV",
    "Manage Ads",
    "Manage Locker",
    "Manage Contacts",
    "Edit Profile",
    "History",
  ],
} as const;

const hosts = { apkw: "apkw.example", sportbn: "sportbn.example", movies: "movies.example" } as const;
const names = { apkw: "APKW", sportbn: "SportBN", movies: "Movies" } as const;
const homes = { apkw: "/apkw/apps", sportbn: "/sportbn/matches", movies: "/movies/list" } as const;

test.describe("sidebar at 1280 px", () => {
  for (const site of ["apkw", "sportbn", "movies"] as const) {
    test(`${site}: open, name and domain, labels, active item`, async ({ page, signIn }) => {
      await signIn(homes[site]);
      const sidebar = page.locator("#app-sidebar");
      await expect(sidebar).toBeVisible();
      await expect(page.getByTestId("sidebar-site-name")).toHaveText(names[site]);
      await expect(page.getByTestId("sidebar-site-host")).toHaveText(hosts[site]);
      const nav = sidebar.getByRole("navigation");
      await expect(nav.getByRole("link")).toHaveText([...labels[site]]);
      // The longest matching prefix is active: not Dashboard.
      await expect(nav.getByRole("link", { name: labels[site][1] })).toHaveAttribute("aria-current", "page");
      await expect(nav.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current", "page");
      // The shell's own shots and axe run on a screen this issue owns (the others have their own specs).
      await nav.getByRole("link", { name: "Edit Profile" }).click();
      await captureScreen(page, `shell-${site}`, async (p) => {
        await expect(
          p.getByRole("main").getByRole("heading", { level: 1, name: "Edit Profile" }),
        ).toBeVisible();
      });
    });
  }

  test("navigating moves the active item; the toggle closes and reopens", async ({ page, signIn }) => {
    await signIn("/sportbn/matches");
    const sidebar = page.locator("#app-sidebar");
    await sidebar.getByRole("link", { name: "Manage Locker" }).click();
    await expect(page).toHaveURL(/\/sportbn\/locker$/);
    await expect(sidebar.getByRole("link", { name: "Manage Locker" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(sidebar.getByRole("link", { name: "Manage Matches" })).not.toHaveAttribute("aria-current");
    await sidebar.getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/sportbn\/matches$/);

    const toggle = page.getByTestId("sidebar-toggle");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await toggle.click();
    await expect(sidebar).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(sidebar).toBeVisible();
  });

  test("movies ads tabs keep Manage Ads active", async ({ page, signIn }) => {
    await signIn("/movies/ads/player");
    await expect(page.locator("#app-sidebar").getByRole("link", { name: "Manage Ads" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });
});

test.describe("sidebar at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("closed by default; the toggle opens it; choosing an item closes it", async ({ page, signIn }) => {
    await signIn("/apkw/apps");
    const sidebar = page.locator("#app-sidebar");
    await expect(page.getByRole("main").getByRole("heading", { name: "Apps & Games" })).toBeVisible();
    await expect(sidebar).toBeHidden();
    const toggle = page.getByTestId("sidebar-toggle");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(sidebar).toBeVisible();
    await expect(page.getByTestId("sidebar-site-host")).toHaveText("apkw.example");
    await expect(sidebar.getByRole("link")).toHaveText([...labels.apkw]);
    await page.screenshot({ path: `${screenshotsDir}/shell-sidebar-open-390.png` });
    await sidebar.getByRole("link", { name: "Manage Emails" }).click();
    await expect(page).toHaveURL(/\/apkw\/emails$/);
    await expect(sidebar).toBeHidden();

    await toggle.click();
    await expect(sidebar).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sidebar).toBeHidden();
  });
});

test("site switching navigates, renames the sidebar and is remembered", async ({ page, signIn }) => {
  await signIn("/apkw/apps");
  await page.getByTestId("site-switcher").click();
  await page.getByRole("option", { name: "SportBN" }).click();
  await expect(page).toHaveURL(/\/sportbn\/matches$/);
  await expect(page.getByTestId("sidebar-site-name")).toHaveText("SportBN");
  await expect(page.getByTestId("sidebar-site-host")).toHaveText("sportbn.example");
  expect((await storage(page)).selectedDashboard).toBe("sportbn");

  await page.getByTestId("site-switcher").click();
  await page.getByRole("option", { name: "Movies" }).click();
  await expect(page).toHaveURL(/\/movies\/list$/);
  expect((await storage(page)).selectedDashboard).toBe("movies");

  await page.goto("/login");
  await expect(page).toHaveURL(/\/movies\/list$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/movies\/list$/);
});

test("the switcher works with the keyboard", async ({ page, signIn }) => {
  await signIn("/apkw/apps");
  await page.getByTestId("site-switcher").focus();
  await page.keyboard.press("Enter");
  await page.getByRole("option", { name: "Movies" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/movies\/list$/);
});

test("after sign-in the user returns to the page that sent them to /login", async ({ page }) => {
  await page.goto("/sportbn/emails?page=2");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill(users.admin.email);
  await page.getByLabel("Password", { exact: true }).fill(users.admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/sportbn\/emails\?page=2$/);
  // No reason is shown for an ordinary sign-in.
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Your session ended with the day.")).toHaveCount(0);
});

test("the page to return to survives a reload of /login, where the sign-in screen loads without the router", async ({
  page,
}) => {
  await page.goto("/apkw/ads");
  await expect(page).toHaveURL(/\/login$/);
  await page.reload();
  await page.getByLabel("Email").fill(users.admin.email);
  await page.getByLabel("Password", { exact: true }).fill(users.admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/apkw\/ads$/);
  await expect(page.getByRole("main").getByRole("heading", { level: 1, name: "Manage Ads" })).toBeVisible();
});

test("logout revokes the token, goes to / and shows Logged out", async ({ page }) => {
  await loginViaUi(page, users.admin);
  await expect(page).toHaveURL(/\/apkw\/apps$/);
  const { token } = await storage(page);
  expect(token && (await tokenIsValid(token))).toBe(true);

  const logout = page.waitForRequest("**/api/v1/auth/logout");
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  const sent = await logout;
  expect(sent.headers()["x-csrf-token"]).toBeTruthy();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toastWith(page, "Logged out")).toBeVisible();
  expect(await storage(page)).toEqual({});
  expect(await tokenIsValid(token ?? "")).toBe(false);

  await page.goto("/apkw/apps");
  await expect(page).toHaveURL(/\/login$/);
});

test.describe("daily check", () => {
  test("a date marker from another day clears storage and returns to / on load", async ({ page, signIn }) => {
    await signIn("/apkw/apps", users.admin, { date: "2000-01-01", "date:movies": "2000-01-01" });
    await expect(page).toHaveURL(/\/login$/);
    expect(await storage(page)).toEqual({});
    // The login screen says why.
    await expect(
      page.getByRole("status").filter({ hasText: "Your session ended with the day." }),
    ).toBeVisible();
  });

  test("the check also runs while the app is open", async ({ page, signIn }) => {
    await signIn("/apkw/apps");
    await expect(page.getByRole("main").getByRole("heading", { name: "Apps & Games" })).toBeVisible();
    await page.evaluate(() => {
      window.localStorage.setItem("date", "2000-01-01");
      window.localStorage.setItem("date:movies", "2000-01-01");
    });
    await page.locator("#app-sidebar").getByRole("link", { name: "Manage Ads" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storage(page)).toEqual({});
  });

  test("today's marker keeps the session", async ({ page, signIn }) => {
    await signIn("/apkw/ads");
    await page.reload();
    await expect(page).toHaveURL(/\/apkw\/ads$/);
    expect((await storage(page)).token).toBeTruthy();
  });
});

test("a 401 clears the session with Session expired. Please login again.", async ({ page, signIn }) => {
  const session = await signIn("/apkw/profile", users.admin);
  await expect(page.getByRole("heading", { name: "Edit Profile" })).toBeVisible();
  await apiLogout(session.token);
  await page.getByRole("button", { name: "Update Profile" }).click();
  await expect(toastWith(page, "Session expired. Please login again.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storage(page)).toEqual({});
});
