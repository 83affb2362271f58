import { startProvider, type TestProvider } from "@backoffice/server/oidc-test-provider";
import type { Browser } from "@playwright/test";
import { generate } from "otplib";
import { apiLogin, captureScreen, expect, seedSession, storage, test, users } from "./fixtures";
import { call } from "./support/apps";
import { baseUrl } from "./support/env";
import { mailText, waitForMail } from "./support/mail";

/**
 * Single sign-on (docs/SSO.md) for real in Chromium: an Owner adds a provider on the Team screen (a
 * real oidc-provider on 127.0.0.1, port 0), then a fresh browser signs in with its button, through
 * the provider and back to the dashboard, then signs out there too. The same journey sets group rules,
 * an allowed domain and "Sign in with SSO only" on the card, and fresh browsers accept an invitation,
 * join by domain, and are refused or let in (a break-glass Owner) by password. These are team-wide
 * rules, so this file runs alone after the others (playwright.config.ts); the provider and the rule
 * are removed at the end.
 */
let provider: TestProvider;
test.afterAll(async () => provider?.close());

const SSO_ONLY = "This team signs in with single sign-on only. Use the single sign-on button.";

/** An Owner made through an invitation, with TOTP on: their password and TOTP secret. */
async function breakGlassOwner(token: string, email: string) {
  const since = Date.now();
  await call(token, "POST", "/team/invitations", { email, level: "owner", sites: null });
  const link = mailText((await waitForMail(email, since)).raw).match(/\/invitation\/([A-Za-z0-9_-]{43})/)!;
  const password = "Glass-Passw0rd!1";
  const accepted = await fetch(`${baseUrl()}/api/v1/team/invitations/${link[1]}/accept`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password }),
  });
  const own = ((await accepted.json()) as { data: { token: string } }).data.token;
  const { secret } = (await call(own, "POST", "/auth/totp/setup"))!.data as { secret: string };
  // The previous 30-second step's code, so that the sign-in's code below is a later, unused one.
  await call(own, "POST", "/auth/totp/confirm", {
    code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 }),
  });
  return { email, password, secret };
}

/** A fresh browser (no session at the provider either) on the sign-in screen, signing in as `accountId`. */
async function ssoVisitor(browser: Browser, baseURL: string, accountId: string) {
  const context = await browser.newContext();
  const visitor = await context.newPage();
  provider.next = { accountId };
  await visitor.goto(`${baseURL}/login`);
  await visitor.getByRole("link", { name: "Sign in with E2E ID" }).click();
  await expect(visitor).toHaveURL(/\/apkw$/);
  const { user } = await storage(visitor);
  await context.close();
  return JSON.parse(user ?? "{}").email as string;
}

test("an Owner adds a provider; a member signs in with it, lands in the dashboard and signs out at the provider too", async ({
  page,
  browser,
  baseURL,
}) => {
  // One journey instead of several page loads: four browsers, two sets of screenshots.
  test.slow();
  provider = await startProvider(`${baseURL}/api/v1/auth/oidc/callback`);
  provider.accounts.set("e2e-admin", { email: users.admin.email.toUpperCase(), email_verified: true });
  provider.accounts.set("invitee", { email: "sso.invitee@example.com", email_verified: true });
  provider.accounts.set("joiner", { email: "new.joiner@partner.example", email_verified: true });
  provider.next = { accountId: "e2e-admin" };

  const admin = await apiLogin(users.admin);
  // Made before the Team screen loads, so that it lists them among the Owners.
  const glass = await breakGlassOwner(admin.token, "glass.owner@example.com");
  await call(admin.token, "POST", "/team/invitations", {
    email: "sso.invitee@example.com",
    level: "editor",
    sites: ["apkw"],
  });
  await seedSession(page, admin);
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

    // Group rules: the provider's groups to a level and sites, and the source-of-truth switch.
    await listed.getByRole("button", { name: "Group rules of E2E ID" }).click();
    const rules = page.getByRole("dialog", { name: "Group rules of E2E ID" });
    await rules.getByRole("button", { name: "Add rule" }).click();
    await rules.getByLabel("Group", { exact: true }).fill("backoffice-editors");
    await rules.getByRole("switch", { name: "The provider is the source of truth" }).click();
    await captureScreen(page, "team-sso-group-rules", async (p) => {
      await expect(p.getByRole("dialog", { name: "Group rules of E2E ID" })).toBeVisible();
    });
    await rules.getByRole("button", { name: "Save group rules" }).click();
    await expect(listed.getByText("1 group rule, source of truth")).toBeVisible();

    // An allowed domain, then the invitee and a person of that domain sign in for the first time.
    await page.getByRole("button", { name: "Add domain" }).click();
    const domain = page.getByRole("dialog", { name: "Add domain" });
    await domain.getByLabel("Domain").fill("partner.example");
    await domain.getByRole("button", { name: "Add domain" }).click();
    await expect(page.getByRole("listitem").filter({ hasText: "partner.example" })).toBeVisible();
    expect(await ssoVisitor(browser, baseURL!, "invitee")).toBe("sso.invitee@example.com");
    expect(await ssoVisitor(browser, baseURL!, "joiner")).toBe("new.joiner@partner.example");

    // Sign in with SSO only: a member's password is refused; a break-glass Owner's passes with a code.
    await page.getByRole("checkbox", { name: glass.email }).click();
    await expect(page.getByRole("checkbox", { name: glass.email })).toBeChecked();
    await page.getByRole("switch", { name: "Sign in with SSO only" }).click();
    await expect(page.getByRole("switch", { name: "Sign in with SSO only" })).toBeChecked();
    await visitor.getByLabel("Email").fill(users.viewer.email);
    await visitor.getByLabel("Password", { exact: true }).fill(users.viewer.password);
    await visitor.getByRole("button", { name: "Sign In" }).click();
    await expect(visitor.getByText(SSO_ONLY)).toBeVisible();
    await visitor.getByLabel("Email").fill(glass.email);
    await visitor.getByLabel("Password", { exact: true }).fill(glass.password);
    await visitor.getByRole("button", { name: "Sign In" }).click();
    await visitor.getByLabel("Authentication code").fill(await generate({ secret: glass.secret }));
    await visitor.getByRole("button", { name: "Verify" }).click();
    await expect(visitor).toHaveURL(/\/apkw$/);
    expect(JSON.parse((await storage(visitor)).user ?? "{}").email).toBe(glass.email);
  } finally {
    await fresh.close();
    await call(admin.token, "PUT", "/team/sso", { ssoOnly: false, breakGlass: [], domains: [] });
    await listed.getByRole("button", { name: "Remove E2E ID" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(listed).toHaveCount(0);
  }
});
