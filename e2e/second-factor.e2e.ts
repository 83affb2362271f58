import { generate } from "otplib";
import { captureScreen, expect, test, users } from "./fixtures";

/**
 * Second factor (docs/PRODUCT-RULES.md#second-factor), for real in Chromium: a passkey made by the
 * browser's virtual authenticator (CDP WebAuthn domain) signs in alone, and TOTP is set up with a
 * code computed from the key the screen shows. Its own member, so other specs' admin keeps signing
 * in with a password only. On localhost: WebAuthn refuses an IP address as its relying party.
 */
test("a member adds a passkey, signs in with it alone, and turns on two-step verification", async ({
  page,
  baseURL,
}) => {
  const origin = baseURL!.replace("127.0.0.1", "localhost");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  const member = users.secondFactor;
  await page.goto(`${origin}/login`);
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/apkw$/);

  await page.goto(`${origin}/settings/security`);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a passkey" });
  await dialog.getByLabel("Name").fill("Work laptop");
  await dialog.getByRole("button", { name: "Add passkey" }).click();
  await expect(page.getByRole("list", { name: "Passkeys" }).getByText("Work laptop")).toBeVisible();

  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("button", { name: "Continue with a passkey" }).click();
  // Signed in by the passkey alone, back on the page that signed out.
  await expect(page).toHaveURL(/\/settings\/security$/);

  await page.getByRole("button", { name: "Set up two-step verification" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  await captureScreen(page, "security-two-step-setup", async () => {});
  await page.getByLabel("6-digit code").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("list", { name: "Your recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByText("10 recovery codes left.", { exact: false })).toBeVisible();
});
