import type { Overview } from "@backoffice/contracts/overview";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderAt, setWidth } from "@/lib/screen.testing";
import { OverviewScreen } from "./overview-screen";

/**
 * The Dashboard item (docs/PRODUCT-RULES.md#overview): figures as links, the per-day chart's summary
 * and table, the 30/90 days switch in the URL, loading, empty and error with Try again.
 * The page in the browser (1280 and 390 px, axe) is e2e/overview.e2e.ts.
 */

const days = (n: number, count: (i: number) => number) =>
  Array.from({ length: n }, (_, i) => ({
    day: new Date(Date.UTC(2026, 10, 25) - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    count: count(i),
  }));

const apkw = (n: 30 | 90 = 30, perDay = days(n, (i) => (i === n - 1 ? 5 : 1))): Overview => ({
  site: "apkw",
  days: n,
  apps: { apps: { total: 12, trending: 3, slider: 2 }, games: { total: 40, trending: 5, slider: 1 } },
  subscriptions: { days: perDay, total: perDay.reduce((s, d) => s + d.count, 0), previous: 20 },
  ads: { active: 2, byPage: [{ page: "home", active: 2 }] },
  history: [
    {
      _id: "1",
      at: "2026-11-25T09:30:00.000Z",
      admin: "editor@example.com",
      address: "10.0.0.1",
      site: "apkw",
      resource: "ads",
      recordId: "a".repeat(24),
      action: "create",
      before: null,
      after: { url: "https://ads.example/x.js" },
    },
  ],
});

const ok = (data: Overview) => ({ body: { status: "success", data } });

afterEach(() => vi.unstubAllGlobals());

describe("the overview", () => {
  it("shows each figure as a link to its screen, the chart's summary and the latest changes", async () => {
    fakeApi({ "GET /apkw/overview": ok(apkw()) });
    renderAt("/apkw", <OverviewScreen />);
    expect(await screen.findByRole("link", { name: /Apps 12 3 trending, 2 in slider/ })).toHaveAttribute(
      "href",
      "/apkw/apps",
    );
    expect(screen.getByRole("link", { name: /Games 40/ })).toHaveAttribute("href", "/apkw/apps");
    expect(screen.getByRole("link", { name: /Active ads 2/ })).toHaveAttribute("href", "/apkw/ads");
    // 29 days of 1 and today's 5: 34 against 20 before.
    expect(
      screen.getByText(
        "34 subscriptions in the last 30 days, 70% more than the 30 days before (20). Busiest day: 25/11/2026 with 5.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Manage Emails" })).toHaveAttribute("href", "/apkw/emails");
    const latest = screen.getByRole("list", { name: "Latest changes" });
    expect(within(latest).getByText(/editor@example.com/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "History" })).toHaveAttribute("href", "/apkw/history");
  });

  it("has a table view of the chart data, newest day first", async () => {
    fakeApi({ "GET /apkw/overview": ok(apkw()) });
    renderAt("/apkw", <OverviewScreen />);
    const toggle = await screen.findByRole("button", { name: "Show table" });
    await userEvent.click(toggle);
    expect(screen.getByRole("button", { name: "Hide table" })).toHaveAttribute("aria-expanded", "true");
    const table = screen.getByRole("table", { name: "Subscriptions per day" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(31);
    expect(within(rows[1]!).getByRole("rowheader")).toHaveTextContent("25/11/2026");
    expect(within(rows[1]!).getByRole("cell")).toHaveTextContent("5");
  });

  it("keeps 30 or 90 days in the URL and asks the server for that period", async () => {
    const calls = fakeApi({
      "GET /apkw/overview": (call) => ok(apkw(call.query.get("days") === "90" ? 90 : 30)),
    });
    const { location } = renderAt("/apkw", <OverviewScreen />);
    await screen.findByText(/in the last 30 days/);
    expect(screen.getByRole("button", { name: "30 days" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(screen.getByRole("button", { name: "90 days" }));
    await screen.findByText(/in the last 90 days/);
    expect(location()).toBe("/apkw?days=90");
    expect(calls.map((c) => c.query.get("days"))).toEqual(["30", "90"]);
  });

  it("opens on 90 days from the URL", async () => {
    const calls = fakeApi({ "GET /apkw/overview": ok(apkw(90)) });
    renderAt("/apkw?days=90", <OverviewScreen />);
    await screen.findByText(/in the last 90 days/);
    expect(calls[0]?.query.get("days")).toBe("90");
  });

  it("says when a period has nothing, without a chart", async () => {
    fakeApi({
      "GET /apkw/overview": ok({
        ...apkw(
          30,
          days(30, () => 0),
        ),
        history: [],
      }),
    });
    renderAt("/apkw", <OverviewScreen />);
    expect(await screen.findByText("No subscriptions in the last 30 days.")).toBeInTheDocument();
    expect(screen.getByText("No changes yet")).toBeInTheDocument();
  });

  it("shows a failure with Try again, which loads it again", async () => {
    let fail = true;
    fakeApi({
      "GET /apkw/overview": () =>
        fail ? { status: 500, body: { status: "error", message: "Database unavailable" } } : ok(apkw()),
    });
    renderAt("/apkw", <OverviewScreen />);
    expect(await screen.findByText("The overview could not be loaded")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByText(/in the last 30 days/);
  });

  it("movies: titles unavailable when the content service is away, contacts with unread, ads per page", async () => {
    const perDay = days(30, () => 1);
    fakeApi({
      "GET /movies/overview": ok({
        site: "movies",
        days: 30,
        titles: { available: false, message: "The content service is unavailable" },
        contacts: { days: perDay, total: 30, previous: 30, unread: 1000, unreadCapped: true, seenAt: null },
        ads: {
          active: 3,
          byPage: [
            { page: "home", active: 1 },
            { page: "info", active: 0 },
            { page: "player", active: 2 },
            { page: "browse", active: 0 },
          ],
        },
        locker: null,
        history: [],
      }),
    });
    setWidth(390);
    renderAt("/movies", <OverviewScreen />);
    expect(
      await screen.findByRole("link", { name: /Titles — Unavailable: The content service is unavailable/ }),
    ).toHaveAttribute("href", "/movies/list");
    expect(screen.getByText("1,000+ unread")).toBeInTheDocument();
    expect(
      screen.getByText(/30 messages in the last 30 days, the same as the 30 days before/),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("link", { name: /Active ads 3 home 1, info 0, player 2, browse 0/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Locker Not set/ })).toHaveAttribute("href", "/movies/locker");
    await waitFor(() =>
      expect(screen.getByRole("link", { name: "Manage Contacts" })).toHaveAttribute("href", "/movies/emails"),
    );
  });

  it("sportbn: matches by the lifecycle, failing stream links and the feed, each a link to its screen", async () => {
    fakeApi({
      "GET /sportbn/overview": ok({
        site: "sportbn",
        days: 30,
        // This week counts upcoming matches of the next 7 days; by sport counts every live and
        // upcoming one (later weeks too): two figures, each labelled for what it counts.
        matches: {
          live: 2,
          today: 5,
          week: 5,
          bySport: [
            { sport: "football", count: 7 },
            { sport: "basketball", count: 5 },
          ],
        },
        links: { failing: 3, matches: 1 },
        feed: { quota: { used: 12, limit: 100, remaining: 88 }, lastSync: null },
        subscriptions: { days: days(30, () => 0), total: 0, previous: 0 },
        ads: { active: 0, byPage: [{ page: "home", active: 0 }] },
        locker: {
          _id: "l1",
          site: "sportbn",
          type: "js",
          seconds: 10,
          isActive: true,
          startsAt: null,
          endsAt: null,
          createdAt: "2026-11-01T00:00:00.000Z",
          updatedAt: "2026-11-01T00:00:00.000Z",
        },
        history: [],
      }),
    });
    renderAt("/sportbn", <OverviewScreen />);
    expect(await screen.findByRole("link", { name: /Live now 2/ })).toHaveAttribute(
      "href",
      "/sportbn/matches?status=live",
    );
    expect(screen.getByRole("link", { name: "This week 5 Upcoming in the next 7 days" })).toHaveAttribute(
      "href",
      "/sportbn/matches?status=upcoming",
    );
    expect(
      screen.getByRole("link", { name: "Live and upcoming 12 Football 7, Basketball 5" }),
    ).toHaveAttribute("href", "/sportbn/matches");
    expect(
      screen.getByRole("link", { name: "Stream links failing 3 On 1 live or upcoming match" }),
    ).toHaveAttribute("href", "/sportbn/servers");
    expect(
      screen.getByRole("link", { name: "Feed calls left today 88 Of 100; never synced yet" }),
    ).toHaveAttribute("href", "/sportbn/fetch-matches");
    expect(screen.getByRole("link", { name: /Locker On/ })).toHaveAttribute("href", "/sportbn/locker");
  });

  it("movies: unread is new since the member opened the inbox, a link to it", async () => {
    const perDay = days(30, () => 1);
    fakeApi({
      "GET /movies/overview": ok({
        site: "movies",
        days: 30,
        contacts: {
          days: perDay,
          total: 30,
          previous: 0,
          unread: 4,
          unreadCapped: false,
          seenAt: "2026-11-25T09:30:00.000Z",
        },
        ads: { active: 0, byPage: [] },
        locker: null,
        history: [],
      }),
    });
    renderAt("/movies", <OverviewScreen />);
    expect(await screen.findByRole("link", { name: "4 unread" })).toHaveAttribute("href", "/movies/emails");
    expect(screen.getByText(/new since you opened the inbox/)).toBeInTheDocument();
  });
});
