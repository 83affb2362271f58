import type { Page, Request } from "@playwright/test";
import { apiLogin, captureScreen, expect, test, toastWith, users } from "./fixtures";
import { adminApi } from "./support/site-data";

function lockerScreen(page: Page) {
  const main = page.getByRole("main");
  const summary = main.locator('[data-slot="locker-summary"]');
  return {
    main,
    seconds: main.getByLabel("Timer (seconds)"),
    enabled: main.getByRole("switch", { name: "Locker status" }),
    switchState: main.locator('[data-slot="locker-switch-state"]'),
    indicator: main.locator('[data-slot="locker-status"]'),
    summary,
    summaryValue: (name: string) => summary.locator(`[data-slot="summary-${name}"]`),
    save: main.getByRole("button", { name: "Save Settings" }),
    reset: main.getByRole("button", { name: "Reset to Defaults" }),
  };
}

function recordWrites(page: Page, site: string) {
  const writes: Request[] = [];
  page.on("request", (req) => {
    if (req.url().includes(`/api/v1/${site}/locker`) && req.method() !== "GET") writes.push(req);
  });
  return writes;
}

async function admin() {
  return adminApi((await apiLogin(users.admin)).token);
}

async function publicLocker(page: Page, site: string) {
  const res = await fetch(`${new URL(page.url()).origin}/api/v1/public/${site}/locker`);
  return ((await res.json()) as { data: unknown }).data;
}

test("sportbn: type, seconds and switch, save, reset (form only), range error at the field", async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  const api = await admin();
  await api.setLocker("sportbn", { type: "js", seconds: 30, isActive: true });
  const stored = await api.locker("sportbn");
  const writes = recordWrites(page, "sportbn");
  const screen = lockerScreen(page);

  await signIn("/sportbn/locker");
  await expect(screen.main.getByRole("heading", { level: 1, name: "Manage Locker" })).toBeVisible();
  const type = screen.main.getByRole("combobox", { name: "Locker Type" });
  await expect(type).toHaveText("JS");
  await expect(screen.seconds).toHaveValue("30");
  await expect(screen.seconds).toHaveAttribute("min", "1");
  await expect(screen.seconds).toHaveAttribute("max", "300");
  await expect(screen.main.getByText("Range: 1-300 seconds")).toBeVisible();
  await expect(screen.enabled).toBeChecked();
  await expect(screen.indicator).toHaveText("Locker is Active");
  await expect(screen.summaryValue("locker-type")).toHaveText("JS");
  await expect(screen.summaryValue("timer")).toHaveText("30 seconds");
  await expect(screen.summaryValue("status")).toHaveText("Active");

  await captureScreen(page, "sportbn-locker", async (p) => {
    await expect(lockerScreen(p).seconds).toHaveValue("30");
  });

  // Save api, 45 s, off: PUT with isActive as text; the toast and summary follow.
  await type.click();
  await page.getByRole("option", { name: "API" }).click();
  await screen.seconds.fill("45");
  await screen.enabled.click();
  await expect(screen.switchState).toHaveText("Disabled");
  const put = page.waitForRequest((r) => r.url().endsWith(`/api/v1/sportbn/locker/${stored._id}`));
  await screen.save.click();
  const sent = await put;
  expect(sent.method()).toBe("PUT");
  expect(sent.postDataJSON()).toEqual({ type: "api", seconds: 45, isActive: "false" });
  await expect(toastWith(page, "Locker deactivated with 45 seconds for locker API.")).toBeVisible();
  await expect(screen.indicator).toHaveText("Locker is Inactive");
  await expect(screen.summaryValue("locker-type")).toHaveText("API");
  await expect(screen.summaryValue("timer")).toHaveText("45 seconds");
  await expect(screen.summaryValue("status")).toHaveText("Inactive");
  expect(await publicLocker(page, "sportbn")).toEqual({ type: "api", seconds: 45, isActive: false });

  // Reset to Defaults changes the form only: 30 s, enabled, nothing sent.
  const before = writes.length;
  await screen.reset.click();
  await expect(toastWith(page, "Locker settings have been reset to default values.")).toBeVisible();
  await expect(screen.seconds).toHaveValue("30");
  await expect(screen.enabled).toBeChecked();
  await expect(type).toHaveText("API");
  await expect(screen.main.getByText("Unsaved changes")).toBeVisible();
  await expect(screen.summaryValue("timer")).toHaveText("45 seconds");
  await page.waitForTimeout(300);
  expect(writes.length).toBe(before);
  expect(await publicLocker(page, "sportbn")).toEqual({ type: "api", seconds: 45, isActive: false });

  // Out of range, 12.5 and an empty field: the range error shows at the field and nothing is sent
  // (the server's own check is covered by the API tests).
  const sentBefore = writes.length;
  for (const bad of ["301", "12.5", ""]) {
    await screen.seconds.fill(bad);
    await screen.save.click();
    await expect(screen.seconds).toHaveAttribute("aria-invalid", "true");
    await expect(screen.main.getByText("seconds must be a whole number from 1 to 300")).toBeVisible();
  }
  await page.waitForTimeout(300);
  expect(writes.length).toBe(sentBefore);
  await expect(screen.summaryValue("timer")).toHaveText("45 seconds");

  // Back to js, 30 s, on.
  await type.click();
  await page.getByRole("option", { name: "JS" }).click();
  await screen.seconds.fill("30");
  await screen.save.click();
  await expect(toastWith(page, "Locker activated with 30 seconds for locker JS.")).toBeVisible();
  await expect(screen.indicator).toHaveText("Locker is Active");
  await expect(screen.main.getByText("Unsaved changes")).toHaveCount(0);
});

