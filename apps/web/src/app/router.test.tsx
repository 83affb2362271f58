import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "@/lib/session";
import { type SiteKey, sites } from "@/sites";
import { siteKeys } from "@/sites/keys";
import { preloadScreens, renderApp, storage, stubConfigOnly } from "./router.testing";
import { routesOf } from "./site-routes";

/** The route table's redirects and screens (docs/PRODUCT-RULES.md#routes-and-navigation). */

type Screen = { path: string; heading: string; active: string };

/**
 * Every screen path of the route table: its heading is the route's label, and its sidebar item is
 * its own or, for a screen out of the sidebar (the Trash), the item it sits under (History).
 * Movies' ads have one path per ad page besides /movies/ads.
 */
const screens: Screen[] = siteKeys.flatMap((site) =>
  routesOf(site).flatMap((route) => {
    const base = `/${site}/${route.path.replace(/\/:[^/]+\?$/, "")}`;
    const pages = route.path.includes(":page") ? (sites[site].adPages ?? []) : [];
    const item =
      route.nav === false ? routesOf(site).find((r) => route.path.startsWith(`${r.path}/`)) : route;
    const active = item?.label ?? "Dashboard";
    return [base, ...pages.map((page) => `${base}/${page}`)].map((path) => ({
      path,
      heading: route.label,
      active,
    }));
  }),
);

/** Ends on the site's overview (the Dashboard item): its path and heading. */
async function onOverview(path: () => string, site: SiteKey) {
  await waitFor(() => expect(path()).toBe(`/${site}`));
  expect(
    await within(await screen.findByRole("main")).findByRole("heading", { level: 1, name: "Dashboard" }),
  ).toBeInTheDocument();
}

const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);

function signIn(selected?: SiteKey) {
  saveSession("tok", { email: "admin@example.com", role: "admin" });
  if (selected) window.localStorage.setItem("selectedDashboard", selected);
}

beforeAll(preloadScreens);
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  stubConfigOnly();
});
afterEach(() => vi.unstubAllGlobals());

describe("the list of screens", () => {
  it("has every screen of the three sites, movies' ad pages included", () => {
    expect(screens.map((s) => s.path)).toEqual(
      expect.arrayContaining(["/apkw/history/trash", "/movies/ads", "/movies/ads/player", "/movies/emails"]),
    );
    expect(screens.find((s) => s.path === "/movies/emails")?.heading).toBe("Manage Contacts");
    expect(screens.find((s) => s.path === "/sportbn/history/trash")?.active).toBe("Trash");
  });
});

describe("signed out", () => {
  it("/ redirects to /login", async () => {
    const { path } = renderApp("/");
    expect(await screen.findByRole("heading", { name: "Welcome Back" })).toBeInTheDocument();
    expect(path()).toBe("/login");
  });

  it("/forgot-password is public", async () => {
    const { path } = renderApp("/forgot-password");
    expect(await screen.findByRole("heading", { name: "Forgot Password" })).toBeInTheDocument();
    expect(path()).toBe("/forgot-password");
  });

  it("an unknown path goes to / and then /login", async () => {
    const { path } = renderApp("/no/such/page");
    await waitFor(() => expect(path()).toBe("/login"));
  });

  it.each(["/apkw", "/sportbn", "/movies", ...screens.map((s) => s.path)])(
    "%s needs a session: /login and storage cleared",
    async (url) => {
      window.localStorage.setItem("leftover", "x");
      window.localStorage.setItem("selectedDashboard", "movies");
      const { path } = renderApp(url);
      expect(await screen.findByRole("heading", { name: "Welcome Back" })).toBeInTheDocument();
      expect(path()).toBe("/login");
      expect(storage()).toEqual({});
    },
  );

  it("a stored user who is not an administrator counts as signed out", async () => {
    saveSession("tok", { email: "editor@example.com", role: "editor" });
    const { path } = renderApp("/apkw/apps");
    await waitFor(() => expect(path()).toBe("/login"));
    expect(storage()).toEqual({});
  });
});

