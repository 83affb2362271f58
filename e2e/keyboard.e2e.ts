import { captureScreen, expect, expectAccessible, storage, test } from "./fixtures";

/**
 * Keyboard and theme in the built dashboard: Ctrl+K, "/" and "?" across screens, and the account
 * menu's Theme. Their rules (the palette's items, filtering, focus, the theme's storage) are
 * component tests: apps/web/src/app/routes/command-palette.test.tsx and theme.test.tsx.
 */

test("Ctrl+K jumps to another site's screen; '/' focuses its search; '?' lists the shortcuts", async ({
  page,
  signIn,
}) => {
  await signIn("/apkw/apps");
  await expect(page.getByRole("main").getByRole("heading", { level: 1, name: "Apps & Games" })).toBeVisible();

  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await expect(palette.getByRole("combobox")).toBeFocused();
  await captureScreen(page, "command-palette", async (p) => {
    await expect(p.getByRole("dialog", { name: "Command palette" })).toBeVisible();
  });
  await page.keyboard.type("manage matches");
  await expect(palette.getByRole("option").first()).toHaveText(/Manage Matches/);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/sportbn\/matches$/);
  await expect(
    page.getByRole("main").getByRole("heading", { level: 1, name: "Manage Matches" }),
  ).toBeVisible();

  await page.keyboard.press("/");
  await expect(page.getByRole("searchbox", { name: "Search matches" })).toBeFocused();
  await page.keyboard.press("Escape");
  await page.getByRole("main").getByRole("heading", { level: 1 }).click();

  await page.keyboard.press("?");
  await captureScreen(page, "keyboard-shortcuts", async (p) => {
    await expect(p.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("the account menu's Theme switches to dark and is remembered after a reload", async ({
  page,
  signIn,
}) => {
  await signIn("/sportbn/matches");
  await expect(
    page.getByRole("main").getByRole("heading", { level: 1, name: "Manage Matches" }),
  ).toBeVisible();
  await page.getByRole("button", { name: /Account menu/ }).click();
  await expect(page.getByRole("menuitemradio", { name: "System" })).toHaveAttribute("aria-checked", "true");
  await expectAccessible(page, "account menu with the theme");
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect((await storage(page)).theme).toBe("dark");
  await page.reload();
  await expect(
    page.getByRole("main").getByRole("heading", { level: 1, name: "Manage Matches" }),
  ).toBeVisible();
  await expect(page.locator("html")).toHaveClass(/dark/);
});
