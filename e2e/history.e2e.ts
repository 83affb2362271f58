import { apiLogin, captureScreen, expect, test, toastWith, users } from "./fixtures";
import { adsScreen } from "./support/ads-page";
import { adminApi } from "./support/site-data";

const OLD_HEAD = "<script>\n  window.adSlot = 'one';\n</script>";
const NEW_HEAD = "<script>\n  window.adSlot = 'two';\n  alert('never runs');\n</script>";

// movies' Info tab: the other ad specs clear it but never look at it, so this ad disturbs no one.
test("an ad edit shows in History with its details; Versions diffs and restores the older script", async ({
  page,
  signIn,
}) => {
  const api = adminApi((await apiLogin(users.admin)).token);
  const url = `https://history-${Date.now()}.example.com/slot`;
  await api.createAd("movies", { page: "info", url, head: OLD_HEAD, body: "null", isActive: true });
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const ads = adsScreen(page);
  const card = ads.main.locator('[data-slot="ad-card"]').filter({ hasText: url });

  // Edit the ad; its own history is in the edit dialog.
  await signIn("/movies/ads/info");
  await card.getByRole("button", { name: "Edit ad info" }).click();
  await ads.dialog.getByText("History", { exact: true }).click();
  await expect(ads.dialog.getByRole("list", { name: "Changes of this record" })).toContainText("Created ad");
  await ads.fill({ head: NEW_HEAD });
  await ads.dialog.getByRole("button", { name: "Update Ad" }).click();
  await expect(toastWith(page, "Ad updated successfully")).toBeVisible();
  await expect(ads.dialog).toBeHidden();

  // History: the change, filtered to ads in the URL, with its details.
  await page.getByRole("navigation").getByRole("link", { name: "History" }).click();
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "History" })).toBeVisible();
  await main.getByRole("combobox", { name: "Resource" }).click();
  await page.getByRole("option", { name: "Ads" }).click();
  await expect(page).toHaveURL(/\/movies\/history\?resource=ads$/);
  const detailsName = `Details of Updated ad ${url}`;
  const details = main.getByRole("button", { name: detailsName });
  await expect(details).toBeVisible();
  const row = main.getByRole("row").filter({ has: page.getByRole("button", { name: detailsName }) });
  await expect(row).toContainText(users.admin.email);
  await captureScreen(page, "history", async (p) => {
    await expect(p.getByRole("main").getByRole("button", { name: detailsName })).toBeVisible();
  });

  await details.click();
  const dialog = page.getByRole("dialog", { name: "Updated ad" });
  await expect(dialog.getByRole("term")).toHaveText(["Record", "When", "Admin", "Address", "Script head"]);
  await expect(dialog.locator("pre").filter({ hasText: "alert('never runs')" })).toBeVisible();
  await expect(dialog.locator("pre").filter({ hasText: "window.adSlot = 'one'" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(details).toBeFocused();
  // The shot at 390 px swaps the table for stacked rows, so it comes after the focus check.
  await details.click();
  await captureScreen(page, "history-details", async (p) => {
    await expect(p.getByRole("dialog", { name: "Updated ad" })).toBeVisible();
  });
  await page.keyboard.press("Escape");
  // The entry leads to its record: the ad's page of Manage Ads.
  await row.getByRole("link").click();
  await expect(page).toHaveURL(/\/movies\/ads\/info$/);

  // Versions: the previous version against the newest, side by side; restore the older one.
  await page.goto("/movies/ads/info");
  await card.getByRole("button", { name: `Versions of ${url}` }).click();
  const versions = page.getByRole("dialog", { name: `Versions of ${url}` });
  await expect(versions.getByRole("combobox", { name: "Compare version" })).toContainText("Version 1");
  await expect(versions.getByRole("combobox", { name: "with version" })).toContainText("Version 2");
  const head = versions.getByRole("region", { name: "Script head" });
  await expect(head).toContainText("1 line removed, 2 lines added");
  await expect(head.locator('[data-change="removed"]')).toContainText(["−Removed: window.adSlot = 'one';"]);
  await expect(head.locator('[data-change="added"]')).toContainText([
    "+Added: window.adSlot = 'two';",
    "+Added: alert('never runs');",
  ]);
  await captureScreen(page, "ad-versions", async (p) => {
    await expect(p.getByRole("dialog").getByRole("region", { name: "Script head" })).toBeVisible();
  });

  await versions.getByRole("button", { name: "Restore version 1" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Restore version 1?" });
  await expect(confirm).toContainText(url);
  await confirm.getByRole("button", { name: "Restore version 1" }).click();
  await expect(toastWith(page, "Ad restored").filter({ hasText: "Version 1 restored" })).toBeVisible();
  // The restore is the newest version now, compared with the edit it undid.
  await expect(versions.getByRole("combobox", { name: "with version" })).toContainText("Version 3");
  await versions.getByRole("button", { name: "Close" }).first().click();
  await expect(card.getByText("window.adSlot = 'one'")).toBeVisible();
  await expect(card.getByText("never runs")).toHaveCount(0);

  expect(dialogs, "native dialogs").toEqual([]);
  await expect(page.locator("main script, [role=dialog] script")).toHaveCount(0);
});