describe("signed in", () => {
  it("/ ends on the selected site's overview (apkw when none is selected)", async () => {
    signIn();
    const { path } = renderApp("/");
    await onOverview(path, "apkw");
  });

  it.each(["/", "/login", "/forgot-password"])(
    "%s sends a signed-in user to the selected site",
    async (url) => {
      signIn("sportbn");
      const { path } = renderApp(url);
      await onOverview(path, "sportbn");
    },
  );

  // A deliberate change: /{site} was a redirect to the first screen until the overview existed.
  it.each(siteKeys)("/%s shows its overview, not a redirect", async (site) => {
    signIn();
    const { path } = renderApp(`/${site}`);
    await onOverview(path, site);
    expect(screen.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  });

  it.each(["/apkw/locker", "/apkw/matches", "/movies/ads/sidebar", "/sportbn/list", "/elsewhere"])(
    "%s is not in the table: it goes to / and on to the selected site",
    async (url) => {
      signIn("movies");
      const { path } = renderApp(url);
      await onOverview(path, "movies");
    },
  );

  it("a path of another site selects that site", async () => {
    signIn("apkw");
    const { router, path } = renderApp("/movies/import");
    expect(
      await within(await screen.findByRole("main")).findByRole("heading", {
        level: 1,
        name: "Import Movies & TV",
      }),
    ).toBeInTheDocument();
    expect(path()).toBe("/movies/import");
    expect(screen.getByRole("combobox", { name: "Site" })).toHaveTextContent("Movies");
    await waitFor(() => expect(storage().selectedDashboard).toBe("movies"));
    await router.navigate("/login");
    await waitFor(() => expect(path()).toBe("/movies"));
  });

  it.each(screens)("$path opens inside the shell: heading $heading, $active active", async (s) => {
    signIn();
    const { path } = renderApp(s.path);
    const main = await screen.findByRole("main");
    // The heading starts with the label (movies' locker adds the site: "Manage Locker — movies").
    const heading = await within(main).findByRole("heading", { level: 1, name: startsWith(s.heading) });
    expect(heading).toBeInTheDocument();
    expect(path()).toBe(s.path);
    expect(screen.getByRole("button", { name: /Account menu/ })).toBeInTheDocument();
    const sidebar = screen.getByRole("complementary", { name: "Sidebar" });
    expect(within(sidebar).getByRole("link", { name: s.active })).toHaveAttribute("aria-current", "page");
    await waitFor(() => expect(document.title.startsWith(`${s.active} · `)).toBe(true));
  });
});

describe("the daily check while the app is open (docs/PRODUCT-RULES.md#sessions)", () => {
  const expire = () => {
    window.localStorage.setItem("date", "2000-01-01");
    window.localStorage.setItem("date:movies", "2000-01-01");
  };

  it("a date marker from another day: the next navigation clears storage and opens /login, saying why", async () => {
    signIn();
    const { path } = renderApp("/apkw/apps");
    const link = await within(await screen.findByRole("complementary", { name: "Sidebar" })).findByRole(
      "link",
      {
        name: "Manage Ads",
      },
    );
    expire();
    await userEvent.click(link);
    await waitFor(() => expect(path()).toBe("/login"));
    expect(storage()).toEqual({});
    expect(await screen.findByText(/Your session ended with the day\./)).toBeInTheDocument();
  });

  it("also when the window gets the focus back", async () => {
    signIn();
    const { path } = renderApp("/apkw/apps");
    await screen.findByRole("complementary", { name: "Sidebar" });
    expire();
    fireEvent.focus(window);
    await waitFor(() => expect(path()).toBe("/login"));
    expect(storage()).toEqual({});
  });

  it("today's marker keeps the session", async () => {
    signIn();
    const { path } = renderApp("/apkw/apps");
    await screen.findByRole("complementary", { name: "Sidebar" });
    fireEvent.focus(window);
    expect(path()).toBe("/apkw/apps");
    expect(storage().token).toBe("tok");
  });
});
