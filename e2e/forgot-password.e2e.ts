import { apiLogin, captureScreen, expect, loginViaUi, test, toastWith, users } from "./fixtures";

test("validation of each step and the screens at both widths", async ({ page, mail }) => {
  const user = users.reset;
  await page.goto("/forgot-password");
  await expect(page.getByRole("heading", { name: "Forgot Password" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to login" })).toHaveAttribute("href", "/login");
  await captureScreen(page, "forgot-password-email", async (p) => {
    await expect(p.getByRole("button", { name: "Send OTP Code" })).toBeVisible();
  });

  await page.getByRole("button", { name: "Send OTP Code" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter your email address");

  const since = Date.now();
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send OTP Code" }).click();
  await expect(toastWith(page, "OTP code has been sent to your email")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Verify OTP" })).toBeVisible();
  await expect(page.getByText(`6-digit code to ${user.email}`)).toBeVisible();
  const otpInput = page.getByLabel("OTP Code");
  await expect(otpInput).toHaveAttribute("maxlength", "6");
  await captureScreen(page, "forgot-password-otp", async (p) => {
    await expect(p.getByRole("button", { name: "Verify OTP" })).toBeVisible();
  });

  await page.getByRole("button", { name: "Verify OTP" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter the OTP code");

  const code = await mail.waitForOtp(user.email, since);
  const wrong = code === "000000" ? "111111" : "000000";
  await otpInput.fill(wrong);
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await expect(toastWith(page, "Invalid OTP code")).toBeVisible();
  await expect(page.getByText("Invalid OTP", { exact: true })).toBeVisible();

  await otpInput.fill(`${code}9`);
  await expect(otpInput).toHaveValue(code);
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await expect(toastWith(page, "OTP verified successfully")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
  await captureScreen(page, "forgot-password-reset", async (p) => {
    await expect(p.getByRole("button", { name: "Reset Password" })).toBeVisible();
  });

  const submit = page.getByRole("button", { name: "Reset Password" });
  await submit.click();
  await expect(page.getByRole("alert")).toHaveText("Please fill in all fields");
  await page.getByLabel("New Password", { exact: true }).fill("Abcdefgh1");
  await page.getByLabel("Confirm Password", { exact: true }).fill("Abcdefgh2");
  await submit.click();
  await expect(page.getByRole("alert")).toHaveText("Passwords do not match");
  await page.getByLabel("New Password", { exact: true }).fill("Abc1");
  await page.getByLabel("Confirm Password", { exact: true }).fill("Abc1");
  await submit.click();
  await expect(page.getByRole("alert")).toHaveText("Password must be at least 8 characters long");
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("reset with the code from the mail, then sign in with the new password", async ({ page, mail }) => {
  const user = users.reset;
  const newPassword = "Brand-New-Passw0rd!";
  await page.goto("/forgot-password");
  const since = Date.now();
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send OTP Code" }).click();
  await expect(page.getByRole("heading", { name: "Verify OTP" })).toBeVisible();
  const code = await mail.waitForOtp(user.email, since);

  // The client sends the email with the code, which the server binds to it.
  const verify = page.waitForRequest("**/api/v1/auth/verify-otp");
  await page.getByLabel("OTP Code").fill(code);
  await page.getByRole("button", { name: "Verify OTP" }).click();
  expect((await verify).postDataJSON()).toEqual({ email: user.email, otp: code });

  await page.getByLabel("New Password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm Password", { exact: true }).fill(newPassword);
  const reset = page.waitForRequest("**/api/v1/auth/forgot-password");
  await page.getByRole("button", { name: "Reset Password" }).click();
  expect((await reset).postDataJSON()).toEqual({ email: user.email, otp: code, password: newPassword });
  await expect(toastWith(page, "Password reset successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await loginViaUi(page, user);
  await expect(toastWith(page, "Invalid email or password")).toBeVisible();
  await loginViaUi(page, { ...user, password: newPassword });
  await expect(page).toHaveURL(/\/apkw$/);
  await expect(apiLogin({ ...user, password: newPassword })).resolves.toBeTruthy();
});

test("an unknown address gets the same answer", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill("nobody-here@example.com");
  await page.getByRole("button", { name: "Send OTP Code" }).click();
  await expect(toastWith(page, "OTP code has been sent to your email")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Verify OTP" })).toBeVisible();
});
