import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@/lib/query-client";
import { meData } from "@/lib/screen.testing";
import { saveSession } from "@/lib/session";
import type { SiteKey } from "@/sites";
import { preloadScreens, renderApp, siteConfig, storage, stubConfigOnly } from "../router.testing";
import { navItems } from "../site-routes";

/** The shell around the screens at 1280 px: sidebar, site switcher (docs/PRODUCT-RULES.md#routes-and-navigation). */

const names = { apkw: "APKW", sportbn: "SportBN", movies: "Movies" } as const;
// The domain is the host of the site's public URL from GET /config (https://{site}.example/ here).
const hosts = { apkw: "apkw.example", sportbn: "sportbn.example", movies: "movies.example" } as const;
const homes = { apkw: "/apkw/apps", sportbn: "/sportbn/matches", movies: "/movies/list" } as const;

beforeAll(preloadScreens);
beforeEach(() => {
  window.localStorage.clear();
  saveSession("tok", { email: "admin@example.com", role: "admin" });
  stubConfigOnly();
});
afterEach(() => vi.unstubAllGlobals());

const sidebar = () => screen.getByRole("complementary", { name: "Sidebar" });
const link = (name: string) => within(sidebar()).getByRole("link", { name });
const siteName = () => screen.getByTestId("sidebar-site-name").textContent;
/** The domain, once GET /config has answered. */
const siteHost = async () => (await screen.findByTestId("sidebar-site-host")).textContent;

