import { apiLogout, expect, loginViaUi, storage, test, toastWith, tokenIsValid, users } from "./fixtures";
import { screenshotsDir } from "./support/env";

/**
 * The shell in the browser: the drawer at 390 px, the site switcher by keyboard, signing in and out,
 * the daily check and a 401. The sidebar's names, domains, labels and active item per site, the
 * toggle at 1280 px and switching sites are component tests of the real route table
 * (apps/web/src/app/routes/site-shell.test.tsx).
 */

const apkwLabels = [
  "Dashboard",
  "Apps & Games",
  "Manage Ads",
  "Manage Emails",
  "Edit Profile",
  "Media",
  "History",
  "Schedule",
  "Trash",
];

test.describe("sidebar at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("closed by default; the toggle opens it with focus inside; choosing an item or Escape closes it", async ({
    page,
    signIn,
  }) => {
    await signIn("/apkw/apps");
    const sidebar = page.locator("#app-sidebar");
    await expect(page.getByRole("main").getByRole("heading", { name: "Apps & Games" })).toBeVisible();
    await expect(sidebar).toBeHidden();
    const toggle = page.getByTestId("sidebar-toggle");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(sidebar).toBeVisible();
    // The open drawer is a modal: focus moves into it and Tab keeps it there.
    const focusInside = () =>
      page.evaluate(() => document.getElementById("app-sidebar")?.contains(document.activeElement) ?? false);
    await expect.poll(focusInside).toBe(true);
    for (let i = 0; i < apkwLabels.length + 1; i++) await page.keyboard.press("Tab");
    expect(await focusInside()).toBe(true);
    await expect(page.getByTestId("sidebar-site-host")).toHaveText("apkw.example");
    await expect(sidebar.getByRole("link")).toHaveText(apkwLabels);
    await page.screenshot({ path: `${screenshotsDir}/shell-sidebar-open-390.png` });
    await sidebar.getByRole("link", { name: "Manage Emails" }).click();
    await expect(page).toHaveURL(/\/apkw\/emails$/);
    await expect(sidebar).toBeHidden();

    await toggle.click();
    await expect(sidebar).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sidebar).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    // Closed with Escape, the drawer gives focus back to its toggle, not to the page.
    await expect(toggle).toBeFocused();
  });
});

test("the switcher works with the keyboard; a full load of /login then opens the chosen site", async ({
  page,
  signIn,
}) => {
  await signIn("/apkw/apps");
  await page.getByTestId("site-switcher").focus();
  await page.keyboard.press("Enter");
  await page.getByRole("option", { name: "Movies" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/movies$/);
  // Signed in, /login is not the router-less sign-in screen (main.tsx): the selected site opens.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/movies$/);
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
  await expect(page).toHaveURL(/\/apkw$/);
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

  test("today's marker keeps the session", async ({ page, signIn }) => {
    await signIn("/apkw/ads");
    await page.reload();
    await expect(page).toHaveURL(/\/apkw\/ads$/);
    expect((await storage(page)).token).toBeTruthy();
  });
});

test("a 401 of a session signed out elsewhere clears it and says it was signed out", async ({
  page,
  signIn,
}) => {
  const session = await signIn("/apkw/profile", users.admin);
  await expect(page.getByRole("heading", { name: "Edit Profile" })).toBeVisible();
  await apiLogout(session.token);
  await page.getByRole("button", { name: "Update Profile" }).click();
  await expect(toastWith(page, "You were signed out. Please sign in again.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByRole("status").filter({ hasText: "You were signed out. Please sign in again." }),
  ).toBeVisible();
  expect(await storage(page)).toEqual({});
});

test.describe("a Viewer of one site", () => {
  test("sees only their site, lands on it from another site's URL, and finds no write controls", async ({
    page,
    signIn,
  }) => {
    await signIn("/apkw/ads", users.viewer);
    // Another site's screen: the member's own first site instead.
    await expect(page).toHaveURL(/\/sportbn$/);
    await page.getByRole("combobox", { name: "Site" }).click();
    await expect(page.getByRole("option")).toHaveText(["SportBN"]);
    await page.keyboard.press("Escape");
    await page.goto("/sportbn/ads");
    await expect(page.getByRole("main").getByRole("heading", { name: "Manage Ads" })).toBeVisible();
    await expect(page.getByText(/No ads created yet|Updated:/).first()).toBeVisible();
    await expect(page.getByRole("button", { name: /Create|Edit|Delete|Activate|Deactivate/ })).toHaveCount(0);
    if (!process.env.CI)
      await page.screenshot({ path: `${screenshotsDir}/viewer-ads-1280.png`, fullPage: true });
  });
});
