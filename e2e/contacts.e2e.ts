import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { captureScreen, expect, expectAccessible, test, toastWith } from "./fixtures";
import { baseUrl } from "./support/env";
import { mailText, waitForMail } from "./support/mail";

test.describe.configure({ mode: "serial" });

const run = Date.now().toString(36);
let address = 0;
/** A visitor's message through the public intake, as the movies site sends it. */
async function sendMessage(fields: Record<string, string>) {
  const response = await fetch(`${baseUrl()}/api/v1/public/movies/contacts`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `10.200.${run.length}.${++address}` },
    body: JSON.stringify(fields),
  });
  if (response.status !== 201) throw new Error(`contact intake: ${response.status} ${await response.text()}`);
}

const inbox = (page: Page) => {
  const main = page.getByRole("main");
  return {
    main,
    row: (email: string) => main.getByRole("row").filter({ hasText: email }),
    badge: main.getByRole("status").filter({ hasText: /Connected|Disconnected|Connecting/ }),
  };
};

test("Manage Contacts: details, copy, single and bulk delete with their confirmations", async ({
  page,
  signIn,
}) => {
  const ada = `ada.${run}@example.com`;
  const alan = `alan.${run}@example.com`;
  const grace = `grace.${run}@example.com`;
  await sendMessage({
    email: ada,
    firstName: "Ada",
    lastName: "Lovelace",
    subject: "Broken player",
    message: "The player stops after ten minutes.\nOn every browser.",
    page: "https://movies.example/info/dune",
  });
  await sendMessage({
    email: alan,
    firstName: "Alan",
    lastName: "Turing",
    subject: "Subtitles",
    message: "French please",
  });
  await sendMessage({
    email: grace,
    subject: "Thanks",
    message: "Great site",
    page: "https://movies.example/",
  });
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);

  await signIn("/movies/emails");
  const { main, row, badge } = inbox(page);
  await expect(main.getByRole("heading", { level: 1, name: "Manage Contacts" })).toBeVisible();
  await expect(badge).toHaveText("Connected");
  await expect(row(ada)).toContainText("movies.example");
  await expect(row(alan)).toContainText("-");
  await captureScreen(page, "movies-contacts", async (p) => {
    await expect(p.getByRole("main").getByText(ada)).toBeVisible();
  });

  // Message Details from the row's button; Copy Email; focus back on the opener.
  const opener = row(ada).getByRole("button", { name: `View message from ${ada}` });
  await opener.click();
  const details = page.getByRole("dialog", { name: "Message Details" });
  await expect(details).toContainText("Ada Lovelace");
  await expect(details).toContainText("Broken player");
  await expect(details).toContainText("https://movies.example/info/dune");
  await expect(details).toContainText("On every browser.");
  await expectAccessible(page, "message details");
  await details.getByRole("button", { name: "Copy Email" }).click();
  await expect(toastWith(page, "Copied!").filter({ hasText: "1 email copied to clipboard" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ada);
  await details.getByRole("button", { name: "Close" }).first().click();
  await expect(details).toBeHidden();
  await expect(opener).toBeFocused();

  // Copy Selected needs a selection; Copy All copies every address shown.
  await main.getByRole("button", { name: "Copy Selected" }).click();
  await expect(
    toastWith(page, "Nothing selected").filter({ hasText: "Select at least one row." }),
  ).toBeVisible();
  await row(alan).getByRole("checkbox").check();
  await row(grace).getByRole("checkbox").check();
  await main.getByRole("button", { name: "Copy Selected" }).click();
  expect((await page.evaluate(() => navigator.clipboard.readText())).split("\n").sort()).toEqual(
    [alan, grace].sort(),
  );
  await main.getByRole("button", { name: "Copy All" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(ada);

  // Single delete names the message; bulk delete counts them.
  await row(ada)
    .getByRole("button", { name: `Delete ${ada}` })
    .click();
  const one = page.getByRole("alertdialog", { name: "Delete this message?" });
  await expect(one).toContainText(ada);
  await one.getByRole("button", { name: "Delete" }).click();
  await expect(toastWith(page, "Message deleted")).toBeVisible();
  await expect(row(ada)).toHaveCount(0);
  await main.getByRole("button", { name: "Delete Selected (2)" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete 2 selected messages?" })
    .getByRole("button", { name: "Delete" })
    .click();
  // Anchored: the single delete's toast, maybe still shown, says "Messages deleted successfully" too.
  await expect(toastWith(page, /^Messages deleted/)).toBeVisible();
  await expect(row(alan)).toHaveCount(0);
  await expect(row(grace)).toHaveCount(0);
});

test("Export CSV: the whole inbox, then the selection, as files with progress and a toast", async ({
  page,
  signIn,
}) => {
  const first = `first.${run}@example.com`;
  const second = `second.${run}@example.com`;
  await sendMessage({
    email: first,
    firstName: "=cmd",
    subject: 'Quote "this", please',
    message: "One\nTwo",
  });
  await sendMessage({ email: second, firstName: "Bo", message: "Hello" });
  await signIn("/movies/emails");
  const { main, row } = inbox(page);
  await expect(row(second)).toBeVisible();

  const whole = page.waitForEvent("download");
  await main.getByRole("button", { name: "Export CSV" }).click();
  const file = await whole;
  expect(file.suggestedFilename()).toMatch(/^movies-contacts-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await file.path(), "utf8");
  expect(text.split("\r\n")[0]).toBe("Email,First name,Last name,Subject,Message,Page,Received at");
  expect(text).toContain(`${first},'=cmd,,"Quote ""this"", please","One\nTwo"`);
  expect(text).toContain(`${second},Bo,`);
  await expect(
    toastWith(page, "Export ready").filter({ hasText: /messages saved to movies-contacts-/ }),
  ).toBeVisible();

  await row(second).getByRole("checkbox").check();
  const selected = page.waitForEvent("download");
  await main.getByRole("button", { name: "Export Selected (1)" }).click();
  const lines = readFileSync(await (await selected).path(), "utf8")
    .split("\r\n")
    .filter(Boolean);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^${second.replaceAll(".", "\\.")},Bo,`));
  await expect(toastWith(page, "Export ready").filter({ hasText: "1 message saved to" })).toBeVisible();
});

test("Falls back to /emails when /contacts answers 404, and deletes there", async ({ page, signIn }) => {
  const deletes: string[] = [];
  await page.route("**/api/v1/movies/contacts**", (route) =>
    route.fulfill({ status: 404, json: { status: "fail", message: "Route not found" } }),
  );
  await page.route("**/api/v1/movies/emails**", async (route) => {
    if (route.request().method() === "DELETE") {
      deletes.push(route.request().postData() ?? "");
      return route.fulfill({ json: { status: "success", message: "Emails deleted successfully" } });
    }
    return route.fulfill({
      json: {
        status: "success",
        data: [
          {
            _id: "65a1b2c3d4e5f60718293a4b",
            email: "old@example.com",
            url: "https://movies.example/x",
            createdAt: "2026-01-02T10:00:00.000Z",
          },
        ],
        pagination: { page: 1, numberOfPages: 1 },
        result: 1,
      },
    });
  });
  await signIn("/movies/emails");
  const { main, row, badge } = inbox(page);
  await expect(row("old@example.com")).toContainText("02/01/2026");
  await expect(badge).toHaveText("Connected");
  await row("old@example.com").getByRole("button", { name: "Delete old@example.com" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete this message?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(toastWith(page, "Message deleted")).toContainText(
    "The message from old@example.com was removed.",
  );
  expect(deletes).toEqual([JSON.stringify({ ids: ["65a1b2c3d4e5f60718293a4b"] })]);
  await expect(main.getByText("Manage Contacts")).toBeVisible();
});

test("With neither endpoint, says so and shows Disconnected with Try again", async ({ page, signIn }) => {
  await page.route(/\/api\/v1\/movies\/(contacts|emails)/, (route) =>
    route.fulfill({ status: 404, json: { status: "fail", message: "Not found" } }),
  );
  await signIn("/movies/emails");
  const { main, badge } = inbox(page);
  await expect(badge).toHaveText("Disconnected");
  await expect(toastWith(page, "Connection Error")).toContainText("No working endpoint for contacts/emails.");
  await expect(main.getByRole("button", { name: "Try again" })).toBeVisible();
});

test("Reply: an unread message found by search, answered through SMTP, kept with it and in History", async ({
  page,
  signIn,
}) => {
  const asker = `asker.${run}@example.com`;
  await sendMessage({
    email: asker,
    firstName: "Joan",
    subject: "Wrong poster",
    message: "The poster is upside down.",
  });
  await signIn(`/movies/emails?q=${encodeURIComponent(asker)}`);
  const { main, row } = inbox(page);
  await expect(main.getByRole("searchbox", { name: "Search messages" })).toHaveValue(asker);
  await expect(row(asker)).toContainText("Unread:");
  await captureScreen(page, "movies-contacts-search", async (p) => {
    await expect(p.getByRole("main").getByText(asker)).toBeVisible();
  });

  await row(asker)
    .getByRole("button", { name: `View message from ${asker}` })
    .click();
  const details = page.getByRole("dialog", { name: "Message Details" });
  await details.getByRole("button", { name: "Reply" }).click();
  const reply = page.getByRole("dialog", { name: "Reply to message" });
  await expect(reply.getByLabel("Subject")).toHaveValue("Re: Wrong poster");
  await expect(reply.getByLabel("Message")).toHaveValue(/wrote:\n> The poster is upside down\.\n\n$/);
  // The message has the focus, the caret after the quote: typing writes the reply there.
  await expect(reply.getByLabel("Message")).toBeFocused();
  await expectAccessible(page, "reply dialog");
  await captureScreen(page, "movies-contacts-reply", async (p) => {
    await expect(p.getByRole("dialog", { name: "Reply to message" })).toBeVisible();
  });
  await page.keyboard.type("Fixed now, thank you!");
  await expect(reply.getByLabel("Message")).toHaveValue(/upside down\.\n\nFixed now, thank you!$/);
  await expect(reply.getByLabel("Subject")).toHaveValue("Re: Wrong poster");
  const since = Date.now();
  await reply.getByRole("button", { name: "Send Reply" }).click();
  await expect(toastWith(page, "Reply sent")).toBeVisible();
  const mail = await waitForMail(asker, since);
  expect(mail.raw).toMatch(/^Subject: Re: Wrong poster/m);
  expect(mailText(mail.raw)).toContain("Fixed now, thank you!");
  await expect(details.getByRole("region", { name: "Replies" })).toContainText("Fixed now, thank you!");
  await expect(details.getByRole("button", { name: "Reply" })).toBeFocused();
  await captureScreen(page, "movies-contacts-answered", async (p) => {
    await expect(p.getByRole("dialog", { name: "Message Details" })).toBeVisible();
  });
  await details.getByRole("button", { name: "Close" }).first().click();
  // Opened, so read; replied, so answered.
  await expect(row(asker)).toContainText("Answered");
  await expect(row(asker)).not.toContainText("Unread:");

  await page.goto("/movies/history?resource=replies");
  await expect(page.getByRole("main")).toContainText("Re: Wrong poster");
});