describe("sidebar at 1280 px", () => {
  it.each(["apkw", "sportbn", "movies"] as const)(
    "%s: open, name and domain, labels, first screen active",
    async (site: SiteKey) => {
      renderApp(homes[site]);
      expect(await siteHost()).toBe(hosts[site]);
      expect(siteName()).toBe(names[site]);
      const nav = within(sidebar()).getByRole("navigation");
      expect(
        within(nav)
          .getAllByRole("link")
          .map((a) => a.textContent),
      ).toEqual(navItems(site).map((item) => item.label));
      // The longest matching prefix is active: the first screen, not Dashboard.
      const first = navItems(site)[1]?.label ?? "";
      expect(within(nav).getByRole("link", { name: first })).toHaveAttribute("aria-current", "page");
      expect(within(nav).getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current");
    },
  );

  it("navigating moves the active item; Dashboard leads to the overview; the toggle closes and reopens", async () => {
    const user = userEvent.setup();
    const { path } = renderApp("/sportbn/matches");
    await user.click(await screen.findByRole("link", { name: "Manage Locker" }));
    await waitFor(() => expect(path()).toBe("/sportbn/locker"));
    await waitFor(() => expect(link("Manage Locker")).toHaveAttribute("aria-current", "page"));
    expect(link("Manage Matches")).not.toHaveAttribute("aria-current");
    await user.click(link("Dashboard"));
    await waitFor(() => expect(path()).toBe("/sportbn"));
    await waitFor(() => expect(link("Dashboard")).toHaveAttribute("aria-current", "page"));

    const toggle = screen.getByTestId("sidebar-toggle");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await user.click(toggle);
    expect(screen.queryByRole("complementary", { name: "Sidebar" })).toBeNull();
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveAccessibleName("Open sidebar");
    await user.click(toggle);
    expect(sidebar()).toBeInTheDocument();
    expect(toggle).toHaveAttribute("aria-expanded", "true");
  });

  it("movies ads tabs keep Manage Ads active", async () => {
    const user = userEvent.setup();
    const { path } = renderApp("/movies/ads/home");
    await waitFor(() => expect(link("Manage Ads")).toHaveAttribute("aria-current", "page"));
    for (const [tab, page] of [
      ["Player", "player"],
      ["Browse", "browse"],
      ["Info", "info"],
    ] as const) {
      await user.click(screen.getByRole("tab", { name: tab }));
      await waitFor(() => expect(path()).toBe(`/movies/ads/${page}`));
      expect(link("Manage Ads")).toHaveAttribute("aria-current", "page");
      expect(link("Dashboard")).not.toHaveAttribute("aria-current");
    }
  });
});

describe("site switcher", () => {
  it("switching navigates, renames the sidebar and is remembered", async () => {
    const user = userEvent.setup();
    const { router, path } = renderApp("/apkw/apps");
    expect(await siteHost()).toBe("apkw.example");

    await user.click(screen.getByRole("combobox", { name: "Site" }));
    await user.click(await screen.findByRole("option", { name: "SportBN" }));
    await waitFor(() => expect(path()).toBe("/sportbn"));
    await waitFor(() => expect(siteName()).toBe("SportBN"));
    expect(await siteHost()).toBe("sportbn.example");
    expect(storage().selectedDashboard).toBe("sportbn");

    await user.click(screen.getByRole("combobox", { name: "Site" }));
    await user.click(await screen.findByRole("option", { name: "Movies" }));
    await waitFor(() => expect(path()).toBe("/movies"));
    expect(storage().selectedDashboard).toBe("movies");

    // The choice is kept: /login and / lead to the chosen site.
    await router.navigate("/login");
    await waitFor(() => expect(path()).toBe("/movies"));
    await router.navigate("/");
    await waitFor(() => expect(path()).toBe("/movies"));
  });
});

describe("account menu: Jobs", () => {
  it("opens all sites' jobs at /settings/jobs in the shell of the site in use", async () => {
    const user = userEvent.setup();
    const { path } = renderApp("/sportbn/matches");
    expect(await siteHost()).toBe("sportbn.example");
    await user.click(screen.getByRole("button", { name: /Account menu/ }));
    await user.click(await screen.findByRole("menuitem", { name: "Jobs" }));
    await waitFor(() => expect(path()).toBe("/settings/jobs"));
    expect(await screen.findByRole("heading", { level: 1, name: "Jobs" })).toBeInTheDocument();
    expect(siteName()).toBe("SportBN");
    expect(storage().selectedDashboard).toBe("sportbn");
    expect(document.title).toBe("Jobs · SportBN · Back-office");
  });
});

describe("account menu: Security", () => {
  it("opens the member's own security screen at /settings/security", async () => {
    const user = userEvent.setup();
    const { path } = renderApp("/movies");
    expect(await siteHost()).toBe("movies.example");
    await user.click(screen.getByRole("button", { name: /Account menu/ }));
    await user.click(await screen.findByRole("menuitem", { name: "Security" }));
    await waitFor(() => expect(path()).toBe("/settings/security"));
    expect(await screen.findByRole("heading", { level: 1, name: "Security" })).toBeInTheDocument();
    expect(document.title).toBe("Security · Movies · Back-office");
  });
});

describe("account menu: Team", () => {
  // The member is read once per sign-in: each test starts with none known.
  beforeEach(() => queryClient.clear());
  let meAnswered = false;
  /** GET /config and GET /auth/me answered; the rest stays unanswered. */
  const stubMember = (level: "owner" | "editor") =>
    vi.stubGlobal("fetch", async (input: string) => {
      const { pathname } = new URL(input, "http://localhost");
      if (pathname === "/api/v1/config")
        return Response.json({ status: "success", data: { sites: siteConfig } });
      if (pathname === "/api/v1/auth/me") {
        meAnswered = true;
        return Response.json({
          status: "success",
          data: meData({ email: "admin@example.com", role: "admin", level, sites: null }),
        });
      }
      return new Promise<Response>(() => {});
    });

  it("is offered to an Owner and opens /settings/team", async () => {
    stubMember("owner");
    const user = userEvent.setup();
    const { path } = renderApp("/apkw/apps");
    expect(await siteHost()).toBe("apkw.example");
    await user.click(screen.getByRole("button", { name: /Account menu/ }));
    await user.click(await screen.findByRole("menuitem", { name: "Team" }));
    await waitFor(() => expect(path()).toBe("/settings/team"));
    expect(await screen.findByRole("heading", { level: 1, name: "Team" })).toBeInTheDocument();
    expect(document.title).toBe("Team · APKW · Back-office");
  });

  it("is not offered to an Editor", async () => {
    stubMember("editor");
    meAnswered = false;
    const user = userEvent.setup();
    renderApp("/apkw/apps");
    expect(await siteHost()).toBe("apkw.example");
    await waitFor(() => expect(meAnswered).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await user.click(screen.getByRole("button", { name: /Account menu/ }));
    expect(await screen.findByRole("menuitem", { name: "Security" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Team" })).not.toBeInTheDocument();
  });
});
