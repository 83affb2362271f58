import { captureScreen, expect, test, toastWith } from "./fixtures";
import { mailText } from "./support/mail";

// The Team screen and an invitation (docs/PRODUCT-RULES.md#team-screen-and-invitations): the Owner
// invites from the account menu, the mail arrives over SMTP, the invitee sets a password and sees
// only the site given.

test("team: an Owner invites an Editor of SportBN, who sets a password and sees only SportBN", async ({
  page,
  browser,
  signIn,
  mail,
}) => {
  const email = `invitee-${Date.now()}@example.com`;
  await signIn("/sportbn/matches");
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Team" }).click();
  await expect(page).toHaveURL(/\/settings\/team$/);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();

  const since = Date.now();
  await main.getByRole("button", { name: "Invite member" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite member" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("checkbox", { name: "All sites (also ones added later)" }).click();
  await dialog.getByRole("checkbox", { name: "SportBN" }).click();
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(toastWith(page, `An invitation was sent to ${email}.`)).toBeVisible();
  const row = main.getByRole("row").filter({ has: page.getByRole("rowheader", { name: email }) });
  await expect(row.getByText("Invited")).toBeVisible();
  await captureScreen(page, "team", async (p) => {
    await expect(p.getByRole("main").getByRole("rowheader", { name: email })).toBeVisible();
  });

  // The link from the mail, opened by the invitee in a browser of their own.
  const text = mailText((await mail.waitForMail(email, since)).raw);
  const link = text.match(/https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]{43}/)?.[0];
  expect(link, text).toBeTruthy();
  const invitee = await browser.newPage();
  await invitee.goto(link!);
  await expect(invitee.getByText(`Choose a password for ${email}.`)).toBeVisible();
  await invitee.getByLabel("Password", { exact: true }).fill("Invitee-pass-1");
  await invitee.getByLabel("Confirm Password").fill("Invitee-pass-1");
  await invitee.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(invitee).toHaveURL(/\/sportbn(\/|$)/);
  await invitee.getByTestId("site-switcher").click();
  await expect(invitee.getByRole("option")).toHaveText(["SportBN"]);
  await invitee.keyboard.press("Escape");

  // The link worked once: opened again, it says so on a page of its own.
  await invitee.goto(link!);
  await expect(
    invitee.getByRole("heading", { level: 1, name: "This invitation was already used" }),
  ).toBeVisible();
  await invitee.close();

  await page.reload();
  await expect(row.getByText("Active")).toBeVisible();
});
