import type { Locator, Page } from "@playwright/test";
import { type AuthSession, apiLogin, captureScreen, expect, test, toastWith, users } from "./fixtures";
import {
  BROKEN_IMAGES,
  clearApps,
  createApp,
  DEVICES,
  IMAGES,
  listApps,
  routeImages,
  sampleApp,
} from "./support/apps";
import { screenshotsDir } from "./support/env";

// The tests share the one apkw catalogue: each starts from an empty one, one after the other.
test.describe.configure({ mode: "serial", timeout: 120_000 });

// Every rule of the form with its message, marked fields and focus, the empty catalogue, titles
// shortened on desktop and a 400 answer's messages at their fields are rules of the screen:
// features/apps/components/app-dialog.test.tsx (and apps-screen.test.tsx for search and filters).
const MESSAGES = {
  required: "Please fill all the fields because is required except it, key and toggles",
};

let admin: AuthSession;
test.beforeEach(async ({ page }) => {
  admin ??= await apiLogin(users.admin);
  await clearApps(admin.token);
  await routeImages(page);
});

const card = (page: Page, title: string) => page.getByRole("article", { name: title, exact: true });
const count = (page: Page) => page.locator('[data-slot="apps-count"]');
const dialog = (page: Page, name: "Add New App" | "Edit App") => page.getByRole("dialog", { name });
const confirmDialog = (page: Page) => page.getByRole("alertdialog");

