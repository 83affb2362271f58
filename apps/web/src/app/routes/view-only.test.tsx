import type { Me } from "@backoffice/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { appOf } from "@/features/apps/components/app.testing";
import { matchOf, serverOf } from "@/features/matches/components/match.testing";
import { movieItem } from "@/features/movies/utils/movie-item.testing";
import { queryClient } from "@/lib/query-client";
import { captureToasts, meData, type ShownToast } from "@/lib/screen.testing";
import { saveSession } from "@/lib/session";
import { sites } from "@/sites";
import { type SiteKey, siteKeys } from "@/sites/keys";
import { preloadScreens, renderApp, siteConfig } from "../router.testing";
import { navItems } from "../site-routes";

/**
 * A Viewer sees every screen of their sites with its data and no write control, and each screen of
 * a site they only view says so once (docs/PRODUCT-RULES.md#team-and-access). Every screen of the
 * route table is rendered, so a new screen is checked without a line here but its fixture.
 */

const VIEWER: Me = { email: "viewer@example.com", role: "admin", level: "viewer", sites: null };
const EDITOR: Me = { ...VIEWER, email: "editor@example.com", level: "editor" };

const paged = (data: unknown[]) => ({
  status: "success",
  data,
  pagination: { page: 1, numberOfPages: 1 },
  result: data.length,
});
const listed = (data: unknown) => ({ status: "success", data });
const inboxRow = {
  _id: "r1",
  email: "reader@example.com",
  url: "https://site.example/",
  firstName: "Ada",
  lastName: "Lovelace",
  subject: "Hello",
  message: "A question.",
  page: "https://site.example/contact",
  createdAt: "2026-11-20T10:00:00Z",
  readAt: null,
  answeredAt: null,
};
const fixture = {
  fixture: { id: 7, date: "2026-12-22T19:00:00+00:00", status: { short: "NS" }, venue: { name: "Arena" } },
  league: { name: "Liga", country: "Spain", logo: "" },
  teams: { home: { name: "Madrid", logo: "" }, away: { name: "Sevilla", logo: "" } },
  goals: { home: null, away: null },
};
const feed = (response: unknown[]) => ({ status: "success", response, quota: { remaining: 90, limit: 100 } });

/** What each screen loads, by path below the site (`/ads` answers every site). */
const SITE_ANSWERS: Record<string, (site: SiteKey) => unknown> = {
  "/overview": (site) => listed({ site, days: 30, ads: { active: 0, byPage: [] }, history: [] }),
  "/apps": () => listed([appOf({ _id: "a1", title: "Chess Master" })]),
  "/media": () =>
    paged([
      {
        _id: "m1",
        url: "http://127.0.0.1/media/a.png",
        fileName: "logo.png",
        format: "png",
        bytes: 2048,
        width: 64,
        height: 64,
        alt: "Logo",
        status: "ready",
        variants: [],
        uses: [],
        createdAt: "2026-11-20T10:00:00Z",
        updatedAt: "2026-11-20T10:00:00Z",
      },
    ]),
  "/ads": () =>
    listed([
      {
        _id: "ad1",
        page: "home",
        url: "https://ads.example/banner.js",
        head: null,
        body: null,
        isActive: true,
        createdAt: "2026-11-20T10:00:00Z",
        updatedAt: "2026-11-20T10:00:00Z",
      },
    ]),
  "/emails": () => paged([inboxRow]),
  "/contacts": () => paged([inboxRow]),
  "/contacts/seen": () => listed({ seenAt: "2026-11-26T10:00:00.000Z" }),
  // Manage Matches and Other Servers ask for a page (page and limit); Fetch Matches for the working set.
  "/matches": () => ({
    ...paged([matchOf({ home: "Bayern", away: "Hertha" })]),
    capped: false,
    summary: { live: 0, upcoming: 1, finished: 0, leagues: 1, sports: 1 },
    leagues: ["Bundesliga"],
  }),
  "/other-servers/all": () => listed([serverOf("s1", "Backup Server")]),
  "/connect/football": () => feed([fixture]),
  "/connect/basketball": () => feed([]),
  "/connect/hockey": () => feed([]),
  "/connect/am-football": () => feed([]),
  "/feed/status": () => ({ quota: { used: 10, limit: 100, remaining: 90 }, lastSync: null }),
  "/locker": (site) =>
    listed([
      {
        _id: "l1",
        site,
        type: "js",
        seconds: 30,
        isActive: true,
        createdAt: "2026-11-20T10:00:00Z",
        updatedAt: "2026-11-20T10:00:00Z",
      },
    ]),
  "/catalog": () => [movieItem("t1", "Arrival", { tmdbId: 1 })],
  "/history": (site) =>
    paged([
      {
        _id: "h1",
        at: "2026-11-23T10:15:00.000Z",
        admin: "editor@example.com",
        address: null,
        site,
        resource: "ads",
        recordId: "ad1",
        action: "delete",
        before: { url: "https://ads.example/banner.js" },
        after: null,
      },
    ]),
  "/history/admins": () => listed(["editor@example.com"]),
  "/schedule": () =>
    listed({
      pending: [
        {
          _id: "c1",
          kind: "ads",
          recordId: "ad1",
          recordName: "https://ads.example/tonight.js",
          changes: { isActive: true },
          applyAt: "2026-12-20T19:00:00.000Z",
          status: "pending",
          outcome: null,
          author: "editor@example.com",
          createdAt: "2026-11-20T10:00:00Z",
          appliedAt: null,
        },
      ],
      conflicts: [],
      windows: [],
      overlaps: [],
    }),
  "/trash": () =>
    paged([
      {
        _id: "x1",
        resource: "ads",
        recordId: "ad1",
        label: "Old banner",
        deletedAt: "2026-11-20T10:05:00Z",
        deletedBy: "editor@example.com",
        expiresAt: "2026-12-20T10:05:00Z",
      },
    ]),
};

