import { captureScreen, expect, test, toastWith } from "./fixtures";

// The feed sync's rules (what it updates, keeps and skips) are apps/api/src/routes/feed/sync.test.ts;
// this is the journey: the quota line on Fetch Matches, Run now, and the sync's time after it ran.
test("Fetch Matches: the feed quota and last sync, Run now syncs accepted fixtures", async ({
  page,
  signIn,
}) => {
  await signIn("/sportbn/fetch-matches");
  const main = page.getByRole("main");
  const line = main.locator('[data-slot="feed-sync"]');
  await expect(line).toContainText(/Feed quota: \d+ of \d+ calls left today · Last sync: /);

  await line.getByRole("button", { name: "Run now" }).click();
  await expect(toastWith(page, "Feed sync")).toBeVisible();
  // The job runs within seconds; the line follows it on its own (every 15 s) or on a reload.
  await expect(async () => {
    await page.reload();
    await expect(line).toContainText(/Last sync: \d\d\/\d\d\/\d{4} \d\d:\d\d/);
  }).toPass({ timeout: 45_000 });

  await captureScreen(page, "sportbn-fetch-matches-feed-sync", async (p) => {
    await expect(p.getByRole("main").locator('[data-slot="feed-sync"]')).toContainText("Last sync:");
  });
});
