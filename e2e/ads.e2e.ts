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

// The screen's texts and empty state, the dialog's fields and required message, a server refusal
// at its field, the shortened page name and URL at each width and each site's wording (update
// toast, load error) are rules of the screen, checked per site in
// features/ads/components/ads-screen.test.tsx. apkw and sportbn differ only in data, so their
// journey runs on sportbn; movies has its own page tabs.

test.describe("Manage Ads on sportbn", () => {
  const site = "sportbn";

  test("create through the dialog, card, toggle, edit, delete with confirmation", async ({
    page,
    signIn,
  }) => {
    const api = await admin();
    await api.clearAds(site);
    const dialogs = recordDialogs(page);
    const writes = recordWrites(page);
    const ads = adsScreen(page);

    await signIn(`/${site}/ads`);
    // The empty state offers the screen's main action.
    await ads.empty().getByRole("button", { name: "Create your first ad" }).click();
    await expect(ads.dialog.getByRole("heading", { name: "Create New Ad" })).toBeVisible();

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
      startsAt: null,
      endsAt: null,
    });
    await expect(toastWith(page, "Ad created successfully")).toBeVisible();
    await expect(ads.dialog).toBeHidden();

    const card = ads.card("homepage-top");
    await expect(card.getByRole("img", { name: "Inactive" })).toBeVisible();
    await expect(card.getByText("Updated:")).toContainText(/Updated: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    // The scripts are shown as text and never become elements of the page.
    await expect(card.getByText(ALERT_HEAD)).toBeVisible();
    await expect(page.locator('main script, img[src="x"]')).toHaveCount(0);

    await captureScreen(page, `${site}-ads`, async (p) => {
      await expect(adsScreen(p).card("homepage-top")).toBeVisible();
    });

    // Activate sends only isActive; the public site lists the ad.
    const toggled = page.waitForRequest(
      (r) => r.url().includes(`/api/v1/${site}/ads/`) && r.method() === "PUT",
    );
    await card.getByRole("button", { name: "Activate ad homepage-top" }).click();
    const put = await toggled;
    expect(put.postDataJSON()).toEqual({ isActive: true });
    expect(put.headers()["xss-jfsg"]).toBe("true");
    await expect(toastWith(page, "Ad activated successfully")).toBeVisible();
    await expect(card.getByRole("img", { name: "Active", exact: true })).toBeVisible();
    const live = await fetch(`${new URL(page.url()).origin}/api/v1/public/${site}/ads`).then((r) => r.json());
    expect(live.data.map((ad: { page: string }) => ad.page)).toEqual(["homepage-top"]);

    // Edit: the dialog holds the ad; the card follows the saved one.
    await card.getByRole("button", { name: "Edit ad homepage-top" }).click();
    await expect(ads.dialog.getByRole("heading", { name: "Edit Ad" })).toBeVisible();
    await expect(ads.dialog.getByLabel("Script Body")).toHaveValue(ALERT_BODY);
    await ads.fill({ page: "footer", url: "https://c.example.com/x", head: "" });
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
      startsAt: null,
      endsAt: null,
    });
    await expect(ads.dialog).toBeHidden();
    const footer = ads.card("footer");
    await expect(footer.getByRole("img", { name: "Active", exact: true })).toBeVisible();

    // Delete asks first, in the page's own dialog.
    await footer.getByRole("button", { name: "Delete ad footer" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this ad?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(footer).toBeVisible();
    await footer.getByRole("button", { name: "Delete ad footer" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toastWith(page, "Ad deleted successfully")).toBeVisible();
    await expect(ads.empty()).toContainText("No ads created yet.");

    expect(writes.map((r) => r.method())).toEqual(["POST", "PUT", "PUT", "DELETE"]);
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

test.describe("Manage Ads on movies", () => {
  test("page tabs routed at /movies/ads/{page}, the dialog's page preset to the tab", async ({
    page,
    signIn,
  }) => {
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
      startsAt: null,
      endsAt: null,
    });
    await expect(toastWith(page, "Ad created successfully")).toBeVisible();
    await expect(ads.card("home")).toBeVisible();

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
