import type { MovieItem } from "@backoffice/contracts";
import type { Page, Route } from "@playwright/test";
import { captureScreen, expect, expectAccessible, test, toastWith } from "./fixtures";

// The content service starts empty in this run (no demo data); these tests import their own titles,
// in order, and the list-only rules run on a list answered by the browser itself.
test.describe.configure({ mode: "serial" });

const CATALOG = "**/api/v1/movies/catalog**";

/** A catalogue item as the content service answers it; `age` in hours sets the id's time. */
function item(n: number, extra: Partial<MovieItem> = {}): MovieItem {
  const seconds = Math.floor(Date.UTC(2026, 0, 1) / 1000) + n * 3600;
  return {
    _id: `${seconds.toString(16).padStart(8, "0")}${n.toString(16).padStart(16, "0")}`,
    title: `Title ${String(n).padStart(2, "0")}`,
    overview: `Overview ${n}`,
    type: n % 3 === 0 ? "tv" : "movie",
    status: n % 5 === 0 ? null : "Released",
    featured: false,
    featuredStartsAt: null,
    featuredEndsAt: null,
    lockerSelected: false,
    poster_path: null,
    vote_average: n % 4 === 0 ? null : 7.5,
    releaseDate: n % 7 === 0 ? null : "2020-05-01",
    genres: [{ name: "Drama" }, { name: "Crime" }, { name: "Thriller" }],
    tmdbId: 9000 + n,
    createdAt: new Date(seconds * 1000).toISOString(),
    updatedAt: new Date(seconds * 1000).toISOString(),
    ...extra,
  };
}

const rows = (page: Page) => page.getByRole("list", { name: "Titles" }).locator('[data-slot="movie-row"]');
const row = (page: Page, title: string) =>
  rows(page).filter({ has: page.getByRole("heading", { name: title }) });

