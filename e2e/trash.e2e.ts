import type { Page } from "@playwright/test";
import { apiLogin, captureScreen, expect, test, toastWith, users } from "./fixtures";
import { createApp, routeImages, sampleApp } from "./support/apps";
import { subscribe } from "./support/site-data";

// Undo in a delete's toast, and the Trash screen (docs/PRODUCT-RULES.md#history-trash-and-undo). Each
// test makes its own records, with names of their own, so it never depends on what other specs leave
// in the shared server.

const unique = () => Date.now().toString(36);

function trashScreen(page: Page) {
  const main = page.getByRole("main");
  return {
    main,
    heading: main.getByRole("heading", { level: 1, name: "Trash" }),
    row: (label: string) => main.getByRole("row").filter({ hasText: label }),
    filter: main.getByRole("combobox", { name: "Filter by kind" }),
  };
}

test("sportbn: bulk delete two emails, then Undo in the toast brings them back in place", async ({
  page,
  signIn,
}) => {
  const id = unique();
  const [older, newer] = [`undo.older.${id}@example.net`, `undo.newer.${id}@example.net`];
  expect(await subscribe("sportbn", [{ email: older }, { email: newer }])).toEqual([201, 201]);

  await signIn("/sportbn/emails");
  const main = page.getByRole("main");
  const row = (email: string) => main.getByRole("row").filter({ hasText: email });
  await expect(row(newer)).toBeVisible();
  const before = await main.getByRole("row").allTextContents();
  await row(older).getByRole("checkbox").check();
  await row(newer).getByRole("checkbox").check();
  await main.getByRole("button", { name: "Delete Selected (2)" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete 2 emails?" });
  await confirm.getByRole("button", { name: "Delete" }).click();

  const deleted = toastWith(page, "2 emails were removed.");
  const undo = deleted.getByRole("button", { name: "Undo" });
  await expect(undo).toBeVisible();
  await expect(row(older)).toHaveCount(0);
  await expect(row(newer)).toHaveCount(0);
  await captureScreen(page, "emails-undo-toast", async (p) => {
    const shown = toastWith(p, "2 emails were removed.").getByRole("button", { name: "Undo" });
    // The pointer on the toast holds its 10 s (sonner pauses while hovered): the shots and the
    // accessibility checks of two widths and two themes can take longer on a busy machine.
    await shown.hover();
    await expect(shown).toBeVisible();
  });

  const undone = page.waitForRequest((r) => r.url().endsWith("/api/v1/sportbn/trash/undo"));
  await toastWith(page, "2 emails were removed.").getByRole("button", { name: "Undo" }).click();
  expect((await undone).postDataJSON()).toEqual({ token: expect.any(String) });
  await expect(toastWith(page, "Restored").filter({ hasText: "2 items restored" })).toBeVisible();
  // Back where they were: the same rows in the same order.
  await expect(row(older)).toBeVisible();
  await expect(row(newer)).toBeVisible();
  await expect(main.getByRole("row")).toHaveText(before);
  // One toast for the event: the delete's toast made way for Restored.
  await expect(toastWith(page, "2 emails were removed.")).toHaveCount(0);
});

test("apkw: a deleted app waits in the Trash; Restore puts it back in Apps & Games", async ({
  page,
  signIn,
}) => {
  const admin = await apiLogin(users.admin);
  const title = `Trash Test ${unique()}`;
  const gone = `Purge Test ${unique()}`;
  await createApp(admin.token, sampleApp(title));
  await createApp(admin.token, sampleApp(gone));
  await routeImages(page);

  await signIn("/apkw/apps");
  const card = (name: string) => page.getByRole("article", { name, exact: true });
  for (const name of [title, gone]) {
    await card(name)
      .getByRole("button", { name: `Delete ${name}` })
      .click();
    await page
      .getByRole("alertdialog", { name: "Are you sure you want to delete this app?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(card(name)).toHaveCount(0);
    // Dismissed, so the screenshots below show the Trash itself.
    const toast = toastWith(page, `"${name}" was removed`);
    await expect(toast.getByRole("button", { name: "Undo" })).toBeVisible();
    await toast.getByRole("button", { name: "Close toast" }).click();
    await expect(toast).toHaveCount(0);
  }

  // The Trash has its own sidebar item.
  await page.locator("#app-sidebar").getByRole("link", { name: "Trash" }).click();
  const trash = trashScreen(page);
  await expect(trash.heading).toBeVisible();
  await expect(
    trash.main.getByText("Deleted items are kept for 30 days, then deleted forever."),
  ).toBeVisible();
  await trash.filter.click();
  await expect(page.getByRole("option")).toHaveText([
    "All items",
    "Apps & Games",
    "Ads",
    "Emails",
    "Media",
    "Scheduled changes",
  ]);
  await page.getByRole("option", { name: "Apps & Games" }).click();
  await expect(page).toHaveURL(/\/apkw\/history\/trash\?resource=apps$/);
  await expect(trash.row(title).getByRole("cell").nth(2)).toHaveText("App");
  // The selection's actions show once there is one (in the shots too).
  await expect(trash.main.getByRole("button", { name: /Restore selected/ })).toHaveCount(0);
  await trash.row(title).getByRole("checkbox").check();
  await captureScreen(page, "trash", async (p) => {
    await expect(trashScreen(p).main.getByText(title)).toBeVisible();
    await expect(trashScreen(p).main.getByRole("button", { name: "Restore selected (1)" })).toBeVisible();
  });

  // Delete forever asks about the item by name.
  await trash.main.getByRole("button", { name: `Delete ${gone} forever` }).click();
  const confirm = page.getByRole("alertdialog", { name: `Delete "${gone}" forever?` });
  await expect(confirm).toContainText("It cannot be restored afterwards.");
  await confirm.getByRole("button", { name: "Delete forever" }).click();
  await expect(
    toastWith(page, "Deleted forever").filter({ hasText: "1 item deleted forever" }),
  ).toBeVisible();
  await expect(trash.row(gone)).toHaveCount(0);

  await trash
    .row(title)
    .getByRole("button", { name: `Restore ${title}` })
    .click();
  await expect(
    toastWith(page, "Restored").filter({ hasText: `"${title}" is back where it was.` }),
  ).toBeVisible();
  await expect(trash.row(title)).toHaveCount(0);

  await page.locator("#app-sidebar").getByRole("link", { name: "Apps & Games" }).click();
  await expect(card(title)).toBeVisible();
  await expect(card(gone)).toHaveCount(0);
});
