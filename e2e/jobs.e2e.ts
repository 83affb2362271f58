import { captureScreen, expect, test, toastWith } from "./fixtures";

// The Jobs screen (docs/ARCHITECTURE.md, "Jobs"): from the account menu, Run now, pause and resume,
// shot at 1280 and 390 px.

test("jobs: the account menu opens all sites' jobs; Run now records a run; pause and resume", async ({
  page,
  signIn,
}) => {
  await signIn("/sportbn/matches");
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Jobs" }).click();
  await expect(page).toHaveURL(/\/settings\/jobs$/);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
  const purge = main.getByRole("listitem", { name: "Empty expired trash" });
  await expect(purge.getByText("Every hour at :00")).toBeVisible();

  await purge.getByRole("button", { name: "Run now" }).click();
  await expect(toastWith(page, "Empty expired trash will run in a few seconds.")).toBeVisible();
  // The screen follows the run (it reloads every 5 s): the run shows its result and duration.
  await expect(purge.getByText("Succeeded")).toBeVisible({ timeout: 15_000 });
  await expect(purge.getByText(/older than 30 days removed/)).toBeVisible();

  await purge.getByRole("button", { name: "Pause" }).click();
  await expect(toastWith(page, /is paused/)).toBeVisible();
  await expect(purge.getByRole("button", { name: "Resume" })).toBeVisible();
  await captureScreen(page, "jobs", async (p) => {
    await expect(p.getByRole("main").getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
  });
  await purge.getByRole("button", { name: "Resume" }).click();
  await expect(purge.getByRole("button", { name: "Pause" })).toBeVisible();
});
