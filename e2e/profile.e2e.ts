import {
  apiLogin,
  apiLogout,
  captureScreen,
  expect,
  loginViaUi,
  seedSession,
  storage,
  test,
  toastWith,
  tokenIsValid,
  users,
} from "./fixtures";
import { waitForOtp } from "./support/mail";

// The last two tests change the same account one after the other.
test.describe.configure({ mode: "serial" });
const account = { ...users.profile };

test("edit profile: screens, checklist and the enabling rule", async ({ page, signIn }) => {
  await signIn("/apkw/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Edit Profile" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Email Address" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Change Password" })).toBeVisible();
  await captureScreen(page, "profile", async (p) => {
    await expect(p.getByLabel("Email", { exact: true })).toHaveValue(users.admin.email);
  });

  const email = page.getByLabel("Email", { exact: true });
  const password = page.getByLabel("New Password", { exact: true });
  const confirm = page.getByLabel("Confirm New Password");
  const submit = page.getByRole("button", { name: "Update Profile" });
  const item = (label: string) => page.getByRole("listitem").filter({ hasText: label });

  // Email with an at-sign and no password: enabled.
  await expect(submit).toBeEnabled();
  await email.fill("no-at-sign");
  await expect(submit).toBeDisabled();
  await email.fill(users.admin.email);
  await expect(submit).toBeEnabled();
  // A confirmation without a new password does not match either.
  await confirm.fill("Abcdefg1");
  await expect(page.getByText("Password Mismatch")).toBeVisible();
  await expect(submit).toBeDisabled();
  await confirm.fill("");
  await expect(submit).toBeEnabled();

  for (const label of [
    "At least 8 characters",
    "Contains uppercase letter",
    "Contains lowercase letter",
    "Contains number",
  ]) {
    await expect(item(label)).toHaveAttribute("data-met", "false");
  }
  await password.fill("abc");
  await expect(item("Contains lowercase letter")).toHaveAttribute("data-met", "true");
  await expect(item("Contains uppercase letter")).toHaveAttribute("data-met", "false");
  await password.fill("Abcdefg1");
  for (const label of [
    "At least 8 characters",
    "Contains uppercase letter",
    "Contains lowercase letter",
    "Contains number",
  ]) {
    await expect(item(label)).toHaveAttribute("data-met", "true");
  }

  // Unconfirmed or mismatched: disabled, with the Password Mismatch message.
  await expect(submit).toBeDisabled();
  await confirm.fill("Abcdefg2");
  await expect(submit).toBeDisabled();
  await expect(page.getByText("Password Mismatch")).toBeVisible();
  await expect(page.getByText("New password and confirmation password don't match.")).toBeVisible();
  await confirm.fill("Abcdefg1");
  await expect(page.getByText("Password Mismatch")).toBeHidden();
  await expect(submit).toBeEnabled();

  // Too short: disabled, with the Weak Password message.
  await password.fill("Ab1");
  await confirm.fill("Ab1");
  await expect(submit).toBeDisabled();
  await expect(page.getByText("Weak Password")).toBeVisible();
  await expect(page.getByText("Password must be at least 8 characters long.")).toBeVisible();

  // Show/hide on both fields.
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).first().click();
  await expect(password).toHaveAttribute("type", "text");
  await expect(confirm).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(confirm).toHaveAttribute("type", "text");
});