test("sportbn: a failed load shows an error toast", async ({ page, signIn }) => {
  await page.route("**/api/v1/sportbn/locker", (route) => route.abort());
  await signIn("/sportbn/locker");
  await expect(toastWith(page, "Load failed")).toBeVisible();
  await page.unroute("**/api/v1/sportbn/locker");
  await page.getByRole("main").getByRole("button", { name: "Try again" }).click();
  await expect(lockerScreen(page).seconds).toBeVisible();
});

test("movies: fixed js, Enabled/Disabled switch, summary, save and reset wording", async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  const api = await admin();
  await api.setLocker("movies", { seconds: 30, isActive: true });
  const stored = await api.locker("movies");
  const screen = lockerScreen(page);

  const load = page.waitForRequest((r) => r.url().includes("/api/v1/movies/locker") && r.method() === "GET");
  await signIn("/movies/locker");
  expect(new URL((await load).url()).searchParams.get("site")).toBe("movies");
  await expect(screen.main.getByRole("heading", { level: 1, name: "Manage Locker — movies" })).toBeVisible();
  await expect(screen.main.getByRole("combobox")).toHaveCount(0);
  await expect(screen.switchState).toHaveText("Enabled");
  await expect(screen.summaryValue("site")).toHaveText("movies");
  await expect(screen.summaryValue("type")).toHaveText("JS");
  await expect(screen.summaryValue("timer-duration")).toHaveText("30 seconds");
  await expect(screen.summaryValue("status")).toHaveText("Active");
  await expect(screen.indicator).toHaveText("Locker is Active");

  await captureScreen(page, "movies-locker", async (p) => {
    await expect(lockerScreen(p).seconds).toHaveValue("30");
  });

  await screen.seconds.fill("60");
  await screen.enabled.click();
  await expect(screen.switchState).toHaveText("Disabled");
  const put = page.waitForRequest((r) => r.url().endsWith(`/api/v1/movies/locker/${stored._id}`));
  await screen.save.click();
  const sent = await put;
  expect(sent.method()).toBe("PUT");
  expect(sent.postDataJSON()).toEqual({ site: "movies", type: "js", seconds: 60, isActive: false });
  await expect(
    toastWith(page, "Locker settings (movies)").filter({ hasText: "deactivated with 60s (JS)." }),
  ).toBeVisible();
  await expect(screen.summaryValue("timer-duration")).toHaveText("60 seconds");
  await expect(screen.indicator).toHaveText("Locker is Inactive");

  await screen.reset.click();
  await expect(
    toastWith(page, "Reset to Defaults (movies)").filter({ hasText: "Reset to 30s, active (JS)." }),
  ).toBeVisible();
  await expect(screen.seconds).toHaveValue("30");
  await expect(screen.switchState).toHaveText("Enabled");
  await expect(screen.summaryValue("timer-duration")).toHaveText("60 seconds");

  await screen.seconds.fill("0");
  await screen.save.click();
  await expect(screen.seconds).toHaveAttribute("aria-invalid", "true");
  await expect(screen.main.getByText("seconds must be a whole number from 1 to 300")).toBeVisible();

  await screen.seconds.fill("30");
  await screen.save.click();
  await expect(
    toastWith(page, "Locker settings (movies)").filter({ hasText: "activated with 30s (JS)." }),
  ).toBeVisible();
  expect(await publicLocker(page, "movies")).toEqual({ type: "js", seconds: 30, isActive: true });
});

test("movies: with no record the form shows 30 s, active, and the first save POSTs", async ({
  page,
  signIn,
}) => {
  await page.route("**/api/v1/movies/locker?**", (route) =>
    route.request().method() === "GET"
      ? route.fulfill({ json: { status: "success", data: [] } })
      : route.fallback(),
  );
  const screen = lockerScreen(page);
  await signIn("/movies/locker");
  await expect(screen.seconds).toHaveValue("30");
  await expect(screen.enabled).toBeChecked();
  await expect(screen.summary).toContainText("No setting saved yet");
  const post = page.waitForRequest((r) => r.url().endsWith("/api/v1/movies/locker") && r.method() === "POST");
  await screen.save.click();
  expect((await post).postDataJSON()).toEqual({ site: "movies", type: "js", seconds: 30, isActive: true });
  await expect(
    toastWith(page, "Locker settings (movies)").filter({ hasText: "activated with 30s (JS)." }),
  ).toBeVisible();
});

test("movies: a failed load shows Load failed with the message", async ({ page, signIn }) => {
  await page.route("**/api/v1/movies/locker?**", (route) =>
    route.fulfill({ status: 503, json: { status: "error", message: "Service unavailable" } }),
  );
  await signIn("/movies/locker");
  await expect(toastWith(page, "Load failed").filter({ hasText: "Service unavailable" })).toBeVisible();
});
