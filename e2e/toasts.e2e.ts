import type { Locator } from "@playwright/test";
import { expect, test, toastWith, users } from "./fixtures";
import { screenshotsDir } from "./support/env";

/** Toasts never hide what the user acts on next. */
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

test("at 390 px a toast leaves the open dialog's title, close button and actions uncovered", async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn("/sportbn/ads");
  await page.getByRole("main").getByRole("button", { name: "Create New Ad" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Create Ad" }).click();
  const toast = toastWith(page, "Please page name and domain url are required");
  await expect(toast).toBeVisible();
  // The dialog scrolls at this size (the window's fields made it taller than the screen): each control
  // is checked where the user sees it, scrolled into view, as the focus moves to the first field in error.
  for (const control of [
    dialog.getByRole("heading", { name: "Create New Ad" }),
    dialog.getByRole("button", { name: "Close" }),
    dialog.getByRole("button", { name: "Create Ad" }),
    dialog.getByRole("button", { name: "Cancel" }),
  ]) {
    await control.scrollIntoViewIfNeeded();
    expect(await overlaps(toast, control)).toBe(false);
  }
  await page.screenshot({ path: `${screenshotsDir}/toast-over-dialog-390.png` });
});

test("at 390 px a toast leaves the last rows of a list uncovered", async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The list is answered by the test, so the shared server's subscriptions stay untouched.
  const data = Array.from({ length: 6 }, (_, i) => ({
    _id: String(i).padStart(24, "e"),
    email: `toast.row${5 - i}@example.org`,
    url: "https://sportbn.example/",
    createdAt: "2026-01-01T00:00:00.000Z",
  }));
  await page.route(/\/api\/v1\/sportbn\/emails(\?.*)?$/, (route) =>
    route.fulfill({
      json: { status: "success", data, pagination: { page: 1, numberOfPages: 1 }, result: 6 },
    }),
  );
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

test("a 401 during a save shows one toast; a failed toggle says more than its title", async ({
  page,
  signIn,
}) => {
  // The list is answered by the test, so the shared server's ads stay untouched.
  const at = "2026-01-01T00:00:00.000Z";
  const ad = {
    _id: "c".repeat(24),
    page: "toast-check",
    url: "https://ads.example.com/toast",
    head: null,
    body: null,
  };
  await page.route(/\/api\/v1\/sportbn\/ads(\?.*)?$/, (route) =>
    route.request().method() === "GET"
      ? route.fulfill({
          json: { status: "success", data: [{ ...ad, isActive: false, createdAt: at, updatedAt: at }] },
        })
      : route.fallback(),
  );
  await signIn("/sportbn/ads");
  const card = page.getByRole("main").locator('[data-slot="ad-card"]').filter({ hasText: "toast-check" });
  const toggle = card.getByRole("button", { name: /Activate/ });

  // A network failure: the title, and a description that is not the title again (defect 2).
  await page.route("**/api/v1/sportbn/ads/*", (route) =>
    route.request().method() === "PUT" ? route.abort() : route.fallback(),
  );
  await toggle.click();
  const failed = toastWith(page, "Failed to toggle");
  await expect(failed).toBeVisible();
  await expect(failed.locator("[data-description]")).not.toHaveText("Failed to toggle");
  await page.unroute("**/api/v1/sportbn/ads/*");

  // A 401: Session expired, once.
  await page.route("**/api/v1/sportbn/ads/*", (route) =>
    route.request().method() === "PUT"
      ? route.fulfill({ status: 401, json: { status: "fail", message: "Unauthorized" } })
      : route.fallback(),
  );
  await toggle.click();
  await expect(toastWith(page, "Session expired. Please login again.")).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.locator("[data-sonner-toast]").filter({ hasNotText: "Failed to toggle" })).toHaveCount(1);
});

test("toasts carry a title and a description", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(users.admin.email);
  await page.getByLabel("Password", { exact: true }).fill(users.admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  const signedIn = toastWith(page, "Login successful");
  await expect(signedIn.locator("[data-description]")).toHaveText(`Signed in as ${users.admin.email}.`);
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(toastWith(page, "Logged out").locator("[data-description]")).toHaveText(
    "You have been signed out of the dashboard.",
  );
});
