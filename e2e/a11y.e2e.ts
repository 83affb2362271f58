import type { Page } from "@playwright/test";
import { expect, runAxe, test } from "./fixtures";

/** Every violation axe reports, of any impact, for the rules named. */
async function violations(page: Page, rules?: string[]) {
  const results = await runAxe(page, rules);
  return results.violations
    .filter((v) => rules || v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.describe("accessibility beyond the static screens", () => {
  test("axe stays clean while the account menu or the site switcher is open", async ({ page, signIn }) => {
    await signIn("/apkw/apps");
    await page.getByRole("button", { name: /Account menu/ }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press("Escape");

    await page.getByTestId("site-switcher").click();
    await expect(page.getByRole("listbox")).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press("Escape");
  });

  for (const path of ["/apkw/apps", "/apkw/ads", "/movies/ads/home"]) {
    test(`${path}: headings do not skip a level`, async ({ page, signIn }) => {
      // With cards on screen (answered by the test, so the shared server's data stays untouched).
      const at = "2026-01-01T00:00:00.000Z";
      const ad = { _id: "a".repeat(24), page: "home", url: "https://a.example", head: null, body: null };
      const app = {
        _id: "b".repeat(24),
        title: "Heading check",
        type: "Tools",
        icon_app: "https://img.example/i.png",
        bg_app: "https://img.example/b.png",
        content: "An app.",
        rating: 4,
        size: "1 MB",
        download: "1K+",
        developer: "Dev",
        category: "apps",
        trending: false,
        slider: false,
        supportedDevices: ["https://d.example/1", "https://d.example/2"],
        isFirst: false,
        it: null,
        key: null,
      };
      await page.route(/\/api\/v1\/(apkw|movies)\/(ads|apps)(\?.*)?$/, (route) =>
        route.fulfill({
          json: {
            status: "success",
            data: route.request().url().includes("/apps")
              ? [{ ...app, createdAt: at, updatedAt: at }]
              : [{ ...ad, isActive: true, createdAt: at, updatedAt: at }],
          },
        }),
      );
      await signIn(path);
      await expect(page.getByRole("main").getByRole("heading", { level: 2 }).first()).toBeVisible();
      expect(await violations(page, ["heading-order"])).toEqual([]);
    });
  }

  test("sign-in: everything sits in a landmark; the tab order is Email, Password, Forgot password?", async ({
    page,
  }) => {
    await page.goto("/login");
    await expect(page.getByLabel("Email")).toBeVisible();
    expect(await violations(page, ["region", "landmark-one-main"])).toEqual([]);
    await page.getByLabel("Email").focus();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
    await page.keyboard.press("Tab");
    // The show/hide toggle of the password field comes with it; then the link.
    if (
      await page
        .getByRole("button", { name: "Show password" })
        .evaluate((el) => el === document.activeElement)
    )
      await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Forgot password?" })).toBeFocused();
  });
});