test("Import: trending sorted by rating, a numeric id, a text search, then the titles are in the list", async ({
  page,
  signIn,
}) => {
  await signIn("/movies/import");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Trending Movies" })).toBeVisible();
  const cards = main.getByRole("list", { name: "Trending Movies" }).locator('[data-slot="tmdb-card"]');
  await expect(cards.first()).toBeVisible();
  // Sorted by vote average, highest first.
  const ratings = (await cards.locator("p").allInnerTexts()).map((text) =>
    Number(/(\d+\.\d)/.exec(text)?.[1]),
  );
  expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  await captureScreen(page, "movies-import", async (p) => {
    await expect(p.getByRole("main").getByRole("heading", { name: "Trending Movies" })).toBeVisible();
  });

  // Import from trending: the button shows on hover (and on keyboard focus).
  const first = cards.first();
  const firstTitle = (await first.getAttribute("aria-label"))!;
  await first.hover();
  await first.getByRole("button", { name: `Import ${firstTitle}` }).click();
  await expect(toastWith(page, `Imported: ${firstTitle}`)).toBeVisible();
  await expect(first.getByText("In catalogue")).toBeVisible();

  // A numeric search fetches by id, after the 500 ms pause.
  const search = main.getByRole("searchbox", { name: "Search the movie database" });
  await search.fill("603");
  await expect(
    main.getByText("Loading results…").or(main.getByRole("heading", { name: "Results for “603”" })),
  ).toBeVisible();
  const matrix = main.locator('[data-slot="tmdb-card"]').filter({ hasText: "The Matrix" });
  await expect(matrix).toHaveCount(1);
  await expect(matrix).toContainText("31/03/1999");
  await matrix.getByRole("button", { name: "Import The Matrix" }).focus();
  await expect(matrix.getByRole("button", { name: "Import The Matrix" })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(toastWith(page, "Imported: The Matrix")).toBeVisible();

  // TV shows by name; nothing found; the clear button.
  await main.getByRole("button", { name: "TV Shows" }).click();
  await search.fill("breaking");
  const show = main.locator('[data-slot="tmdb-card"]').filter({ hasText: "Breaking Bad" });
  await show.hover();
  await show.getByRole("button", { name: "Import Breaking Bad" }).click();
  await expect(toastWith(page, "Imported: Breaking Bad")).toBeVisible();
  await search.fill("zzzzqqq");
  await expect(main.getByText("No results found.")).toBeVisible();
  await main.getByRole("button", { name: "Clear search" }).click();
  await expect(main.getByRole("heading", { name: "Trending TV Shows" })).toBeVisible();
  await expectAccessible(page, "import, TV shows");

  await page.getByRole("link", { name: "Movies & TV List" }).click();
  await expect(row(page, "The Matrix")).toBeVisible();
  await expect(row(page, "Breaking Bad")).toBeVisible();
  await expect(row(page, firstTitle)).toBeVisible();
  await expect(page.getByText(/Total: 3 · Movies: 2 · TV: 1/)).toBeVisible();
});

test("Quick Add needs an id, imports and reloads the list, and refuses a title already imported", async ({
  page,
  signIn,
}) => {
  await signIn("/movies/list");
  const main = page.getByRole("main");
  await expect(row(page, "The Matrix")).toBeVisible();
  const opener = main.getByRole("button", { name: "Quick Add" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Quick Add" });
  await expect(dialog.getByLabel("TMDB ID")).toHaveAttribute("placeholder", "e.g. 603");
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(dialog.getByText("TMDB ID required")).toBeVisible();
  await expectAccessible(page, "quick add");
  await dialog.getByLabel("TMDB ID").fill("27205");
  await dialog.getByRole("checkbox", { name: "Featured" }).check();
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(toastWith(page, "✅ Imported!")).toContainText("Imported: Inception");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(row(page, "Inception")).toContainText("Featured");

  await opener.click();
  await dialog.getByLabel("TMDB ID").fill("603");
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(toastWith(page, "Import failed: Already imported: The Matrix")).toBeVisible();
  await expect(dialog).toBeVisible();
});

test("Edit with poster preview, feature and locker toggles, bulk locker with progress, deletes with confirmations", async ({
  page,
  signIn,
}) => {
  await signIn("/movies/list");
  const main = page.getByRole("main");
  const matrix = row(page, "The Matrix");
  await expect(matrix).toBeVisible();

  // Edit: a movie-database path previews through the API's image path, a full URL as given.
  await matrix.getByRole("button", { name: "Edit The Matrix" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Movie" });
  const poster = dialog.getByLabel("Poster URL");
  await poster.fill("/f89U3ADr1oiB1s9GkdPOEpXUk5H.jpg");
  await expect(dialog.getByRole("img", { name: "Poster preview" })).toHaveAttribute(
    "src",
    "/api/v1/tmdb/images/w185/f89U3ADr1oiB1s9GkdPOEpXUk5H.jpg",
  );
  await poster.fill("http://127.0.0.1:1/poster.png");
  await expect(dialog.locator('[data-slot="image-fallback"]')).toBeVisible();
  await dialog.getByLabel("Rating").fill("11");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Rating must be a number from 0 to 10")).toBeVisible();
  await dialog.getByLabel("Rating").fill("9.1");
  await dialog.getByLabel("Title *").fill("The Matrix (1999)");
  await expectAccessible(page, "edit dialog");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  const edited = row(page, "The Matrix (1999)");
  await expect(edited).toContainText("9.1");

  // Row toggles.
  await edited.getByRole("button", { name: "Feature" }).click();
  await expect(edited.getByText("Featured")).toBeVisible();
  await edited.getByRole("button", { name: "Locker On" }).click();
  await expect(edited.getByText("Locker", { exact: true })).toBeVisible();
  await expect(edited.getByRole("button", { name: "Locker Off" })).toBeVisible();

  // Bulk actions need a selection: Delete Selected is disabled at 0, the locker says so.
  await expect(main.getByRole("button", { name: "Delete Selected (0)" })).toBeDisabled();
  await main.getByRole("button", { name: "Set Locker" }).click();
  await expect(toastWith(page, "Select items first")).toBeVisible();

  // Bulk locker: one call per item, with progress, and a summary of the one that failed.
  await main.getByRole("checkbox", { name: "Select All" }).check();
  await expect(main.getByRole("button", { name: "Delete Selected (4)" })).toBeVisible();
  let calls = 0;
  await page.route("**/api/v1/movies/catalog/*/locker", async (route) => {
    calls += 1;
    await new Promise((resolve) => setTimeout(resolve, 400));
    if (
      route
        .request()
        .url()
        .includes(await idOf(edited))
    ) {
      return route.fulfill({ status: 404, json: { status: "fail", message: "Title not found" } });
    }
    return route.continue();
  });
  await main.getByRole("button", { name: "Clear Locker" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Clear locker for 4 items?" });
  await confirm.getByRole("button", { name: "Clear Locker" }).click();
  await expect(main.getByText(/Clearing locker: \d of 4/)).toBeVisible();
  await expect(toastWith(page, "Bulk locker failed: Title not found")).toContainText(
    "1 of 4 items were not updated: The Matrix (1999).",
  );
  expect(calls).toBe(4);
  await page.unroute("**/api/v1/movies/catalog/*/locker");
  await main.getByRole("button", { name: "Set Locker" }).click();
  await page
    .getByRole("alertdialog", { name: "Set locker for 4 items?" })
    .getByRole("button", { name: "Set Locker" })
    .click();
  await expect(toastWith(page, "Locker set")).toBeVisible();
  await expect(rows(page).filter({ hasText: "Locker Off" })).toHaveCount(4);

  // The selection survives a reload, for titles still listed.
  await page.reload();
  await expect(main.getByRole("button", { name: "Delete Selected (4)" })).toBeVisible();
  await main.getByRole("checkbox", { name: "Select All" }).uncheck();

  // Single delete names the title; Cancel keeps it.
  await edited.getByRole("button", { name: "Delete The Matrix (1999)" }).click();
  const single = page.getByRole("alertdialog", { name: "Delete this item?" });
  await expect(single).toContainText("The Matrix (1999)");
  await single.getByRole("button", { name: "Cancel" }).click();
  await expect(edited).toBeVisible();

  // Bulk delete of two, with the count in the question.
  await row(page, "Inception").getByRole("checkbox").check();
  await row(page, "Breaking Bad").getByRole("checkbox").check();
  await main.getByRole("button", { name: "Delete Selected (2)" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete 2 items?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(toastWith(page, "Items deleted")).toBeVisible();
  await expect(row(page, "Inception")).toHaveCount(0);
  await expect(page.getByText(/Total: 2 · Movies: 2 · TV: 0/)).toBeVisible();
});

async function idOf(locator: ReturnType<typeof row>): Promise<string> {
  // The row's checkbox id is "movie-{_id}".
  const id = await locator.getByRole("checkbox").getAttribute("id");
  return id!.replace(/^movie-/, "");
}

test("Filters, search and Newest go to the content service and the URL; 12 a page, a page dropdown on phones", async ({
  page,
  signIn,
}) => {
  const all = Array.from({ length: 30 }, (_, i) => item(i + 1));
  const asked: URL[] = [];
  await page.route(CATALOG, async (route: Route) => {
    const url = new URL(route.request().url());
    asked.push(url);
    const type = url.searchParams.get("type");
    const search = url.searchParams.get("search")?.toLowerCase();
    const answer = all
      .filter((i) => !type || i.type === type)
      .filter((i) => !search || i.title.toLowerCase().includes(search));
    await route.fulfill({ json: [...answer].reverse() });
  });
  await signIn("/movies/list");
  const main = page.getByRole("main");
  await expect(page.getByText(/Total: 30 · Movies: 20 · TV: 10/)).toBeVisible();
  // A to Z by title; the row shows draft, dashes and two genres.
  await expect(rows(page)).toHaveCount(12);
  await expect(rows(page).first()).toContainText("Title 01");
  await expect(row(page, "Title 05")).toContainText("draft");
  await expect(row(page, "Title 04")).toContainText("-");
  await expect(row(page, "Title 01")).toContainText("Drama • Crime");
  await expect(row(page, "Title 01")).not.toContainText("Thriller");
  await expect(row(page, "Title 01")).toContainText("No image");

  await main.getByRole("button", { name: "Page 3" }).click();
  await expect(page).toHaveURL(/page=3/);
  await expect(rows(page)).toHaveCount(6);
  // Newest first sorts on the id's time and goes back to page 1.
  await main.getByRole("switch", { name: "Newest" }).click();
  await expect(page).toHaveURL(/sort=newest/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(rows(page).first()).toContainText("Title 30");

  // The type filter and the search are sent to the content service.
  await main.getByRole("button", { name: "TV Shows", exact: true }).click();
  await expect(page).toHaveURL(/type=tv/);
  await expect(rows(page)).toHaveCount(10);
  await expect.poll(() => asked.at(-1)?.searchParams.get("type")).toBe("tv");
  // Searched as typed, once typing pauses.
  await main.getByRole("searchbox", { name: "Search titles" }).fill("title 2");
  await expect(rows(page)).toHaveCount(3);
  // The rows can show the filtered catalogue already loaded before the request for it is sent.
  await expect.poll(() => asked.at(-1)?.searchParams.get("search")).toBe("title 2");
  await main.getByRole("button", { name: "Clear search" }).click();
  await expect(rows(page)).toHaveCount(10);
  await captureScreen(page, "movies-list", async (p) => {
    await expect(rows(p).first()).toBeVisible();
  });

  // Phones: the filter is a dropdown, and so is the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await main.getByRole("combobox", { name: "Show" }).click();
  await page.getByRole("option", { name: "All" }).click();
  await expect(page).not.toHaveURL(/type=/);
  const pages = main.getByRole("combobox", { name: "Page" });
  await expect(pages).toHaveText("1 / 3");
  await pages.click();
  await page.getByRole("option", { name: "2 / 3" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows(page).first()).toContainText("Title 18");
  await expectAccessible(page, "movies list on a phone");
});

test("A catalogue that cannot load offers Try again; an empty one offers Quick Add and Import", async ({
  page,
  signIn,
}) => {
  let fail = true;
  await page.route(CATALOG, (route) =>
    fail
      ? route.fulfill({
          status: 502,
          json: { status: "error", message: "The content service is unavailable" },
        })
      : route.fulfill({ json: [] }),
  );
  await signIn("/movies/list");
  const main = page.getByRole("main");
  await expect(main.getByText("The content service is unavailable")).toBeVisible();
  fail = false;
  await main.getByRole("button", { name: "Try again" }).click();
  await expect(main.getByText("No items yet")).toBeVisible();
  await expect(main.getByRole("link", { name: "Import Movies & TV" })).toBeVisible();
  await expect(main.getByRole("button", { name: "Quick Add" })).toHaveCount(2);
});
