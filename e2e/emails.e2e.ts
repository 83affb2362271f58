import type { Page } from "@playwright/test";
import { apiLogin, captureScreen, expect, test, toastWith, users } from "./fixtures";
import { adminApi, subscribe } from "./support/site-data";

/** Today as the tables show it (the browser runs in UTC, like the server's timestamps). */
function todayDdMmYyyy() {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(now.getUTCDate())}/${pad(now.getUTCMonth() + 1)}/${now.getUTCFullYear()}`;
}

function emailsScreen(page: Page) {
  const main = page.getByRole("main");
  return {
    main,
    title: main.getByRole("heading", { level: 2, name: /^Email Subscriptions/ }),
    badge: main.getByRole("status").filter({ hasText: /Connected|Disconnected|Connecting/ }),
    rows: main.getByRole("table").getByRole("row"),
    row: (email: string) => main.getByRole("row").filter({ hasText: email }),
    empty: main.locator('[data-slot="empty-state"]'),
    pagination: main.getByRole("navigation", { name: "Pagination" }),
    // The card header's (an empty list offers one more in its empty state).
    refresh: main.getByRole("button", { name: "Refresh" }).first(),
  };
}

// The screen's texts, its empty state, a row's cells and the pages' buttons (1 to 5 whatever the
// page, "Page n of N") are rules of the screen: features/emails/components/emails-screen.test.tsx.

async function admin() {
  return adminApi((await apiLogin(users.admin)).token);
}

test("apkw: empty state, a public subscription appears after Refresh, copy, delete one", async ({
  page,
  signIn,
}) => {
  const api = await admin();
  await api.clearEmails("apkw");
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const screen = emailsScreen(page);

  await signIn("/apkw/emails");
  await expect(screen.badge).toHaveText("Connected");
  await expect(screen.empty).toContainText("No emails found");

  // A visitor subscribes on the public site; Refresh shows it.
  const email = "visitor.one@example.org";
  expect(await subscribe("apkw", [{ email, url: "https://blog.apkw.example/post/42?ref=footer" }])).toEqual([
    201,
  ]);
  await expect(screen.empty).toBeVisible();
  await screen.refresh.click();
  const row = screen.row(email);
  await expect(row).toBeVisible();
  await expect(screen.title).toHaveText("Email Subscriptions (1)");
  await expect(row.getByRole("cell")).toHaveText(["", email, "blog.apkw.example", todayDdMmYyyy(), ""]);

  await captureScreen(page, "apkw-emails", async (p) => {
    await expect(p.getByRole("main").getByText(email)).toBeVisible();
  });

  // Copy to the clipboard.
  await row.getByRole("button", { name: `Copy ${email}` }).click();
  await expect(
    toastWith(page, "Copied!").filter({ hasText: `Email ${email} copied to clipboard` }),
  ).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(email);
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new Error("denied"));
  });
  await row.getByRole("button", { name: `Copy ${email}` }).click();
  await expect(
    toastWith(page, "Copy failed").filter({ hasText: "Failed to copy email to clipboard" }),
  ).toBeVisible();

  // Delete one: the page's own confirmation, then the toast.
  await row.getByRole("button", { name: `Delete ${email}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this email?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: `Delete ${email}` }).click();
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/v1/apkw/emails") && r.method() === "DELETE");
  await confirm.getByRole("button", { name: "Delete" }).click();
  expect((await sent).postDataJSON()).toEqual({ ids: [expect.any(String)] });
  await expect(toastWith(page, "Email deleted successfully")).toBeVisible();
  await expect(screen.empty).toContainText("No emails found");
  await expect(screen.title).toHaveText("Email Subscriptions (0)");
});

