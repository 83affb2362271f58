import type { Me } from "@backoffice/contracts";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@/lib/query-client";
import { meData, OWNER } from "@/lib/screen.testing";
import { saveSession } from "@/lib/session";
import { renderApp, siteConfig } from "./router.testing";

/**
 * Screens start their data while their code downloads (app/screen-loader.ts): each screen's route
 * loader asks for what the screen's hooks will ask for, from the URL it is opened at, in the real
 * route table; the screen then renders from that load instead of sending its own.
 */

// Apps & Games' code is held back until a test lets it arrive, as a slow download would be.
const held = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { release, arrived, resolved: false };
});
vi.mock("@/features/apps/components/apps-screen", async (importOriginal) => {
  await held.arrived;
  const module = await importOriginal();
  held.resolved = true;
  return module;
});

/** Every call the dashboard made but GET /config and /auth/me, as path and query (under /api/v1). */
let requests: string[];
/** The api for `me`: answers `answers` by path; any other call stays unanswered (a screen's loading state). */
function stubApi(me: Me, answers: Record<string, unknown> = {}) {
  requests = [];
  vi.stubGlobal("fetch", async (input: string) => {
    const url = new URL(input, "http://localhost");
    const path = url.pathname.replace(/^\/api\/v1/, "");
    const ok = (data: unknown) => Response.json({ status: "success", data });
    if (path === "/config") return ok({ sites: siteConfig });
    if (path === "/auth/me") return ok(meData(me));
    requests.push(`${path}${url.search}`);
    if (path in answers) return ok(answers[path]);
    return new Promise<Response>(() => {});
  });
}
const requestsOf = (prefix: string) => requests.filter((request) => request.startsWith(prefix));
const heading = (name: string) => screen.findByRole("heading", { level: 1, name }, { timeout: 10_000 });

// The shell and the overview are downloaded once for the file (a first import transforms them).
beforeAll(async () => {
  await Promise.all([
    import("./routes/site-shell"),
    import("@/features/overview/components/overview-screen"),
  ]);
});
beforeEach(() => {
  window.localStorage.clear();
  queryClient.clear();
  saveSession("tok", { email: OWNER.email, role: "admin" });
});
afterEach(() => vi.unstubAllGlobals());

describe("a screen's data", () => {
  it("is asked for, with the URL's filters, before the screen's code has arrived, and only once", async () => {
    stubApi(OWNER, { "/apkw/apps": [] });
    const { router, path } = renderApp("/apkw");
    await heading("Dashboard");
    void router.navigate("/apkw/apps?category=games");
    await waitFor(() => expect(requestsOf("/apkw/apps")).toEqual(["/apkw/apps?category=games"]));
    // The screen's code has not arrived: the router still shows the overview, waiting for it.
    expect(held.resolved).toBe(false);
    expect(router.state.navigation.state).toBe("loading");
    expect(path()).toBe("/apkw");

    held.release();
    expect(await heading("Apps & Games")).toBeInTheDocument();
    expect(await screen.findByText(/^No apps/)).toBeInTheDocument();
    expect(path()).toBe("/apkw/apps?category=games");
    // The screen rendered from that load: it did not ask again.
    expect(requestsOf("/apkw/apps")).toEqual(["/apkw/apps?category=games"]);
  });

  /** A call the screen makes: its path, and search parameters it carries (others may come with it). */
  type Wanted = [path: string, params?: Record<string, string>];
  const made = (prefix: string, wanted: Wanted[]) =>
    expect(
      requestsOf(prefix)
        .map((request) => {
          const url = new URL(request, "http://localhost");
          const [path, params = {}] =
            wanted.find(
              ([p, want = {}]) =>
                p === url.pathname && Object.entries(want).every(([k, v]) => url.searchParams.get(k) === v),
            ) ?? [];
          return path ? `${path} ${JSON.stringify(params)}` : request;
        })
        .sort(),
    ).toEqual(wanted.map(([path, params = {}]) => `${path} ${JSON.stringify(params)}`).sort());

  it.each<[string, string, string, Wanted[]]>([
    // The page and the filters of a paged inbox, the search trimmed as the screen sends it.
    [
      "/apkw/emails?page=3&q=%20ann%20&sort=oldest",
      "Manage Emails",
      "/apkw/emails",
      [["/apkw/emails", { page: "3", q: "ann", sort: "oldest" }]],
    ],
    // History's kind (sign-ins are then not left out), and its Admin filter's list.
    [
      "/sportbn/history?resource=matches",
      "History",
      "/sportbn/history",
      [["/sportbn/history", { resource: "matches" }], ["/sportbn/history/admins"]],
    ],
    [
      "/movies/history/trash?resource=titles",
      "Trash",
      "/movies/trash",
      [["/movies/trash", { resource: "titles" }]],
    ],
    // Movies & TV List: the type and search of the URL, and the whole catalogue its totals count.
    [
      "/movies/list?type=tv&q=Dark",
      "Movies & TV List",
      "/movies/catalog",
      [["/movies/catalog", { type: "tv", search: "Dark" }], ["/movies/catalog"]],
    ],
    // Movies' ads of the page in the path; the overview's period.
    ["/movies/ads/player", "Manage Ads", "/movies/ads", [["/movies/ads", { page: "player" }]]],
    ["/sportbn?days=90", "Dashboard", "/sportbn/overview", [["/sportbn/overview", { days: "90" }]]],
    ["/sportbn/locker", "Manage Locker", "/sportbn/locker", [["/sportbn/locker"]]],
    // Manage Matches' page, filters and order; Other Servers' page without the league filter.
    [
      "/sportbn/matches?page=2&status=live&sort=earliest",
      "Manage Matches",
      "/sportbn/matches",
      [["/sportbn/matches", { page: "2", status: "live", sort: "earliest", limit: "24" }]],
    ],
    [
      "/sportbn/servers?q=Arsenal&league=Premier",
      "Other Servers",
      "/sportbn/matches",
      [["/sportbn/matches", { page: "1", q: "Arsenal", limit: "24" }]],
    ],
    // Fetch Matches: the four sports' fixtures kept by the api (none of the feed's quota).
    [
      "/sportbn/fetch-matches",
      "Fetch Matches",
      "/sportbn/connect",
      [
        ["/sportbn/connect/football"],
        ["/sportbn/connect/basketball"],
        ["/sportbn/connect/hockey"],
        ["/sportbn/connect/am-football"],
      ],
    ],
  ])("%s: asked for once, as the screen asks for it", async (url, title, prefix, wanted) => {
    stubApi(OWNER);
    renderApp(url);
    await waitFor(() => made(prefix, wanted));
    expect(await heading(title)).toBeInTheDocument();
    // Rendered, the screen's hooks joined the loads in flight instead of sending their own.
    await new Promise((resolve) => setTimeout(resolve, 50));
    made(prefix, wanted);
  });

  it("is not asked for on a site the member does not read: they land on their own site", async () => {
    stubApi({ email: "m@example.com", role: "admin", level: "viewer", sites: ["movies"] });
    const { path } = renderApp("/apkw/emails?page=2");
    await waitFor(() => expect(path()).toBe("/movies"));
    await heading("Dashboard");
    await waitFor(() => expect(requestsOf("/movies/overview")).toEqual(["/movies/overview?days=30"]));
    expect(requestsOf("/apkw")).toEqual([]);
  });
});
