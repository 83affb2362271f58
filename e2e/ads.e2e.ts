import type { Page, Request } from "@playwright/test";
import { apiLogin, captureScreen, expect, test, toastWith, users } from "./fixtures";
import { adsScreen } from "./support/ads-page";
import { adminApi } from "./support/site-data";

const LONG_URL = "https://www.example-advertiser.com/landing/page?campaign=spring";
const ALERT_HEAD = `<script>alert("head ran")</script>`;
const ALERT_BODY = `<script>window.alert('body ran')</script><img src="x" onerror="alert('img ran')">`;

/** Every ad write the page sends. */
function recordWrites(page: Page) {
  const writes: Request[] = [];
  page.on("request", (req) => {
    if (req.url().includes("/ads") && req.method() !== "GET") writes.push(req);
  });
  return writes;
}

/** Every native dialog (alert, confirm, prompt) the page opens. */
function recordDialogs(page: Page) {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  return dialogs;
}

async function admin() {
  return adminApi((await apiLogin(users.admin)).token);
}

for (const site of ["apkw", "sportbn"] as const) {
  test.describe(`Manage Ads on ${site}`, () => {
    test("empty state, create with validation, card, truncation, toggle, edit, delete", async ({
      page,
      signIn,
    }) => {
      test.setTimeout(150_000);
      const api = await admin();
      await api.clearAds(site);
      const dialogs = recordDialogs(page);
      const writes = recordWrites(page);
      const ads = adsScreen(page);

      await signIn(`/${site}/ads`);
      await expect(ads.main.getByRole("heading", { level: 1, name: "Manage Ads" })).toBeVisible();
      await expect(
        ads.main.getByText("Create and manage advertisement scripts for your website."),
      ).toBeVisible();
      await expect(ads.empty()).toContainText("No ads created yet.");
      await expect(ads.empty()).toContainText("Create your first ad to get started.");
      // The empty state offers the screen's main action.
      await ads.empty().getByRole("button", { name: "Create your first ad" }).click();
      await expect(ads.dialog.getByRole("heading", { name: "Create New Ad" })).toBeVisible();
      await ads.dialog.getByRole("button", { name: "Cancel" }).click();
      // apkw and sportbn have one list, no page tabs.
      await expect(ads.main.getByRole("tablist")).toHaveCount(0);

      // Validation: nothing is sent without page name and URL.
      await ads.openCreate();
      for (const label of ["Ad Page Name *", "Domain URL *", "Script Head", "Script Body"]) {
        await expect(ads.dialog.getByLabel(label, { exact: true })).toBeVisible();
      }
      await expect(ads.dialog.getByLabel("Domain URL *")).toHaveAttribute("type", "url");
      await expect(ads.dialog.getByRole("switch", { name: "Active" })).not.toBeChecked();
      await expect(ads.dialog.getByRole("button", { name: "Cancel" })).toBeVisible();
      await ads.dialog.getByRole("button", { name: "Create Ad" }).click();
      await expect(toastWith(page, "Please page name and domain url are required")).toBeVisible();
      await ads.fill({ page: "homepage-top" });
      await ads.dialog.getByRole("button", { name: "Create Ad" }).click();
      await expect(toastWith(page, "Please page name and domain url are required")).toHaveCount(1);
      expect(writes).toHaveLength(0);

      // A server refusal shows "Error" with the server's message.
      await ads.fill({ url: "ftp://files.example.com" });
      await ads.dialog.getByRole("button", { name: "Create Ad" }).click();
      await expect(toastWith(page, "Error").filter({ hasText: "url must be an http(s) URL" })).toBeVisible();
      // The refused field says so itself, at the field.
      await expect(ads.dialog.getByLabel("Domain URL *")).toHaveAttribute("aria-invalid", "true");
      await expect(ads.dialog.getByText("url must be an http(s) URL")).toBeVisible();

      // Create: page trimmed, scripts exactly as typed, xss-jfsg header, inactive by default.
      await ads.fill({ page: "  homepage-top  ", url: LONG_URL, head: ALERT_HEAD, body: ALERT_BODY });
      const created = page.waitForRequest(
        (r) => r.url().endsWith(`/api/v1/${site}/ads`) && r.method() === "POST",
      );
      await ads.dialog.getByRole("button", { name: "Create Ad" }).click();
      const post = await created;
      expect(post.headers()["xss-jfsg"]).toBe("true");
      expect(post.headers()["x-csrf-token"]).toBeTruthy();
      expect(post.postDataJSON()).toEqual({
        page: "homepage-top",
        url: LONG_URL,
        head: ALERT_HEAD,
        body: ALERT_BODY,
        isActive: false,
      });
      await expect(toastWith(page, "Ad created successfully")).toBeVisible();
      await expect(ads.dialog).toBeHidden();

      const card = ads.card("homepage-top");
      await expect(card).toBeVisible();
      await expect(card.getByRole("img", { name: "Inactive" })).toBeVisible();
      await expect(card.getByText("Updated:")).toContainText(/Updated: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      // The scripts are shown as text and never become elements of the page.
      await expect(card.getByText(ALERT_HEAD)).toBeVisible();
      await expect(page.locator('main script, img[src="x"]')).toHaveCount(0);

      // An empty script goes out as the text "null".
      await ads.openCreate();
      await ads.fill({ page: "sidebar", url: "https://b.example.com" });
      const second = page.waitForRequest(
        (r) => r.url().endsWith(`/api/v1/${site}/ads`) && r.method() === "POST",
      );
      await ads.dialog.getByRole("button", { name: "Create Ad" }).click();
      expect((await second).postDataJSON()).toEqual({
        page: "sidebar",
        url: "https://b.example.com",
        head: "null",
        body: "null",
        isActive: false,
      });
      await expect(ads.cards()).toHaveCount(2);
      // Newest first.
      await expect(ads.cards().first()).toHaveAttribute("aria-labelledby", /.+/);
      await expect(ads.cards().first().getByRole("heading")).toHaveText("sidebar");

      // Truncation: page name 5 under 992px; URL 20, 15 on mobile (apkw uses sportbn's lengths).
      const pageName = card.locator('[data-slot="ad-page"]');
      const url = card.locator('[data-slot="ad-url"]');
      await expect(pageName).toHaveText("homepage-top");
      await expect(url).toHaveText(LONG_URL.slice(0, 20));
      await page.setViewportSize({ width: 900, height: 800 });
      await expect(pageName).toHaveText("homep");
      await expect(url).toHaveText(LONG_URL.slice(0, 20));
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(pageName).toHaveText("homep");
      await expect(url).toHaveText(LONG_URL.slice(0, 15));
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(pageName).toHaveText("homepage-top");

      await captureScreen(page, `${site}-ads`, async (p) => {
        await expect(adsScreen(p).card("homepage-top")).toBeVisible();
      });

      // Activate / Deactivate send only isActive.
      const toggled = page.waitForRequest(
        (r) => r.url().includes(`/api/v1/${site}/ads/`) && r.method() === "PUT",
      );
      await card.getByRole("button", { name: "Activate ad homepage-top" }).click();
      const put = await toggled;
      expect(put.postDataJSON()).toEqual({ isActive: true });
      expect(put.headers()["xss-jfsg"]).toBe("true");
      await expect(toastWith(page, "Ad activated successfully")).toBeVisible();
      await expect(card.getByRole("img", { name: "Active", exact: true })).toBeVisible();
      const live = await fetch(`${new URL(page.url()).origin}/api/v1/public/${site}/ads`).then((r) =>
        r.json(),
      );
      expect(live.data.map((ad: { page: string }) => ad.page)).toEqual(["homepage-top"]);
      await card.getByRole("button", { name: "Deactivate ad homepage-top" }).click();
      await expect(toastWith(page, "Ad deactivated successfully")).toBeVisible();
      await expect(card.getByRole("img", { name: "Inactive" })).toBeVisible();

      // Edit: the dialog holds the ad; sportbn's wording (also apkw's) reuses "Ad created successfully".
      await card.getByRole("button", { name: "Edit ad homepage-top" }).click();
      await expect(ads.dialog.getByRole("heading", { name: "Edit Ad" })).toBeVisible();
      await expect(ads.dialog.getByLabel("Ad Page Name *")).toHaveValue("homepage-top");
      await expect(ads.dialog.getByLabel("Domain URL *")).toHaveValue(LONG_URL);
      await expect(ads.dialog.getByLabel("Script Head")).toHaveValue(ALERT_HEAD);
      await expect(ads.dialog.getByLabel("Script Body")).toHaveValue(ALERT_BODY);
      await ads.fill({ page: "" });
      await ads.dialog.getByRole("button", { name: "Update Ad" }).click();
      await expect(toastWith(page, "Please page name and domain url are required")).toBeVisible();
      await ads.fill({ page: "footer", url: "https://c.example.com/x", head: "" });
      await ads.dialog.getByRole("switch", { name: "Active" }).click();
      const edited = page.waitForRequest(
        (r) => r.url().includes(`/api/v1/${site}/ads/`) && r.method() === "PUT",
      );
      await ads.dialog.getByRole("button", { name: "Update Ad" }).click();
      expect((await edited).postDataJSON()).toEqual({
        page: "footer",
        url: "https://c.example.com/x",
        head: "null",
        body: ALERT_BODY,
        isActive: true,
      });
      // The update reuses the create wording here (movies has its own); the description names the ad saved.
      await expect(
        toastWith(page, "Ad created successfully").filter({ hasText: "footer was saved." }),
      ).toBeVisible();
      await expect(toastWith(page, "Ad updated successfully")).toHaveCount(0);
      const footer = ads.card("footer");
      await expect(footer.getByRole("img", { name: "Active", exact: true })).toBeVisible();
      await expect(footer.locator('[data-slot="ad-url"]')).toHaveText("https://c.example.com/x".slice(0, 20));

      // Delete asks first, in the page's own dialog.
      await footer.getByRole("button", { name: "Delete ad footer" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this ad?" });
      await expect(confirm).toBeVisible();
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(footer).toBeVisible();
      await footer.getByRole("button", { name: "Delete ad footer" }).click();
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(toastWith(page, "Ad deleted successfully")).toBeVisible();
      await expect(footer).toHaveCount(0);
      await ads.card("sidebar").getByRole("button", { name: "Delete ad sidebar" }).click();
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(ads.empty()).toContainText("No ads created yet.");

      expect(dialogs, "native dialogs").toEqual([]);
    });

    test("failure toasts: load, create, toggle, delete", async ({ page, signIn }) => {
      const api = await admin();
      await api.clearAds(site);
      await api.createAd(site, { page: "banner", url: "https://d.example.com" });
      const ads = adsScreen(page);

      await page.route(`**/api/v1/${site}/ads`, (route) =>
        route.request().method() === "GET" ? route.abort() : route.fallback(),
      );
      await signIn(`/${site}/ads`);
      await expect(
        toastWith(page, "Connection Error").filter({ hasText: "Failed to connect to email API" }),
      ).toBeVisible();
      await page.unroute(`**/api/v1/${site}/ads`);
      await ads.main.getByRole("button", { name: "Try again" }).click();
      const card = ads.card("banner");
      await expect(card).toBeVisible();

      await page.route(`**/api/v1/${site}/ads/**`, (route) =>
        route.fulfill({ status: 404, json: { status: "fail", message: "Ad not found" } }),
      );
      await card.getByRole("button", { name: "Activate ad banner" }).click();
      await expect(toastWith(page, "Failed to toggle").filter({ hasText: "Ad not found" })).toBeVisible();
      await card.getByRole("button", { name: "Delete ad banner" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      await expect(toastWith(page, "Failed to delete").filter({ hasText: "Ad not found" })).toBeVisible();
      await expect(card).toBeVisible();

      await page.route(`**/api/v1/${site}/ads`, (route) =>
        route.request().method() === "POST" ? route.abort() : route.fallback(),
      );
      await ads.openCreate();
      await ads.fill({ page: "x", url: "https://e.example.com" });
      await ads.dialog.getByRole("button", { name: "Create Ad" }).click();
      await expect(toastWith(page, "Error").filter({ hasText: "Failed to create" })).toBeVisible();
      await expect(ads.dialog).toBeVisible();
    });
  });
}

test.describe("Manage Ads on movies", () => {
  test("page tabs routed at /movies/ads/{page}, the dialog's page preset to the tab, truncation 40/24", async ({
    page,
    signIn,
  }) => {
    test.setTimeout(150_000);
    const api = await admin();
    await api.clearAds("movies", ["home", "info", "player", "browse"]);
    const dialogs = recordDialogs(page);
    const ads = adsScreen(page);

    const firstLoad = page.waitForRequest(
      (r) => r.url().includes("/api/v1/movies/ads?") && r.method() === "GET",
    );
    await signIn("/movies/ads");
    expect(new URL((await firstLoad).url()).searchParams.get("page")).toBe("home");
    const tabs = ads.main.getByRole("tablist", { name: "Ad pages" });
    await expect(tabs.getByRole("tab")).toHaveText(["Home", "Info", "Player", "Browse"]);
    await expect(tabs.getByRole("tab", { name: "Home" })).toHaveAttribute("aria-selected", "true");
    await expect(ads.empty()).toContainText("No ads created yet.");

    // Create on the home tab: the page choice is preset to Home.
    await ads.openCreate();
    await expect(ads.dialog.getByRole("combobox", { name: "Ad Page Name *" })).toHaveText("Home");
    await ads.fill({ url: LONG_URL, head: ALERT_HEAD });
    const post = page.waitForRequest((r) => r.url().endsWith("/api/v1/movies/ads") && r.method() === "POST");
    await ads.dialog.getByRole("button", { name: "Create Ad" }).click();
    expect((await post).postDataJSON()).toEqual({
      page: "home",
      url: LONG_URL,
      head: ALERT_HEAD,
      body: "null",
      isActive: false,
    });
    await expect(toastWith(page, "Ad created successfully")).toBeVisible();
    const home = ads.card("home");
    await expect(home.locator('[data-slot="ad-url"]')).toHaveText(LONG_URL.slice(0, 40));

    // Another tab: its own route and list.
    await tabs.getByRole("tab", { name: "Player" }).click();
    await expect(page).toHaveURL(/\/movies\/ads\/player$/);
    await expect(ads.empty()).toContainText("No ads created yet.");
    await ads.openCreate();
    await expect(ads.dialog.getByRole("combobox", { name: "Ad Page Name *" })).toHaveText("Player");
    await ads.fill({ url: "https://player.example.com/ads/v1/preroll" });
    await ads.dialog.getByRole("button", { name: "Create Ad" }).click();
    const player = ads.card("player");
    await expect(player).toBeVisible();
    await expect(ads.cards()).toHaveCount(1);

    // Page name cut to 5 under 992px; URL 40, 24 on mobile.
    await expect(player.locator('[data-slot="ad-page"]')).toHaveText("player");
    await page.setViewportSize({ width: 900, height: 800 });
    await expect(player.locator('[data-slot="ad-page"]')).toHaveText("playe");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(player.locator('[data-slot="ad-url"]')).toHaveText("https://player.example.c");
    await page.setViewportSize({ width: 1280, height: 800 });

    // Editing keeps the page choice and uses movies' wording.
    await player.getByRole("button", { name: "Edit ad player" }).click();
    await expect(ads.dialog.getByRole("combobox", { name: "Ad Page Name *" })).toHaveText("Player");
    await ads.dialog.getByRole("combobox", { name: "Ad Page Name *" }).click();
    await page.getByRole("option", { name: "Browse" }).click();
    const put = page.waitForRequest((r) => r.url().includes("/api/v1/movies/ads/") && r.method() === "PUT");
    await ads.dialog.getByRole("button", { name: "Update Ad" }).click();
    expect((await put).postDataJSON()).toMatchObject({ page: "browse" });
    await expect(toastWith(page, "Ad updated successfully")).toBeVisible();
    await expect(ads.empty()).toContainText("No ads created yet.");

    // Routes open their tab directly.
    await page.goto("/movies/ads/browse");
    await expect(tabs.getByRole("tab", { name: "Browse" })).toHaveAttribute("aria-selected", "true");
    await expect(ads.card("browse")).toBeVisible();
    await page.goto("/movies/ads/home");
    await expect(ads.card("home")).toBeVisible();

    await captureScreen(page, "movies-ads", async (p) => {
      await expect(adsScreen(p).card("home")).toBeVisible();
    });

    // Keyboard: arrows move between tabs and follow the route.
    await tabs.getByRole("tab", { name: "Home" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page).toHaveURL(/\/movies\/ads\/info$/);

    expect(dialogs, "native dialogs").toEqual([]);
  });

  test("load failure shows movies' wording", async ({ page, signIn }) => {
    await page.route("**/api/v1/movies/ads?**", (route) => route.abort());
    await signIn("/movies/ads/info");
    await expect(
      toastWith(page, "Connection Error").filter({ hasText: "Failed to fetch ads" }),
    ).toBeVisible();
  });
});

test("an ad whose script calls alert() never opens a dialog in the admin UI", async ({ page, signIn }) => {
  const api = await admin();
  await api.clearAds("sportbn");
  await api.createAd("sportbn", {
    page: "alerts",
    url: "https://alert.example.com",
    head: ALERT_HEAD,
    body: ALERT_BODY,
    isActive: true,
  });
  const dialogs = recordDialogs(page);
  await signIn("/sportbn/ads");
  const card = adsScreen(page).card("alerts");
  await expect(card.getByText(ALERT_HEAD)).toBeVisible();
  await expect(card.getByText(ALERT_BODY)).toBeVisible();
  await card.getByRole("button", { name: "Edit ad alerts" }).click();
  await expect(page.getByRole("dialog").getByLabel("Script Body")).toHaveValue(ALERT_BODY);
  await captureScreen(page, "sportbn-ads-dialog", async (p) => {
    await expect(p.getByRole("dialog").getByRole("heading", { name: "Edit Ad" })).toBeVisible();
  });
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await card.getByRole("button", { name: "Deactivate ad alerts" }).click();
  await expect(toastWith(page, "Ad deactivated successfully")).toBeVisible();
  // Give anything that might run a moment to do so.
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
  expect(await page.locator("script:not([src])").count()).toBe(0);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await api.clearAds("sportbn");
});
