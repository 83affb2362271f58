import { apiLogin, captureScreen, expect, expectAccessible, test, toastWith, users } from "./fixtures";
import { adminApi } from "./support/site-data";

const logo = (name: string) => `https://media.example/${name}.png`;
const seed = (home: string, away: string, extra: Record<string, unknown> = {}) => ({
  league_name: "Premier League",
  league_logo: logo("pl"),
  homeTeam_name: home,
  homeTeam_logo: logo(home),
  awayTeam_name: away,
  awayTeam_logo: logo(away),
  date: "2026-12-20",
  time: "20:00",
  end_time: "23:59",
  isFirst: "false",
  matchUrl: "https://sportbn.example",
  ...extra,
});

test.describe.configure({ mode: "serial" });

// Team names shortened under 992 px (10 characters on Manage Matches, 15 on Fetch
// Matches), the dialog's required message and the fetch filters are rules of the screens:
// features/matches/components/matches-screen.test.tsx.

test("Manage Matches: summary, filters in the URL, create, edit with the league rules, bulk delete", async ({
  page,
  signIn,
}) => {
  const api = adminApi((await apiLogin(users.admin)).token);
  await api.matches.clear();
  await api.matches.create(
    seed("Arsenal", "Chelsea", { status: "live", homeTeam_score: 1, awayTeam_score: 0 }),
  );
  await api.matches.create(
    seed("Boston Celtics", "New York Knicks", { type: "basketball", league_name: "NBA" }),
  );
  await api.matches.create(
    seed("Bruins", "Maple Leafs", { type: "hockey", league_name: "NHL", status: "finished" }),
  );

  await signIn("/sportbn/matches");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Manage Matches" })).toBeVisible();
  await expect(main.getByText("3 matches found")).toBeVisible();
  const summary = (label: string) => main.locator('[data-slot="summary-item"]').filter({ hasText: label });
  await expect(summary("Live")).toContainText("1");
  await expect(summary("Finished")).toContainText("1");
  await expect(summary("Leagues")).toContainText("3");
  await expect(summary("Sports")).toContainText("3");
  await captureScreen(page, "sportbn-matches", async (p) => {
    await expect(p.getByRole("main").getByText("3 matches found")).toBeVisible();
  });

  // Filters live in the URL and survive a reload.
  await main.getByRole("combobox", { name: "Sport" }).click();
  await page.getByRole("option", { name: "Basketball" }).click();
  await expect(page).toHaveURL(/sport=basketball/);
  await expect(main.getByText("1 match found")).toBeVisible();
  await page.reload();
  await expect(main.getByText("1 match found")).toBeVisible();
  await main.getByLabel("Search matches").fill("zzz");
  await expect(main.getByText("No matches found")).toBeVisible();
  await main.getByRole("button", { name: "Clear filters" }).click();
  await expect(main.getByText("3 matches found")).toBeVisible();

  // Create: the sport change clears the league; a predefined league fills its logo.
  await main.getByRole("button", { name: "Add Match" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Match" });
  await dialog.getByRole("combobox", { name: "League *" }).click();
  await page.getByRole("option", { name: "La Liga" }).click();
  await expect(dialog.getByLabel("League logo URL *")).toHaveValue(
    /\/api\/v1\/assets\/leagues\/la-liga\.svg$/,
  );
  await dialog.getByRole("combobox", { name: "Sport *" }).click();
  await page.getByRole("option", { name: "Tennis" }).click();
  await expect(dialog.getByLabel("League logo URL *")).toHaveValue("");
  await dialog.getByRole("combobox", { name: "League *" }).click();
  await page.getByRole("option", { name: "Other league…" }).click();
  await dialog.getByLabel("Custom league name").fill("Davis Cup");
  await dialog.getByLabel("League logo URL *").fill(logo("davis"));
  await dialog.getByLabel("Home team *").fill("Carlos Alcaraz");
  await dialog.getByLabel("Home team logo URL *").fill(logo("alcaraz"));
  await dialog.getByLabel("Away team *").fill("Jannik Sinner");
  await dialog.getByLabel("Away team logo URL *").fill(logo("sinner"));
  // Days and times are typed as shown: dd/mm/yyyy and the 24-hour clock.
  await dialog.getByLabel("Date *").fill("21/12/2026");
  await dialog.getByLabel("Time *", { exact: true }).fill("14:00");
  await dialog.getByRole("button", { name: "Create Match" }).click();
  await expect(toastWith(page, "Match created successfully")).toBeVisible();
  const tennis = main.getByRole("article", { name: "Carlos Alcaraz vs Jannik Sinner" });
  await expect(tennis).toContainText("Davis Cup");
  await expect(tennis).toContainText("21/12/2026 · 14:00 UTC");
  await expect(main.getByText("4 matches found")).toBeVisible();

  // Edit.
  await tennis.getByRole("button", { name: "Edit Carlos Alcaraz vs Jannik Sinner" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Match" });
  await expect(edit.getByLabel("Custom league name")).toHaveValue("Davis Cup");
  await edit.getByLabel("Home score").fill("2");
  await edit.getByRole("button", { name: "Update Match" }).click();
  await expect(toastWith(page, "Match updated successfully")).toBeVisible();
  await expect(tennis).toContainText("2");

  // Bulk delete with its confirmation.
  await main.getByLabel("Select Arsenal vs Chelsea").check();
  await main.getByLabel("Select Bruins vs Maple Leafs").check();
  await main.getByRole("button", { name: "Delete Selected (2)" }).click();
  const ask = page.getByRole("alertdialog", { name: "Are you sure you want to delete these matches?" });
  await ask.getByRole("button", { name: "Delete" }).click();
  await expect(toastWith(page, "2 matches deleted")).toBeVisible();
  await expect(main.getByText("2 matches found")).toBeVisible();
  await expectAccessible(page, "Manage Matches");
});

test("Other Servers: add a server to a match and delete it with its confirmation", async ({
  page,
  signIn,
}) => {
  const api = adminApi((await apiLogin(users.admin)).token);
  await api.matches.create(seed("Servers United", "Stream City", { date: "2026-12-23", status: "live" }));
  await signIn("/sportbn/servers");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Other Servers" })).toBeVisible();
  await expect(main.getByText("Manage additional servers for match streaming.")).toBeVisible();
  const card = main.getByRole("article", { name: "Servers United vs Stream City" });
  await expect(card.getByText("Existing Servers")).toBeVisible();

  await card.getByRole("button", { name: "New Server for Servers United vs Stream City" }).click();
  const dialog = page.getByRole("dialog", { name: "New Server" });
  await expect(dialog.getByLabel("Stream URL")).toHaveAttribute("type", "url");
  await dialog.getByRole("button", { name: "Save Server" }).click();
  await expect(dialog.getByText("Please fill in all fields").first()).toBeVisible();
  await dialog.getByLabel("Server Name").fill("HD Server");
  await dialog.getByLabel("Stream URL").fill("ftp://stream.example/hd");
  await dialog.getByRole("button", { name: "Save Server" }).click();
  // The server's "url must be an http(s) URL" (code invalid_url), said at the field for people,
  // and in no toast.
  await expect(dialog.getByText("Enter a web address starting with http:// or https://")).toBeVisible();
  await expect(toastWith(page, "Error")).toHaveCount(0);
  await dialog.getByLabel("Stream URL").fill("https://stream.example/hd");
  await dialog.getByRole("button", { name: "Save Server" }).click();
  await expect(toastWith(page, "Success").filter({ hasText: "Server created successfully" })).toBeVisible();
  await expect(card.getByText("https://stream.example/hd")).toBeVisible();
  await captureScreen(page, "sportbn-servers", async (p) => {
    await expect(p.getByRole("main").getByRole("heading", { name: "Other Servers" })).toBeVisible();
  });

  // The same servers, with Delete and New Server, in the match's Edit dialog.
  await page.goto("/sportbn/matches");
  await main.getByRole("button", { name: "Edit Servers United vs Stream City" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Match" });
  const inDialog = edit.getByRole("region", { name: "Servers of Servers United vs Stream City" });
  await expect(inDialog).toContainText("https://stream.example/hd");
  await captureScreen(page, "sportbn-match-dialog-servers", async (p) => {
    const servers = p
      .getByRole("dialog", { name: "Edit Match" })
      .getByRole("region", { name: /^Servers of/ });
    await servers.scrollIntoViewIfNeeded();
    await expect(servers.getByText("Existing Servers")).toBeInViewport();
  });
  await page.keyboard.press("Escape");
  await expect(edit).toBeHidden();
  await page.goto("/sportbn/servers");

  await card.getByRole("button", { name: "Delete server HD Server" }).click();
  const ask = page.getByRole("alertdialog", { name: "Are you sure you want to delete this server?" });
  await expect(ask).toContainText("HD Server");
  await ask.getByRole("button", { name: "Delete" }).click();
  await expect(toastWith(page, "Success").filter({ hasText: "Server deleted successfully" })).toBeVisible();
  await expect(card.getByText("No servers yet.")).toBeVisible();
  await expectAccessible(page, "Other Servers");
});

// Fetch Matches shares the stored matches with the tests above, so it runs in the same serial file.
test("Fetch Matches: four sports from the feed, filters, Clear Filters, accept and find it in Manage Matches", async ({
  page,
  signIn,
}) => {
  await signIn("/sportbn/fetch-matches");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Fetch Matches" })).toBeVisible();
  const sports = main.locator('[data-slot="feed-sport"]');
  await expect(sports).toHaveCount(4);
  // A visit asks the feed nothing: today's fixtures come with Refresh (or the feed sync).
  await expect(main.getByText("Today's fixtures have not been fetched yet.")).toBeVisible();
  await main.locator('[data-slot="page-actions"]').getByRole("button", { name: "Refresh fixtures" }).click();
  for (const state of await sports.all()) await expect(state).toHaveAttribute("data-state", "done");
  await expect(main.locator('[data-slot="fixtures-age"]')).toHaveText(/^Fixtures as of \d\d:\d\d, just now$/);
  await expect(main.locator('[data-slot="feed-sync"]')).toContainText(
    /Feed quota: \d+ of \d+ calls left today/,
  );
  const heading = main.getByRole("heading", { name: /^Matches \(\d+\)$/ });
  const total = Number((await heading.textContent())?.match(/\d+/)?.[0]);
  expect(total).toBeGreaterThan(0);
  await captureScreen(page, "sportbn-fetch-matches", async (p) => {
    await expect(p.getByRole("main").getByRole("heading", { name: /^Matches \(/ })).toBeVisible();
  });

  // The sandbox's basketball records reach the cards (the filters' rules are matches-screen.test.tsx's).
  await main.getByRole("combobox", { name: "Sport" }).click();
  await page.getByRole("option", { name: "Basketball" }).click();
  const cards = main.locator('[data-slot="fixture-card"]');
  await expect(cards.first()).toContainText("Basketball");
  await main.getByRole("button", { name: "Clear Filters" }).click();
  await expect(heading).toHaveText(`Matches (${total})`);

  // Cards of one row line up whatever the sport: same height, each section at the same height.
  const box = async (card: number, slot: string) =>
    (await cards.nth(card).locator(`[data-slot="${slot}"]`).boundingBox())!;
  for (const slot of ["fixture-head", "fixture-teams", "fixture-league", "fixture-actions"])
    expect((await box(1, slot)).y, slot).toBeCloseTo((await box(0, slot)).y, 0);
  expect((await cards.nth(1).boundingBox())!.height).toBeCloseTo(
    (await cards.nth(0).boundingBox())!.height,
    0,
  );

  // Accept the first fixture still offered (a finished one is not): the card says Accepted, and
  // still does after a reload (it is in Manage Matches), so it is not offered again.
  const offered = cards.filter({ has: page.getByRole("button", { name: /^Accept / }) }).first();
  const name = (await offered.getAttribute("aria-label")) ?? "";
  const first = main.getByRole("article", { name, exact: true }).first();
  await first.getByRole("button", { name: `Accept ${name}` }).click();
  await expect(toastWith(page, "Success").filter({ hasText: "Match accepted successfully" })).toBeVisible();
  await expect(first.getByRole("button", { name: `Accepted ${name}` })).toBeDisabled();
  const api = adminApi((await apiLogin(users.admin)).token);
  const stored = await api.matches.list();
  expect(stored.some((m) => `${m.homeTeam.name} vs ${m.awayTeam.name}` === name)).toBe(true);
  await page.reload();
  await expect(heading).toHaveText(`Matches (${total})`);
  await expect(main.getByRole("button", { name: `Accepted ${name}` }).first()).toBeDisabled();
  await expectAccessible(page, "Fetch Matches");
});

test("Fetch Matches with the feed down: each sport's cause and Try again, no empty state", async ({
  page,
  signIn,
}) => {
  const names: Record<string, string> = {
    football: "Football",
    basketball: "Basketball",
    hockey: "Hockey",
    "am-football": "American football",
  };
  let down = true;
  await page.route("**/api/v1/sportbn/connect/*", (route) => {
    if (!down) return route.continue();
    const sport = new URL(route.request().url()).pathname.split("/").at(-1) ?? "";
    return route.fulfill({
      status: 502,
      contentType: "application/json",
      body: JSON.stringify({ status: "error", message: `${names[sport]} feed could not be reached` }),
    });
  });
  await signIn("/sportbn/fetch-matches");
  const main = page.getByRole("main");
  await expect(main.getByText("The sports feed could not be loaded")).toBeVisible();
  await expect(main.getByText(/Football feed could not be reached\. Basketball feed/)).toBeVisible();
  await expect(main.getByText("No matches found. Try adjusting your filters.")).toHaveCount(0);
  await captureScreen(page, "sportbn-fetch-matches-feed-down", async (p) => {
    await expect(p.getByRole("main").getByRole("button", { name: "Try again" })).toBeVisible();
  });
  down = false;
  await main.getByRole("button", { name: "Try again" }).click();
  await expect(main.getByText("The sports feed could not be loaded")).toHaveCount(0);
  await expect(main.locator('[data-slot="fixture-card"]').first()).toBeVisible();
});

test("Match lifecycle: Add Match proposes the clock's status, the card and the public read show it", async ({
  page,
  signIn,
}) => {
  // Kick-off half an hour ago, end in an hour (UTC, the run's FEED_TIMEZONE): live by the clock.
  const hhmm = (at: number) => new Date(at).toISOString().slice(11, 16);
  const kickOff = Date.now() - 30 * 60_000;
  const [year, month, day] = new Date(kickOff).toISOString().slice(0, 10).split("-");
  await signIn("/sportbn/matches");
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Add Match" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Match" });
  await expect(dialog.getByRole("combobox", { name: "Status *" })).toHaveText("upcoming");
  await dialog.getByRole("combobox", { name: "League *" }).click();
  await page.getByRole("option", { name: "Premier League" }).click();
  await dialog.getByLabel("Home team *").fill("Clockwork Town");
  await dialog.getByLabel("Home team logo URL *").fill(logo("clockwork"));
  await dialog.getByLabel("Away team *").fill("Kickoff City");
  await dialog.getByLabel("Away team logo URL *").fill(logo("kickoff"));
  await dialog.getByLabel("Date *").fill(`${day}/${month}/${year}`);
  await dialog.getByLabel("Time *", { exact: true }).fill(hhmm(kickOff));
  await dialog.getByLabel("End time *").fill(hhmm(kickOff + 90 * 60_000));
  await expect(dialog.getByRole("combobox", { name: "Status *" })).toHaveText("live");
  await dialog.getByRole("button", { name: "Create Match" }).click();
  await expect(toastWith(page, "Match created successfully")).toBeVisible();
  const card = main.getByRole("article", { name: "Clockwork Town vs Kickoff City" });
  await expect(card.locator('[data-slot="match-status"]')).toHaveText(/live/i);
  const read = await page.request.get("/api/v1/public/sportbn/matches");
  const listed = (await read.json()).data.find(
    (m: { homeTeam: { name: string } }) => m.homeTeam.name === "Clockwork Town",
  );
  expect(listed.status).toBe("live");
});

test("Fetch Matches: a postponed, cancelled or abandoned fixture says so on its card", async ({
  page,
  signIn,
}) => {
  const fixture = (id: number, home: string, short: string) => ({
    fixture: { id, date: new Date().toISOString(), status: { short }, venue: { name: "Arena" } },
    league: { name: "Bundesliga", country: "Germany", logo: logo("bl") },
    teams: { home: { name: home, logo: logo(home) }, away: { name: "Rivals", logo: logo("rivals") } },
    goals: { home: null, away: null },
  });
  await page.route("**/api/v1/sportbn/connect/*", (route) => {
    const football = route.request().url().endsWith("/football");
    return route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({
        status: "success",
        response: football
          ? [
              fixture(1, "Postponed United", "PST"),
              fixture(2, "Cancelled Rovers", "CANC"),
              fixture(3, "Abandoned Athletic", "ABD"),
            ]
          : [],
        quota: { remaining: 90, limit: 100 },
      }),
    });
  });
  await signIn("/sportbn/fetch-matches");
  const main = page.getByRole("main");
  for (const [home, label] of [
    ["Postponed United", "Postponed"],
    ["Cancelled Rovers", "Cancelled"],
    ["Abandoned Athletic", "Abandoned"],
  ] as const)
    await expect(main.getByRole("article", { name: `${home} vs Rivals` })).toContainText(label);
  await captureScreen(page, "sportbn-fetch-matches-halted", async (p) => {
    await expect(p.getByRole("main").getByText("Postponed", { exact: true })).toBeVisible();
  });
});
