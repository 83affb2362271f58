import type { Page } from "@playwright/test";
import { apiLogin, captureScreen, expect, test, users } from "./fixtures";
import { adsScreen } from "./support/ads-page";
import { adminApi } from "./support/site-data";

// An ad's window (docs/PRODUCT-RULES.md#windows) through the real server: typed in the site's time
// zone (the feed's, UTC here), shown on the card, filtered in the URL, and followed by the public
// read. Opening and closing on the second with a set clock is apps/api/src/routes/windows.test.ts;
// the card texts and filter per case are features/ads/components/ad-windows.test.tsx.
const site = "apkw";

async function publicAds(page: Page) {
  const res = await fetch(`${new URL(page.url()).origin}/api/v1/public/${site}/ads`);
  return ((await res.json()) as { data: { url: string }[] }).data.map((ad) => ad.url);
}

/** dd/mm/yyyy of the day `days` from today, in UTC (the e2e server's FEED_TIMEZONE). */
const dayFromToday = (days: number) => {
  const at = new Date(Date.now() + days * 86_400_000);
  const two = (n: number) => String(n).padStart(2, "0");
  return {
    shown: `${two(at.getUTCDate())}/${two(at.getUTCMonth() + 1)}/${at.getUTCFullYear()}`,
    iso: `${at.getUTCFullYear()}-${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())}`,
  };
};