/** What the account menu's screens load. */
const ACCOUNT_ANSWERS: Record<string, { status?: number; body: unknown }> = {
  "/tmdb/trending/movie/day": {
    body: { page: 1, results: [{ id: 2, title: "Dune", vote_average: 8 }], total_pages: 1, total_results: 1 },
  },
  "/jobs": {
    body: listed([
      {
        name: "feed-sync",
        title: "Sync fixtures",
        site: "sportbn",
        schedule: "30 3 * * *",
        paused: false,
        lastRun: null,
        nextRunAt: null,
        progress: null,
      },
    ]),
  },
  "/team": { status: 403, body: { status: "error", message: "Only an Owner can manage the team" } },
};

/** Every call but the screens' reads and the member's own inbox marker is a write a Viewer must not send. */
let writes: string[];
function stubApi(me: Me) {
  writes = [];
  vi.stubGlobal("fetch", async (input: string, init: RequestInit = {}) => {
    const path = new URL(input, "http://localhost").pathname.replace(/^\/api\/v1/, "");
    const method = init.method ?? "GET";
    if (path === "/config") return Response.json(listed({ sites: siteConfig }));
    if (path === "/auth/me") return Response.json(listed(meData(me)));
    if (path === "/csrf") return Response.json({ status: "success", csrfToken: "csrf" });
    const [, site, below = ""] = /^\/(apkw|sportbn|movies)(\/.*)?$/.exec(path) ?? [];
    const own = `${method} ${below}` === "PUT /contacts/seen";
    if (method !== "GET" && !own) writes.push(`${method} ${path}`);
    const answer = site ? SITE_ANSWERS[below] : undefined;
    if (answer) return Response.json(answer(site as SiteKey));
    const account = ACCOUNT_ANSWERS[path];
    if (account) return Response.json(account.body, { status: account.status ?? 200 });
    // The live stream and anything else: never answered.
    return new Promise<Response>(() => {});
  });
}

/** What shows once each screen has its data, by path below the site (Dashboard: ""). */
const LOADED: Record<string, string> = {
  "": "Latest changes",
  apps: "Chess Master",
  matches: "Bayern",
  "fetch-matches": "Madrid",
  servers: "Backup Server",
  list: "Arrival",
  import: "Dune",
  ads: "https://ads.example/banner.js",
  locker: "30 seconds",
  emails: "reader@example.com",
  profile: "Edit Profile",
  media: "logo.png",
  history: "Deleted ad",
  "history/trash": "Old banner",
  schedule: "https://ads.example/tonight.js",
};

