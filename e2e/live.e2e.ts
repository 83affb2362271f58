import { apiLogin, captureScreen, expect, test, users } from "./fixtures";
import { baseUrl } from "./support/env";

// Live updates (docs/PRODUCT-RULES.md#live-updates): what the public intake and a second member do
// reaches an open dashboard without a reload. The stream's rules are API tests (routes/live).

const run = Date.now().toString(36);

test("a contact message and another member's new ad reach open screens without a reload", async ({
  page,
  signIn,
}) => {
  // The stream is open (its answer's head arrived) before anything happens.
  const streaming = page.waitForResponse((response) => response.url().endsWith("/api/v1/events"));
  await signIn("/movies/emails");
  expect((await streaming).status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Manage Contacts" })).toBeVisible();
  // A reload would lose this mark.
  await page.evaluate(() => ((window as unknown as { mark: string }).mark = "same page"));

  const email = `live.${run}@example.com`;
  const sent = await fetch(`${baseUrl()}/api/v1/public/movies/contacts`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "10.201.0.1" },
    body: JSON.stringify({
      email,
      firstName: "Live",
      lastName: "Visitor",
      subject: "Hello",
      message: "Live",
    }),
  });
  expect(sent.status).toBe(201);
  const main = page.getByRole("main");
  const button = main.getByRole("button", { name: "1 new message" });
  await captureScreen(page, "live-inbox", () => expect(button).toBeVisible());
  await button.click();
  await expect(main.getByRole("row").filter({ hasText: email })).toBeVisible();

  // The second member, signed in elsewhere, creates an ad while the first one looks at the list.
  await page.getByRole("link", { name: "Manage Ads" }).first().click();
  await expect(page).toHaveURL(/\/movies\/ads/);
  const second = await apiLogin(users.live);
  const auth = { authorization: `Bearer ${second.token}` };
  const { csrfToken } = (await (await fetch(`${baseUrl()}/api/v1/csrf`, { headers: auth })).json()) as {
    csrfToken: string;
  };
  const url = `https://live-${run}.example.com/`;
  const created = await fetch(`${baseUrl()}/api/v1/movies/ads`, {
    method: "POST",
    headers: { ...auth, "x-csrf-token": csrfToken, "content-type": "application/json", "xss-jfsg": "true" },
    body: JSON.stringify({ page: "home", url, isActive: true }),
  });
  expect(created.status).toBe(201);
  await expect(main.getByText(url).first()).toBeAttached();
  expect(await page.evaluate(() => (window as unknown as { mark?: string }).mark)).toBe("same page");
});