test("security: this device marked, another session signed out after a confirmation naming it", async ({
  page,
}) => {
  // A second device: the test's own sign-in through the API (no browser in its user agent).
  const other = await apiLogin(account);
  // This device: signed in with the browser's user agent.
  const signedIn = await page.request.post("/api/v1/auth/login", {
    data: { email: account.email, password: account.password },
  });
  await seedSession(page, (await signedIn.json()).data);
  await page.goto("/settings/security");
  const sessions = page.getByRole("list", { name: "Sessions" });
  await expect(sessions.getByRole("listitem", { name: /^Chrome \d+ on \w+, this device$/ })).toBeVisible();
  const device = sessions.getByRole("listitem", { name: "Unknown browser on Unknown system" });
  await captureScreen(page, "security", async () => {
    await expect(device).toBeVisible();
  });
  await device.getByRole("button", { name: "Sign out Unknown browser on Unknown system" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Sign out Unknown browser on Unknown system?");
  await dialog.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(toastWith(page, "Session signed out")).toBeVisible();
  await expect(device).toHaveCount(0);
  expect(await tokenIsValid(other.token)).toBe(false);
});

test("change the password: Updating Profile..., Profile Updated, sign in with the new one", async ({
  page,
  signIn,
}) => {
  const user = { ...account };
  const newPassword = "Changed-Passw0rd!9";
  const other = await apiLogin(user);
  const session = await signIn("/sportbn/profile", user);

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/v1/auth/me/edit-profile", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel("New Password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm New Password").fill(newPassword);
  // Without the current password the form asks for it at its field and sends nothing.
  await page.getByRole("button", { name: "Update Profile" }).click();
  await expect(page.getByText("Enter your current password to change your email or password.")).toBeVisible();
  await expect(page.getByLabel("Current Password")).toBeFocused();
  await page.getByLabel("Current Password").fill(user.password);
  const request = page.waitForRequest("**/api/v1/auth/me/edit-profile");
  await page.getByRole("button", { name: "Update Profile" }).click();
  const sent = await request;
  expect(sent.method()).toBe("PUT");
  expect(sent.postDataJSON()).toEqual({
    email: user.email,
    password: newPassword,
    currentPassword: user.password,
  });
  expect(sent.headers()["x-csrf-token"]).toBeTruthy();
  expect(sent.headers().authorization).toBe(`Bearer ${session.token}`);
  await expect(page.getByRole("button", { name: "Updating Profile..." })).toBeDisabled();
  release();
  await expect(toastWith(page, "Profile Updated")).toBeVisible();
  await expect(toastWith(page, "Profile updated successfully")).toBeVisible();
  await expect(page.getByLabel("New Password", { exact: true })).toHaveValue("");

  // The current session stays; the others are revoked.
  expect(await tokenIsValid(session.token)).toBe(true);
  expect(await tokenIsValid(other.token)).toBe(false);
  await apiLogout(session.token);

  await page.evaluate(() => window.localStorage.clear());
  await loginViaUi(page, user);
  await expect(toastWith(page, "Invalid email or password")).toBeVisible();
  await loginViaUi(page, { ...user, password: newPassword });
  await expect(page).toHaveURL(/\/apkw$/);
  account.password = newPassword;
});

test("change the email: stored user, header and sign-in follow", async ({ page, signIn }) => {
  const user = { ...account };
  const newEmail = "renamed.admin@example.com";
  await signIn("/movies/profile", user);
  await page.getByLabel("Email", { exact: true }).fill(newEmail);
  // A wrong current password is refused by the server and shown at its field.
  await page.getByLabel("Current Password").fill("Not-my-passw0rd");
  await page.getByRole("button", { name: "Update Profile" }).click();
  await expect(page.getByLabel("Current Password")).toHaveAccessibleDescription(
    /Current password is incorrect/,
  );
  await page.getByLabel("Current Password").fill(user.password);
  const since = Date.now();
  await page.getByRole("button", { name: "Update Profile" }).click();
  // The new address takes effect once the code mailed to it is entered.
  await expect(page.getByLabel("Code")).toBeFocused();
  await page.getByLabel("Code").fill(await waitForOtp(newEmail, since));
  await page.getByRole("button", { name: "Confirm Email" }).click();
  await expect(toastWith(page, "Email Changed")).toBeVisible();
  await expect(page.getByRole("button", { name: `Account menu for ${newEmail}` })).toBeVisible();
  const stored = await storage(page);
  expect(JSON.parse(stored.user ?? "{}").email).toBe(newEmail);
  expect(JSON.parse(stored["user:movies"] ?? "{}").email).toBe(newEmail);

  await page.evaluate(() => window.localStorage.clear());
  await loginViaUi(page, { ...user, email: newEmail });
  await expect(page).toHaveURL(/\/apkw$/);
});
