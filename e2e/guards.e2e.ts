import { expect, test } from "./fixtures";

/** Unsaved changes are never lost silently (docs/PRODUCT-RULES.md#forms-dialogs-and-lists). */
test("a dirty dialog asks before it closes", async ({ page, signIn }) => {
  await signIn("/sportbn/ads");
  await page.getByRole("main").getByRole("button", { name: "Create New Ad" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create New Ad" });
  await dialog.getByLabel("Domain URL *").fill("https://draft.example.com");

  await page.keyboard.press("Escape");
  const ask = page.getByRole("alertdialog", { name: "Discard unsaved changes?" });
  await ask.getByRole("button", { name: "Keep editing" }).click();
  await expect(dialog.getByLabel("Domain URL *")).toHaveValue("https://draft.example.com");

  await dialog.getByRole("button", { name: "Cancel" }).click();
  await ask.getByRole("button", { name: "Discard" }).click();
  await expect(dialog).toBeHidden();

  // A clean dialog closes at once.
  await page.getByRole("main").getByRole("button", { name: "Create New Ad" }).first().click();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(ask).toBeHidden();
});

test("leaving a page with unsaved settings asks first", async ({ page, signIn }) => {
  await signIn("/sportbn/locker");
  const seconds = page.getByRole("main").getByLabel("Timer (seconds)");
  await expect(seconds).toBeVisible();
  await seconds.fill("77");
  const sidebar = page.locator("#app-sidebar");
  await sidebar.getByRole("link", { name: "Manage Ads" }).click();
  const ask = page.getByRole("alertdialog", { name: "Discard unsaved changes?" });
  await ask.getByRole("button", { name: "Keep editing" }).click();
  await expect(page).toHaveURL(/\/sportbn\/locker$/);
  await expect(seconds).toHaveValue("77");

  await sidebar.getByRole("link", { name: "Manage Ads" }).click();
  await ask.getByRole("button", { name: "Discard" }).click();
  await expect(page).toHaveURL(/\/sportbn\/ads$/);
});