/** Names of controls that change a site: none may show to a Viewer. */
const WRITE =
  /^(Add|New|Create|Quick Add|Invite|Edit|Delete|Remove|Save|Import|Accept|Restore|Run now|Pause|Resume|Reply|Check links|Set Locker|Clear Locker|Locker On|Locker Off|Feature|Unfeature|Activate|Deactivate|Reset to Defaults|Apply now|Reschedule|Cancel|Dismiss|Replace)\b/;
/** Switches that only change what the screen shows. */
const VIEW_SWITCHES = ["Newest", "Show sign-ins"];
/** A selection serves a bulk action: for a Viewer only a read one (export, copy). */
const READ_BULK = /^(Export|Copy Selected)/;

/** The site screens as their sidebar and the command palette reach them: every route of every site. */
const SCREENS = siteKeys.flatMap((site) =>
  navItems(site, true).map((item) => ({ site, url: item.to, below: item.to.slice(site.length + 2) })),
);

let toasts: ShownToast[];
beforeAll(preloadScreens);
beforeEach(() => {
  window.localStorage.clear();
  queryClient.clear();
  saveSession("tok", { email: VIEWER.email, role: "admin" });
  toasts = captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

/** Renders `url` as `me` and waits until its screen shows its data and nothing more is loading. */
async function open(url: string, loaded: string, me = VIEWER) {
  stubApi(me);
  renderApp(url);
  const main = await screen.findByRole("main");
  await within(main).findAllByText(loaded, { exact: false });
  await waitFor(() => expect(main).not.toHaveTextContent(/Loading|Checking links/));
  return main;
}

/** The accessible names of the controls of `role` in `main` that `pick` takes. */
function named(main: HTMLElement, role: string, pick: (name: string) => boolean): string[] {
  const found: string[] = [];
  within(main).queryAllByRole(role, { name: (name) => pick(name) && found.push(name) > 0 });
  return found;
}
const isWrite = (name: string) => WRITE.test(name);

describe("a Viewer", () => {
  it.each(SCREENS)(
    "$url: shows no write control and says once that the site is view-only",
    async ({ site, url, below }) => {
      const main = await open(url, LOADED[below]!);
      // The member's own profile is theirs to change; the site's data is not.
      if (below !== "profile") {
        for (const role of ["button", "link", "menuitem"]) expect(named(main, role, isWrite)).toEqual([]);
        expect(named(main, "switch", (name) => !VIEW_SWITCHES.includes(name))).toEqual([]);
        // Selection boxes only where a read acts on the selection.
        const selection = [
          ...named(main, "checkbox", () => true),
          ...named(main, "button", (name) => /^(Select|Deselect) all/i.test(name)),
        ];
        if (named(main, "button", (name) => READ_BULK.test(name)).length === 0) expect(selection).toEqual([]);
      }
      expect(
        screen.getAllByText(`You can view ${sites[site].name}; an Owner can give you more`),
      ).toHaveLength(1);
      expect(writes).toEqual([]);
      expect(toasts.filter((toast) => toast.title === "Error")).toEqual([]);
    },
  );

  it.each([
    ["/settings/jobs", "Sync fixtures"],
    ["/settings/team", "Only an Owner can manage the team"],
  ])("%s: shows no write control", async (url, loaded) => {
    const main = await open(url, loaded);
    for (const role of ["button", "link", "switch", "checkbox"])
      expect(named(main, role, isWrite)).toEqual([]);
    expect(writes).toEqual([]);
  });
});

it("an Editor of the site keeps the write controls and gets no notice", async () => {
  const main = await open("/movies/emails", "reader@example.com", EDITOR);
  expect(within(main).getByRole("button", { name: "Delete reader@example.com" })).toBeInTheDocument();
  expect(screen.queryByText(/an Owner can give you more/)).toBeNull();
});