async function chooseCategory(page: Page, scope: Page | Locator, trigger: string, option: string) {
  await scope.getByRole("combobox", { name: trigger }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("cards show every element; broken images fall back", async ({ page, signIn }) => {
  await createApp(
    admin.token,
    sampleApp("Photo Editor Pro", { type: "Photography", developer: "Pixel Labs" }),
  );
  await createApp(
    admin.token,
    sampleApp("Galaxy Racer", {
      category: "games",
      type: "Racing",
      developer: "Nebula Games",
      trending: true,
      rating: 8.7,
      size: "1.2 GB",
      download: "10M+",
    }),
  );
  await createApp(
    admin.token,
    sampleApp("Chess", {
      category: "games",
      type: "Board",
      developer: "Kings & Co",
      icon_app: `${BROKEN_IMAGES}/chess-icon.png`,
      bg_app: `${BROKEN_IMAGES}/chess-bg.png`,
      rating: 9,
    }),
  );
  await signIn("/apkw/apps");
  await expect(page.getByRole("heading", { level: 1, name: "Apps & Games" })).toBeVisible();
  await expect(count(page)).toHaveText("3 items found");

  const racer = card(page, "Galaxy Racer");
  await expect(racer.locator('[data-slot="app-type"]')).toHaveText("Racing");
  await expect(racer.locator('[data-slot="app-developer"]')).toHaveText("Nebula Games");
  await expect(racer.locator('[data-slot="trending-badge"]')).toHaveText("Trending");
  await expect(racer.locator('[data-slot="category-badge"]')).toHaveText("Game");
  await expect(racer.locator('[data-slot="app-rating"]')).toHaveText("8.7");
  await expect(racer.locator('[data-slot="app-size"]')).toHaveText("1.2 GB");
  await expect(racer.locator('[data-slot="app-downloads"]')).toHaveText("10M+");
  await expect(racer.getByRole("button", { name: "Edit Galaxy Racer" })).toBeVisible();
  await expect(racer.getByRole("button", { name: "Delete Galaxy Racer" })).toBeVisible();

  const editor = card(page, "Photo Editor Pro");
  await expect(editor.locator('[data-slot="category-badge"]')).toHaveText("App");
  await expect(editor.locator('[data-slot="trending-badge"]')).toHaveCount(0);

  // Working pictures load; failing ones show the placeholder instead.
  const icon = racer.getByRole("img", { name: "Galaxy Racer icon" });
  await expect(icon).toHaveJSProperty("complete", true);
  expect(await icon.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const chess = card(page, "Chess");
  await expect(chess.locator('[data-slot="image-fallback"]')).toHaveCount(2);
  await expect(chess.getByRole("img", { name: "Chess icon" })).toHaveAttribute("data-slot", "image-fallback");
  await expect(racer.locator('[data-slot="image-fallback"]')).toHaveCount(0);

  await captureScreen(page, "apkw-apps", async (p) => {
    await expect(card(p, "Galaxy Racer")).toBeVisible();
    await expect(card(p, "Galaxy Racer").getByRole("img", { name: "Galaxy Racer icon" })).toHaveJSProperty(
      "complete",
      true,
    );
  });
});

test("category filter through the server, search, empty state and Clear Filters", async ({
  page,
  signIn,
}) => {
  await createApp(admin.token, sampleApp("Photo Editor Pro", { developer: "Pixel Labs" }));
  await createApp(admin.token, sampleApp("Galaxy Racer", { category: "games", developer: "Nebula Games" }));
  await createApp(admin.token, sampleApp("Puzzle Land", { category: "games", type: "Puzzle" }));
  await signIn("/apkw/apps");
  await expect(count(page)).toHaveText("3 items found");

  const search = page.getByRole("searchbox", { name: "Search apps" });
  // The category asks the server for that category.
  const games = page.waitForRequest((r) => r.url().includes("/api/v1/apkw/apps?category=games"));
  await chooseCategory(page, page, "Filter by category", "Games");
  await games;
  await expect(count(page)).toHaveText("2 items found");
  await expect(card(page, "Photo Editor Pro")).toHaveCount(0);
  await expect(card(page, "Galaxy Racer")).toBeVisible();
  await chooseCategory(page, page, "Filter by category", "Apps");
  await expect(count(page)).toHaveText("1 item found");
  await expect(card(page, "Photo Editor Pro")).toBeVisible();

  // Nothing matches: the empty state and its Clear Filters button.
  await search.fill("no such thing");
  await expect(count(page)).toHaveText("0 items found");
  const empty = page.locator('[data-slot="empty-state"]');
  await expect(empty.getByText("No apps found", { exact: true })).toBeVisible();
  await captureScreen(page, "apkw-apps-empty", async (p) => {
    await expect(p.getByText("No apps found", { exact: true })).toBeVisible();
  });
  await empty.getByRole("button", { name: "Clear Filters" }).click();
  await expect(search).toHaveValue("");
  await expect(page.getByRole("combobox", { name: "Filter by category" })).toHaveText("All categories");
  await expect(count(page)).toHaveText("3 items found");
  await expect(page.getByRole("article")).toHaveCount(3);
});

test("create through the dialog: the error state's screenshot, the payload, the toast, the new card", async ({
  page,
  signIn,
}) => {
  await signIn("/apkw/apps");
  await page.getByRole("button", { name: "Add App" }).first().click();
  const form = dialog(page, "Add New App");
  await expect(form).toBeVisible();
  const submit = form.getByRole("button", { name: "Create App" });
  const field = (label: string) => form.getByLabel(label, { exact: true });

  // Submitted empty: the form's error state, for axe and the screenshots (each rule and its message
  // is features/apps/components/app-dialog.test.tsx's).
  await submit.click();
  await expect(form.getByRole("alert")).toHaveText(MESSAGES.required);
  await captureScreen(page, "apkw-apps-dialog-errors", async (p) => {
    await expect(p.getByRole("dialog").getByRole("alert")).toBeVisible();
  });

  await field("Title *").fill("Sky Notes Deluxe");
  await field("Type *").fill("Productivity");
  await field("Developer *").fill("Cloud Nine");
  await chooseCategory(page, form, "Category *", "Apps");
  await field("Description *").fill("Notes that float.");
  await field("Icon URL *").fill(`${IMAGES}/sky-icon.svg`);
  await field("Background URL *").fill(`${IMAGES}/sky-bg.svg`);
  await field("Rating *").fill("4.6");
  await field("Size *").fill("12 MB");
  await field("Downloads *").fill("500K+");
  await field("Supported device 1 URL *").fill(`${DEVICES}/android`);
  await field("Supported device 2 URL *").fill(`${DEVICES}/ios`);
  await field("It").fill("locker-7");
  await field("Key").fill("k-123");

  // All good: the wire payload, the success toast, the new card.
  await form.getByRole("switch", { name: "Trending" }).click();
  await form.getByRole("switch", { name: "Is First" }).click();
  const request = page.waitForRequest((r) => r.url().endsWith("/api/v1/apkw/apps") && r.method() === "POST");
  await submit.click();
  const sent = await request;
  expect(sent.headers()["x-csrf-token"]).toBeTruthy();
  expect(sent.postDataJSON()).toEqual({
    title: "Sky Notes Deluxe",
    type: "Productivity",
    icon_app: `${IMAGES}/sky-icon.svg`,
    bg_app: `${IMAGES}/sky-bg.svg`,
    content: "Notes that float.",
    rating: 4.6,
    size: "12 MB",
    download: "500K+",
    developer: "Cloud Nine",
    category: "apps",
    trending: "true",
    slider: "false",
    isFirst: "true",
    "supportedDevices[]": [`${DEVICES}/android`, `${DEVICES}/ios`],
    it: "locker-7",
    key: "k-123",
    trendingStartsAt: null,
    trendingEndsAt: null,
    sliderStartsAt: null,
    sliderEndsAt: null,
  });
  await expect(toastWith(page, "App created successfully")).toBeVisible();
  await expect(form).toBeHidden();
  const created = card(page, "Sky Notes Deluxe");
  await expect(created).toBeVisible();
  await expect(created.locator('[data-slot="trending-badge"]')).toBeVisible();
  await expect(created.locator('[data-slot="app-rating"]')).toHaveText("4.6");
  await expect(count(page)).toHaveText("1 item found");
  const [stored] = await listApps(admin.token);
  expect(stored).toMatchObject({
    title: "Sky Notes Deluxe",
    trending: true,
    slider: false,
    isFirst: true,
    supportedDevices: [`${DEVICES}/android`, `${DEVICES}/ios`],
    it: "locker-7",
    key: "k-123",
  });
});

test("the dialog at 390 px: usable and accessible", async ({ page, signIn }) => {
  await signIn("/apkw/apps");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Add App" }).first().click();
  const form = dialog(page, "Add New App");
  await expect(form).toBeVisible();
  await captureScreen(page, "apkw-apps-dialog", async (p) => {
    await expect(p.getByRole("dialog", { name: "Add New App" })).toBeVisible();
  });
  // The whole form at once, for looking at.
  await page.setViewportSize({ width: 1280, height: 1800 });
  await page.screenshot({ path: `${screenshotsDir}/apkw-apps-dialog-full-1280.png`, animations: "disabled" });

  // Tab moves through the fields in order; Escape closes the dialog.
  await form.getByLabel("Title *", { exact: true }).focus();
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Type *", { exact: true })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(form).toBeHidden();
});

test("edit: the dialog is filled in, PUT sends the whole app, the card follows", async ({ page, signIn }) => {
  const app = await createApp(
    admin.token,
    sampleApp("Galaxy Racer", { category: "games", slider: true, it: "lock-1", key: "key-1" }),
  );
  await signIn("/apkw/apps");
  await card(page, "Galaxy Racer").getByRole("button", { name: "Edit Galaxy Racer" }).click();
  const form = dialog(page, "Edit App");
  await expect(form).toBeVisible();
  const field = (label: string) => form.getByLabel(label, { exact: true });
  await expect(field("Title *")).toHaveValue("Galaxy Racer");
  await expect(field("Rating *")).toHaveValue("4.5");
  await expect(form.getByRole("combobox", { name: "Category *" })).toHaveText("Games");
  await expect(form.getByRole("switch", { name: "Show in Slider" })).toBeChecked();
  await expect(form.getByRole("switch", { name: "Trending" })).not.toBeChecked();
  await expect(field("Supported device 1 URL *")).toHaveValue(`${DEVICES}/android`);
  await expect(field("It")).toHaveValue("lock-1");
  await expect(field("Key")).toHaveValue("key-1");
  await field("Developer *").fill("Nebula Games");
  await field("Title *").fill("Galaxy Racer 2");
  await field("Rating *").fill("9.1");
  await form.getByRole("switch", { name: "Trending" }).click();
  const request = page.waitForRequest((r) => r.url().includes(`/api/v1/apkw/apps/${app._id}`));
  await form.getByRole("button", { name: "Update App" }).click();
  const sent = await request;
  expect(sent.method()).toBe("PUT");
  expect(sent.postDataJSON()).toMatchObject({
    title: "Galaxy Racer 2",
    developer: "Nebula Games",
    rating: 9.1,
    category: "games",
    trending: "true",
    slider: "true",
    "supportedDevices[]": [`${DEVICES}/android`, `${DEVICES}/ios`],
    it: "lock-1",
    key: "key-1",
  });
  await expect(toastWith(page, "App updated successfully")).toBeVisible();
  await expect(form).toBeHidden();
  const updated = card(page, "Galaxy Racer 2");
  await expect(updated.locator('[data-slot="app-rating"]')).toHaveText("9.1");
  await expect(updated.locator('[data-slot="trending-badge"]')).toBeVisible();
  await expect(updated.locator('[data-slot="app-developer"]')).toHaveText("Nebula Games");
});

test("select all, deselect all, delete one and delete selected with confirmation", async ({
  page,
  signIn,
}) => {
  for (const title of ["Alpha App", "Beta App", "Gamma App", "Delta App"])
    await createApp(admin.token, sampleApp(title));
  await signIn("/apkw/apps");
  await expect(count(page)).toHaveText("4 items found");
  const deleteSelected = page.getByRole("button", { name: /^Delete Selected/ });
  await expect(deleteSelected).toHaveText("Delete Selected (0)");
  await expect(deleteSelected).toBeDisabled();

  await page.getByRole("button", { name: "Select All", exact: true }).click();
  for (const box of await page.getByRole("checkbox", { name: /^Select / }).all())
    await expect(box).toBeChecked();
  await expect(deleteSelected).toHaveText("Delete Selected (4)");
  await page.getByRole("button", { name: "Deselect All", exact: true }).click();
  await expect(deleteSelected).toHaveText("Delete Selected (0)");
  await expect(page.getByRole("checkbox", { name: "Select Alpha App" })).not.toBeChecked();

  // One card's Delete: "this app"; Cancel keeps it.
  await card(page, "Delta App").getByRole("button", { name: "Delete Delta App" }).click();
  await expect(confirmDialog(page)).toContainText("Are you sure you want to delete this app?");
  await confirmDialog(page).getByRole("button", { name: "Cancel" }).click();
  await expect(card(page, "Delta App")).toBeVisible();
  await card(page, "Delta App").getByRole("button", { name: "Delete Delta App" }).click();
  await confirmDialog(page).getByRole("button", { name: "Delete" }).click();
  await expect(toastWith(page, "App deleted successfully")).toContainText(
    '"Delta App" was removed from the catalogue.',
  );
  await expect(card(page, "Delta App")).toHaveCount(0);
  await expect(count(page)).toHaveText("3 items found");

  // Two selected: "these apps"; Cancel keeps them.
  await page.getByRole("checkbox", { name: "Select Alpha App" }).check();
  await page.getByRole("checkbox", { name: "Select Beta App" }).check();
  await expect(deleteSelected).toHaveText("Delete Selected (2)");
  await deleteSelected.click();
  await expect(confirmDialog(page)).toContainText("Are you sure you want to delete these apps?");
  await confirmDialog(page).getByRole("button", { name: "Cancel" }).click();
  await expect(card(page, "Alpha App")).toBeVisible();

  const request = page.waitForRequest(
    (r) => r.url().endsWith("/api/v1/apkw/apps") && r.method() === "DELETE",
  );
  await deleteSelected.click();
  await confirmDialog(page).getByRole("button", { name: "Delete 2 apps" }).click();
  const ids = (await request).postDataJSON().ids as string[];
  expect(ids).toHaveLength(2);
  await expect(toastWith(page, "Apps deleted successfully")).toContainText(
    "2 apps were removed from the catalogue.",
  );
  await expect(card(page, "Alpha App")).toHaveCount(0);
  await expect(card(page, "Beta App")).toHaveCount(0);
  await expect(card(page, "Gamma App")).toBeVisible();
  await expect(deleteSelected).toHaveText("Delete Selected (0)");
  expect((await listApps(admin.token)).map((app) => app.title)).toEqual(["Gamma App"]);

  // One selected through the bulk button still asks about "this app".
  await page.getByRole("checkbox", { name: "Select Gamma App" }).check();
  await deleteSelected.click();
  await expect(confirmDialog(page)).toContainText("Are you sure you want to delete this app?");
  await confirmDialog(page).getByRole("button", { name: "Cancel" }).click();
});

test("a selection hidden by a filter is never deleted", async ({ page, signIn }) => {
  await createApp(admin.token, sampleApp("Photo Editor Pro"));
  await createApp(admin.token, sampleApp("Galaxy Racer", { category: "games" }));
  await signIn("/apkw/apps");
  await page.getByRole("button", { name: "Select All", exact: true }).click();
  await page.getByRole("searchbox", { name: "Search apps" }).fill("galaxy");
  const deleteSelected = page.getByRole("button", { name: /^Delete Selected/ });
  await expect(deleteSelected).toHaveText("Delete Selected (1)");
  const request = page.waitForRequest(
    (r) => r.url().endsWith("/api/v1/apkw/apps") && r.method() === "DELETE",
  );
  await deleteSelected.click();
  await confirmDialog(page).getByRole("button", { name: "Delete" }).click();
  expect((await request).postDataJSON().ids).toHaveLength(1);
  await expect(toastWith(page, "App deleted successfully")).toBeVisible();
  expect((await listApps(admin.token)).map((app) => app.title)).toEqual(["Photo Editor Pro"]);
});

test("failures show the fixed toasts", async ({ page, signIn }) => {
  await createApp(admin.token, sampleApp("Alpha App"));
  await createApp(admin.token, sampleApp("Beta App"));

  // Loading fails: toast and an error panel with a way to retry.
  let failReads = true;
  await page.route("**/api/v1/apkw/apps", (route) =>
    failReads && route.request().method() === "GET"
      ? route.fulfill({ status: 500, json: { status: "error", message: "Database unavailable" } })
      : route.fallback(),
  );
  await signIn("/apkw/apps");
  await expect(toastWith(page, "Failed to fetch apps")).toBeVisible();
  await expect(toastWith(page, "Database unavailable")).toBeVisible();
  await expect(page.getByRole("main").getByText("Failed to fetch apps")).toBeVisible();
  // The error state does not claim an empty catalogue.
  await expect(page.getByRole("main").getByText("0 items found")).toHaveCount(0);
  failReads = false;
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(count(page)).toHaveText("2 items found");

  // Writes fail.
  await page.route("**/api/v1/apkw/apps**", (route) =>
    route.request().method() === "GET"
      ? route.fallback()
      : route.fulfill({ status: 500, json: { status: "error", message: "Something went wrong" } }),
  );
  await card(page, "Alpha App").getByRole("button", { name: "Edit Alpha App" }).click();
  await dialog(page, "Edit App").getByRole("button", { name: "Update App" }).click();
  await expect(toastWith(page, "Failed to save app")).toBeVisible();
  await expect(dialog(page, "Edit App")).toBeVisible();
  await page.keyboard.press("Escape");

  await card(page, "Alpha App").getByRole("button", { name: "Delete Alpha App" }).click();
  await confirmDialog(page).getByRole("button", { name: "Delete" }).click();
  await expect(toastWith(page, "Failed to delete app")).toBeVisible();
  await expect(card(page, "Alpha App")).toBeVisible();

  await page.getByRole("button", { name: "Select All", exact: true }).click();
  await page.getByRole("button", { name: /^Delete Selected/ }).click();
  await confirmDialog(page).getByRole("button", { name: "Delete 2 apps" }).click();
  await expect(toastWith(page, "Failed to delete selected apps")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(2);
});
