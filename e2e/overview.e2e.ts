import { captureScreen, expect, test } from "./fixtures";

/**
 * The Dashboard item in the built app on the real server: /{site} is the site's overview, the period
 * in the URL, the chart's table, and the page at 1280 and 390 px in both themes with axe clean.
 * Its rules (figures, texts, states) are component tests: features/overview/components/overview-screen.test.tsx.
 */
test("the overview: figures, 30/90 days in the URL, the chart's table; 1280 and 390 px, axe clean", async ({
  page,
  signIn,
}) => {
  await signIn("/apkw");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(main.getByText(/^[\d,]+ subscriptions in the last 30 days/)).toBeVisible();
  await main.getByRole("button", { name: "90 days" }).click();
  await expect(page).toHaveURL(/\/apkw\?days=90$/);
  await expect(main.getByText(/^[\d,]+ subscriptions in the last 90 days/)).toBeVisible();
  await main.getByRole("button", { name: "Show table" }).click();
  await expect(main.getByRole("table", { name: "Subscriptions per day" }).getByRole("row")).toHaveCount(91);
  await captureScreen(page, "apkw-overview", async (p) => {
    await expect(p.getByRole("table", { name: "Subscriptions per day" })).toBeVisible();
  });

  await main.getByRole("link", { name: /^Apps \d/ }).click();
  await expect(page).toHaveURL(/\/apkw\/apps$/);

  for (const site of ["sportbn", "movies"] as const) {
    await page.goto(`/${site}`);
    await captureScreen(page, `${site}-overview`, async (p) => {
      await expect(
        p.getByRole("list", { name: "Latest changes" }).or(p.getByText("No changes yet")),
      ).toBeVisible();
    });
  }
});
