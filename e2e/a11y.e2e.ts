import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** Every violation axe reports, of any impact, for the rules named. */
async function violations(page: Page, rules?: string[]) {
  const builder = new AxeBuilder({ page });
  const results = await (rules ? builder.withRules(rules) : builder).analyze();
  return results.violations
    .filter((v) => rules || v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.describe("accessibility beyond the static screens (issue 8, defect 4)", () => {
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
      await signIn(path);
      await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
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
