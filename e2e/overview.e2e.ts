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

  // The bars themselves, with a period that has data (answered by the test: the shared server's data stays untouched).
  await page.route(/\/api\/v1\/apkw\/overview/, async (route) => {
    const answer = await (await route.fetch()).json();
    const days = answer.data.subscriptions.days.map((d: { day: string }, i: number) => ({
      ...d,
      count: (i * 7) % 23,
    }));
    answer.data.subscriptions = {
      days,
      total: days.reduce((s: number, d: { count: number }) => s + d.count, 0),
      previous: 900,
    };
    await route.fulfill({ json: answer });
  });
  await page.goto("/apkw?days=90");
  await expect(main.getByRole("application")).toBeVisible();
  await captureScreen(page, "apkw-overview-chart", async (p) => {
    await expect(p.getByRole("main").getByRole("application")).toBeVisible();
  });
  await page.unroute(/\/api\/v1\/apkw\/overview/);

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
