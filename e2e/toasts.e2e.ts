import type { Locator } from "@playwright/test";
import { apiLogin, expect, test, toastWith, users } from "./fixtures";
import { adminApi, subscribe } from "./support/site-data";

/** Toasts never hide what the user acts on next (issue 8, defect 10). */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error("element not laid out");
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

test("at 1280×900 a toast leaves the dialog's primary button uncovered", async ({ page, signIn }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn("/sportbn/ads");
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Create New Ad" }).first().click();
  const dialog = page.getByRole("dialog");
  const create = dialog.getByRole("button", { name: "Create Ad" });
  await create.click();
  const toast = toastWith(page, "Please page name and domain url are required");
  await expect(toast).toBeVisible();
  expect(await overlaps(toast, create)).toBe(false);
  expect(await overlaps(toast, dialog.getByRole("button", { name: "Cancel" }))).toBe(false);
});

test("at 390 px a toast leaves the last rows of a list uncovered", async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const api = adminApi((await apiLogin(users.admin)).token);
  await api.clearEmails("sportbn");
  const emails = Array.from({ length: 6 }, (_, i) => ({ email: `toast.row${i}@example.org` }));
  await subscribe("sportbn", emails);
  await signIn("/sportbn/emails");
  // Newest first: the first subscription is the last row.
  const last = page.getByRole("main").getByText("toast.row0@example.org");
  await last.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 2000);
  await page.getByRole("main").getByRole("button", { name: "Copy toast.row0@example.org" }).click();
  const toast = page.locator("[data-sonner-toast]").first();
  await expect(toast).toBeVisible();
  expect(await overlaps(toast, last)).toBe(false);
});