test("sportbn: 20 a page, pagination only past one page, select-all and Delete Selected (n)", async ({
  page,
  signIn,
}) => {
  const api = await admin();
  await api.clearEmails("sportbn");
  const entries = Array.from({ length: 23 }, (_, i) => ({
    email: `fan${String(i + 1).padStart(2, "0")}@example.net`,
    url: i % 2 ? `https://www.sportbn.example/match/${i}` : `https://m.sportbn.example/live?id=${i}`,
  }));
  expect(await subscribe("sportbn", entries)).toEqual(entries.map(() => 201));
  const screen = emailsScreen(page);

  const first = page.waitForRequest((r) => r.url().includes("/api/v1/sportbn/emails?"));
  await signIn("/sportbn/emails");
  expect(new URL((await first).url()).searchParams.get("page")).toBe("1");
  await expect(screen.title).toHaveText("Email Subscriptions (23)");
  await expect(screen.rows).toHaveCount(21); // header + 20
  // The server's second page; the buttons and "Page n of N" are emails-screen.test.tsx's.
  await screen.pagination.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/sportbn\/emails\?page=2$/);
  await expect(screen.rows).toHaveCount(4);
  await screen.pagination.getByRole("button", { name: "Page 1" }).click();
  await expect(screen.rows).toHaveCount(21);

  // Select-all, untick one: Delete Selected (19) and its confirmation.
  const selectAll = screen.main.getByRole("checkbox", { name: "Select all emails" });
  await expect(screen.main.getByRole("button", { name: /Delete Selected/ })).toHaveCount(0);
  await selectAll.click();
  await expect(screen.main.getByRole("button", { name: "Delete Selected (20)" })).toBeVisible();
  const firstRow = screen.rows.nth(1);
  await firstRow.getByRole("checkbox").click();
  await expect(selectAll).toHaveAttribute("data-state", "indeterminate");
  await screen.main.getByRole("button", { name: "Delete Selected (19)" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete 19 emails?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await screen.main.getByRole("button", { name: "Delete Selected (19)" }).click();
  const sent = page.waitForRequest(
    (r) => r.url().endsWith("/api/v1/sportbn/emails") && r.method() === "DELETE",
  );
  await confirm.getByRole("button", { name: "Delete" }).click();
  expect((await sent).postDataJSON().ids).toHaveLength(19);
  await expect(toastWith(page, "Emails deleted successfully")).toBeVisible();
  await expect(screen.title).toHaveText("Email Subscriptions (4)");
  await expect(screen.rows).toHaveCount(5);
  // One page left: no pagination, no selection.
  await expect(screen.pagination).toHaveCount(0);
  await expect(screen.main.getByRole("button", { name: /Delete Selected/ })).toHaveCount(0);

  // Phones get cards instead of the table.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(screen.main.getByRole("table")).toHaveCount(0);
  const cards = screen.main.getByRole("list", { name: "Email subscriptions" }).getByRole("listitem");
  await expect(cards).toHaveCount(4);
  await expect(cards.first()).toContainText(todayDdMmYyyy());
  await expect(cards.first()).toContainText("sportbn.example");
  await cards.first().getByRole("checkbox").click();
  await expect(screen.main.getByRole("button", { name: "Delete Selected (1)" })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });

  await captureScreen(page, "sportbn-emails", async (p) => {
    await expect(emailsScreen(p).title).toHaveText("Email Subscriptions (4)");
  });
});

test("failures: Connection Error and Disconnected, then Refresh reconnects; delete failures", async ({
  page,
  signIn,
}) => {
  const api = await admin();
  await api.clearEmails("apkw");
  await subscribe("apkw", [{ email: "fail.case@example.org", url: "https://apkw.example/" }]);
  const screen = emailsScreen(page);

  await page.route("**/api/v1/apkw/emails?**", (route) => route.abort());
  await signIn("/apkw/emails");
  await expect(
    toastWith(page, "Connection Error").filter({ hasText: "Failed to connect to email API" }),
  ).toBeVisible();
  await expect(screen.badge).toHaveText("Disconnected");
  // The error state offers Try again; Refresh in the card header works too.
  const tryAgain = page.getByRole("main").getByRole("button", { name: "Try again" });
  await expect(tryAgain).toBeVisible();
  await page.unroute("**/api/v1/apkw/emails?**");
  await tryAgain.click();
  await expect(screen.badge).toHaveText("Connected");
  await screen.refresh.click();
  await expect(screen.badge).toHaveText("Connected");
  const row = screen.row("fail.case@example.org");
  await expect(row).toBeVisible();

  await page.route("**/api/v1/apkw/emails", (route) =>
    route.request().method() === "DELETE" ? route.abort() : route.fallback(),
  );
  await row.getByRole("button", { name: "Delete fail.case@example.org" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toastWith(page, "Error").filter({ hasText: "Failed to delete email" })).toBeVisible();
  await row.getByRole("checkbox").click();
  await screen.main.getByRole("button", { name: "Delete Selected (1)" }).click();
  await expect(
    page.getByRole("alertdialog", { name: "Are you sure you want to delete 1 email?" }),
  ).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(
    toastWith(page, "Error").filter({ hasText: "Failed to delete selected emails" }),
  ).toBeVisible();
  await expect(row).toBeVisible();
  await api.clearEmails("apkw");
});
