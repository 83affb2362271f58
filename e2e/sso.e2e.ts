import { startProvider, type TestProvider } from "@backoffice/server/oidc-test-provider";
import { apiLogin, captureScreen, expect, seedSession, storage, test, users } from "./fixtures";

/**
 * Single sign-on (docs/SSO.md) for real in Chromium: an Owner adds a provider on the Team screen (a
 * real oidc-provider on 127.0.0.1, port 0), then a fresh browser signs in with its button, through
 * the provider and back to the dashboard, then signs out there too. The provider is removed at the end, so other journeys'
 * sign-in screen is the password form alone.
 */
let provider: TestProvider;
test.afterAll(async () => provider?.close());

test("an Owner adds a provider; a member signs in with it, lands in the dashboard and signs out at the provider too", async ({
  page,
  browser,
  baseURL,
}) => {
  provider = await startProvider(`${baseURL}/api/v1/auth/oidc/callback`);
  provider.accounts.set("e2e-admin", { email: users.admin.email.toUpperCase(), email_verified: true });
  provider.next = { accountId: "e2e-admin" };

  await seedSession(page, await apiLogin(users.admin));
  await page.goto("/settings/team");
  await page.getByRole("button", { name: "Add provider" }).click();
  const dialog = page.getByRole("dialog", { name: "Add provider" });
  await dialog.getByLabel("Button label").fill("E2E ID");
  await dialog.getByLabel("Issuer URL").fill(provider.issuer);
  await dialog.getByLabel("Client ID").fill(provider.clientId);
  await dialog.getByLabel("Client secret").fill(provider.clientSecret);
  await dialog.getByRole("button", { name: "Save provider" }).click();
  const listed = page.getByRole("listitem").filter({ hasText: "E2E ID" });
  await expect(listed).toBeVisible();
  await captureScreen(page, "team-sso", async (p) => {
    await expect(p.getByText("Single sign-on", { exact: true })).toBeVisible();
  });

  const fresh = await browser.newContext();
  const visitor = await fresh.newPage();
  try {
    await visitor.goto(`${baseURL}/login`);
    const button = visitor.getByRole("link", { name: "Sign in with E2E ID" });
    await expect(button).toBeVisible();
    await captureScreen(visitor, "login-sso", async (p) => {
      await expect(p.getByRole("link", { name: "Sign in with E2E ID" })).toBeVisible();
    });
    await button.click();
    await expect(visitor).toHaveURL(/\/apkw$/);
    expect((await storage(visitor)).token).toBeTruthy();
    // Neither the one-time code nor a token stayed in the address.
    expect(visitor.url()).not.toContain("ssoCode");
    // Signing out also signs out at the provider (RP-initiated logout), which sends the browser back.
    await visitor.getByRole("button", { name: /Account menu/ }).click();
    await visitor.getByRole("menuitem", { name: "Logout" }).click();
    await expect(visitor).toHaveURL(new RegExp(`^${provider.issuer}/session/end`));
    await visitor.getByRole("button", { name: "Yes, sign me out" }).click();
    await expect(visitor).toHaveURL(/\/login$/);
    expect((await storage(visitor)).token).toBeUndefined();
  } finally {
    await fresh.close();
    await listed.getByRole("button", { name: "Remove E2E ID" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(listed).toHaveCount(0);
  }
});