test("an ad scheduled for tomorrow: the window typed in the site's time zone, its card, the filter, the public read", async ({
  page,
  signIn,
}) => {
  const api = adminApi((await apiLogin(users.admin)).token);
  await api.clearAds(site);
  const ads = adsScreen(page);
  const tomorrow = dayFromToday(1);
  const url = "https://ads.example/window-journey";

  await signIn(`/${site}/ads`);
  await ads.empty().getByRole("button", { name: "Create your first ad" }).click();
  await ads.fill({ page: "window-ad", url });
  await ads.dialog.getByRole("switch", { name: "Active" }).click();
  // The time zone is named beside the fields.
  await expect(ads.dialog.locator('[data-slot="window-fields"]')).toContainText("UTC");
  await ads.dialog.getByLabel("Starts", { exact: true }).fill(tomorrow.shown);
  await ads.dialog.getByLabel("Starts time").fill("20:00");
  await ads.dialog.getByLabel("Ends", { exact: true }).fill(tomorrow.shown);
  await ads.dialog.getByLabel("Ends time").fill("19:00");
  await ads.dialog.getByRole("button", { name: "Create Ad" }).click();
  // An end before the start is said at Ends; nothing is sent.
  await expect(ads.dialog.getByText("Choose an end after the start.")).toBeVisible();
  await expect(ads.dialog.getByLabel("Ends", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(ads.dialog.getByLabel("Ends", { exact: true })).toBeFocused();
  await captureScreen(page, "apkw-ads-window-dialog", async () => {
    await expect(ads.dialog.getByText("Choose an end after the start.")).toBeVisible();
  });

  await ads.dialog.getByLabel("Ends time").fill("23:00");
  const created = page.waitForRequest(
    (r) => r.url().endsWith(`/api/v1/${site}/ads`) && r.method() === "POST",
  );
  await ads.dialog.getByRole("button", { name: "Create Ad" }).click();
  expect((await created).postDataJSON()).toMatchObject({
    isActive: true,
    startsAt: `${tomorrow.iso}T20:00:00.000Z`,
    endsAt: `${tomorrow.iso}T23:00:00.000Z`,
  });
  await expect(ads.dialog).toBeHidden();
  const card = ads.card("window-ad");
  await expect(card.locator('[data-slot="window-badge"]')).toContainText(`Starts ${tomorrow.shown} 20:00`);
  // Switched on but not open yet: the public site does not show it.
  expect(await publicAds(page)).not.toContain(url);

  // The Window filter, in the URL.
  await page.getByRole("combobox", { name: "Window" }).click();
  await page.getByRole("option", { name: "Scheduled" }).click();
  await expect(page).toHaveURL(/\?window=scheduled$/);
  await expect(card).toBeVisible();
  await page.getByRole("combobox", { name: "Window" }).click();
  await page.getByRole("option", { name: "Active" }).click();
  await expect(page).toHaveURL(/\?window=active$/);
  await expect(ads.main.getByText("No ads in this window.")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await captureScreen(page, "apkw-ads-window-cards", async () => {
    await expect(card.locator('[data-slot="window-badge"]')).toBeVisible();
  });

  // Open from now on: live until tomorrow 23:00, and on the public site at once.
  await card.getByRole("button", { name: "Edit ad window-ad" }).click();
  await ads.dialog.getByLabel("Starts", { exact: true }).fill("");
  await ads.dialog.getByLabel("Starts time").fill("");
  await ads.dialog.getByRole("button", { name: "Update Ad" }).click();
  await expect(ads.dialog).toBeHidden();
  await expect(card.locator('[data-slot="window-badge"]')).toContainText(
    `Live until ${tomorrow.shown} 23:00`,
  );
  expect(await publicAds(page)).toContain(url);
  await api.clearAds(site);
});

test("an ad scheduled to go live in 5 seconds: on the public read and on another member's open screen, without a reload", async ({
  page,
  signIn,
}) => {
  const api = adminApi((await apiLogin(users.admin)).token);
  await api.clearAds(site);
  const url = "https://ads.example/at-the-second";
  const ad = await api.createAd(site, { page: "scheduled-ad", url, isActive: false });
  const ads = adsScreen(page);

  // The first member schedules a change through the dialog (tomorrow 20:00): it waits on the Schedule.
  await signIn(`/${site}/ads`);
  const card = ads.card("scheduled-ad");
  await card.getByRole("button", { name: "Edit ad scheduled-ad" }).click();
  await ads.dialog.getByRole("switch", { name: "Active" }).click();
  await ads.dialog.getByRole("button", { name: "Apply at…" }).click();
  const tomorrow = dayFromToday(1);
  await ads.dialog.getByLabel("Apply at", { exact: true }).fill(tomorrow.shown);
  await ads.dialog.getByLabel("Apply at time").fill("20:00");
  const scheduled = page.waitForResponse((r) => r.url().includes(`/ads/${ad._id}?applyAt=`));
  await ads.dialog.getByRole("button", { name: "Schedule change" }).click();
  expect((await scheduled).status()).toBe(202);
  await expect(ads.dialog).toBeHidden();
  await expect(page.getByText(`scheduled-ad changes at ${tomorrow.shown} 20:00 (UTC).`)).toBeVisible();
  await expect(card.getByRole("img", { name: "Inactive", exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Schedule" }).first().click();
  const pending = page.getByRole("list", { name: "Pending changes" }).getByRole("listitem");
  await expect(pending).toContainText(url);
  await captureScreen(page, "apkw-schedule", async () => {
    await expect(pending).toBeVisible();
  });
  await pending.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel change" }).click();
  await expect(page.getByText("Nothing scheduled")).toBeVisible();

  // Another member schedules it to go live in 5 s while the first one looks at Manage Ads.
  await page.getByRole("link", { name: "Manage Ads" }).first().click();
  await page.evaluate(() => ((window as unknown as { mark: string }).mark = "same page"));
  const other = adminApi((await apiLogin(users.live)).token);
  const applyAt = new Date(Date.now() + 5000).toISOString();
  const later = await other.call("PUT", `/${site}/ads/${ad._id}?applyAt=${applyAt}`, { isActive: true });
  expect(later.status).toBe(202);
  expect(await publicAds(page)).not.toContain(url);
  await expect(card.getByRole("img", { name: "Active", exact: true })).toBeVisible({ timeout: 20_000 });
  expect(await publicAds(page)).toContain(url);
  expect(await page.evaluate(() => (window as unknown as { mark?: string }).mark)).toBe("same page");
  await api.clearAds(site);
});
