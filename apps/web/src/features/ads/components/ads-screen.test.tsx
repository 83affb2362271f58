import type { Ad } from "@backoffice/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  captureToasts,
  fakeApi,
  type Routes,
  renderAt,
  type ShownToast,
  setWidth,
} from "@/lib/screen.testing";
import { AdsScreen } from "./ads-screen";

/**
 * Manage Ads' rules per site: its texts and empty state, the dialog's fields and required message,
 * a server refusal at its field, the shortened page name and URL, and each site's wording. The
 * journey through the real server is e2e/ads.e2e.ts.
 */

const LONG_URL = "https://www.example-advertiser.com/landing/page?campaign=spring";

/** What differs between the sites: data and wording only. */
const SITES = [
  {
    site: "apkw",
    list: "/apkw/ads",
    tabs: null,
    url: { wide: 20, narrow: 20, mobile: 15 },
    updated: "Ad created successfully",
    loadError: "Failed to connect to email API",
  },
  {
    site: "sportbn",
    list: "/sportbn/ads",
    tabs: null,
    url: { wide: 20, narrow: 20, mobile: 15 },
    updated: "Ad created successfully",
    loadError: "Failed to connect to email API",
  },
  {
    site: "movies",
    list: "/movies/ads",
    tabs: ["Home", "Info", "Player", "Browse"],
    url: { wide: 40, narrow: 40, mobile: 24 },
    updated: "Ad updated successfully",
    loadError: "Failed to fetch ads",
  },
] as const;

const ad = (page: string, url = LONG_URL, fields: Partial<Ad> = {}): Ad => ({
  _id: `ad-${page}`,
  page,
  url,
  head: null,
  body: null,
  isActive: false,
  startsAt: null,
  endsAt: null,
  createdAt: "2026-11-20T10:00:00Z",
  updatedAt: "2026-11-20T10:00:00Z",
  ...fields,
});

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setWidth(1024);
});

const slot = (card: HTMLElement, name: string) => card.querySelector(`[data-slot="${name}"]`)?.textContent;
const dialog = () => screen.getByRole("dialog");
const field = (label: string) => within(dialog()).getByLabelText(label);
const writes = (calls: ReturnType<typeof fakeApi>) => calls.filter((c) => c.method !== "GET");

describe.each(SITES)("Manage Ads on $site", (rules) => {
  const { site } = rules;
  const api = (ads: Ad[] = [], routes: Routes = {}) =>
    fakeApi({ [`GET /${site}/ads`]: { body: { status: "success", data: ads } }, ...routes });

  it("empty: its texts and the empty state, whose Create your first ad opens the dialog", async () => {
    api();
    renderAt(rules.list, <AdsScreen />);
    expect(screen.getByRole("heading", { level: 1, name: "Manage Ads" })).toBeInTheDocument();
    expect(screen.getByText("Create and manage advertisement scripts for your website.")).toBeInTheDocument();
    expect(await screen.findByText("No ads created yet.")).toBeInTheDocument();
    expect(screen.getByText("Create your first ad to get started.")).toBeInTheDocument();
    if (rules.tabs)
      expect(
        within(screen.getByRole("tablist", { name: "Ad pages" }))
          .getAllByRole("tab")
          .map((tab) => tab.textContent),
      ).toEqual(rules.tabs);
    else expect(screen.queryByRole("tablist")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Create your first ad" }));
    expect(await screen.findByRole("heading", { name: "Create New Ad" })).toBeInTheDocument();
  });

  it("the dialog's fields; without page name and URL: the required toast, the fields marked, nothing sent", async () => {
    const calls = api();
    renderAt(rules.list, <AdsScreen />);
    await screen.findByText("No ads created yet.");
    await userEvent.click(screen.getByRole("button", { name: "Create New Ad" }));
    await screen.findByRole("dialog");
    for (const label of ["Ad Page Name *", "Domain URL *", "Script Head", "Script Body"])
      expect(field(label)).toBeInTheDocument();
    expect(field("Domain URL *")).toHaveAttribute("type", "url");
    expect(within(dialog()).getByRole("switch", { name: "Active" })).not.toBeChecked();
    expect(within(dialog()).getByRole("button", { name: "Cancel" })).toBeInTheDocument();
    // Movies chooses the page from its list, preset to the tab; the others type it.
    if (rules.tabs)
      expect(within(dialog()).getByRole("combobox", { name: "Ad Page Name *" })).toHaveTextContent("Home");
    else await userEvent.clear(field("Ad Page Name *"));

    await userEvent.click(within(dialog()).getByRole("button", { name: "Create Ad" }));
    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({ title: "Please page name and domain url are required" }),
      ]),
    );
    expect(field("Domain URL *")).toHaveAttribute("aria-invalid", "true");
    if (!rules.tabs) {
      expect(field("Ad Page Name *")).toHaveAttribute("aria-invalid", "true");
      expect(field("Ad Page Name *")).toHaveFocus();
      await userEvent.type(field("Ad Page Name *"), "homepage-top");
      await userEvent.click(within(dialog()).getByRole("button", { name: "Create Ad" }));
      expect(field("Ad Page Name *")).not.toHaveAttribute("aria-invalid", "true");
      expect(field("Domain URL *")).toHaveAttribute("aria-invalid", "true");
    }
    expect(writes(calls)).toEqual([]);
  });

  it("a server refusal naming a field is said at that field only, in words for people", async () => {
    api([], {
      [`POST /${site}/ads`]: {
        status: 400,
        body: {
          status: "fail",
          message: "url must be an http(s) URL",
          errors: [{ path: "url", message: "url must be an http(s) URL", code: "invalid_url" }],
        },
      },
    });
    renderAt(rules.list, <AdsScreen />);
    await screen.findByText("No ads created yet.");
    await userEvent.click(screen.getByRole("button", { name: "Create New Ad" }));
    await screen.findByRole("dialog");
    if (!rules.tabs) await userEvent.type(field("Ad Page Name *"), "homepage-top");
    await userEvent.type(field("Domain URL *"), "ftp://files.example.com");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Create Ad" }));
    expect(
      await within(dialog()).findByText("Enter a web address starting with http:// or https://"),
    ).toBeInTheDocument();
    expect(field("Domain URL *")).toHaveAttribute("aria-invalid", "true");
    expect(field("Domain URL *")).toHaveAccessibleDescription(
      "Enter a web address starting with http:// or https://",
    );
    expect(within(dialog()).queryByText("url must be an http(s) URL")).toBeNull();
    expect(toasts).toEqual([]);
  });

  it("a refusal without a field toasts Error; the save that then succeeds dismisses it", async () => {
    let refuse = true;
    api([], {
      [`POST /${site}/ads`]: () =>
        refuse
          ? { status: 500, body: { status: "error", message: "Database down" } }
          : { body: { status: "success", data: ad("homepage-top") } },
    });
    renderAt(rules.list, <AdsScreen />);
    await screen.findByText("No ads created yet.");
    await userEvent.click(screen.getByRole("button", { name: "Create New Ad" }));
    await screen.findByRole("dialog");
    if (!rules.tabs) await userEvent.type(field("Ad Page Name *"), "homepage-top");
    await userEvent.type(field("Domain URL *"), "https://ads.example.com");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Create Ad" }));
    await waitFor(() => expect(toasts).toEqual([expect.objectContaining({ title: "Error" })]));
    await userEvent.click(within(dialog()).getByRole("button", { name: "Create Ad" }));
    await waitFor(() => expect(toasts).toEqual([expect.objectContaining({ title: "Error" })]));
    refuse = false;
    await userEvent.click(within(dialog()).getByRole("button", { name: "Create Ad" }));
    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({
          title: "Ad created successfully",
          description: expect.stringMatching(/was created\.$/),
        }),
      ]),
    );
  });

  it.each([
    { width: 1280, screenName: "wide", pageName: "homepage-top" },
    { width: 900, screenName: "narrow", pageName: "homep…" },
    { width: 390, screenName: "mobile", pageName: "homep…" },
  ] as const)(
    "at $width px: the page name and URL are shortened, whole for screen readers",
    async ({ width, screenName, pageName }) => {
      setWidth(width);
      api([ad("homepage-top")]);
      renderAt(rules.list, <AdsScreen />);
      const card = await screen.findByRole("article", { name: "homepage-top" });
      expect(slot(card, "ad-page")).toBe(pageName);
      expect(slot(card, "ad-url")).toBe(`${LONG_URL.slice(0, rules.url[screenName])}…`);
      expect(within(card).getByText(LONG_URL)).toHaveClass("sr-only");
    },
  );

  it(`an update toasts "${rules.updated}" naming the ad saved`, async () => {
    const calls = api([ad("footer", "https://c.example.com/x")], {
      [`PUT /${site}/ads/ad-footer`]: { body: { status: "success", data: ad("footer") } },
    });
    renderAt(rules.list, <AdsScreen />);
    const card = await screen.findByRole("article", { name: "footer" });
    await userEvent.click(within(card).getByRole("button", { name: "Edit ad footer" }));
    expect(await screen.findByRole("heading", { name: "Edit Ad" })).toBeInTheDocument();
    expect(field("Domain URL *")).toHaveValue("https://c.example.com/x");
    await userEvent.click(within(dialog()).getByRole("switch", { name: "Active" }));
    await userEvent.click(within(dialog()).getByRole("button", { name: "Update Ad" }));
    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({ title: rules.updated, description: "footer was updated." }),
      ]),
    );
    expect(writes(calls)[0]?.body).toEqual({
      page: "footer",
      url: "https://c.example.com/x",
      head: "null",
      body: "null",
      isActive: true,
      startsAt: null,
      endsAt: null,
    });
  });

  it("Activate says in a sentence what it did; a failed toggle's error leaves when the next one succeeds", async () => {
    let fail = true;
    api([ad("banner", "https://c.example.com/x")], {
      [`PUT /${site}/ads/ad-banner`]: () =>
        fail
          ? { status: 500, body: { status: "error", message: "Database down" } }
          : {
              body: { status: "success", data: ad("banner", "https://c.example.com/x", { isActive: true }) },
            },
    });
    renderAt(rules.list, <AdsScreen />);
    const card = await screen.findByRole("article", { name: "banner" });
    await userEvent.click(within(card).getByRole("button", { name: "Activate ad banner" }));
    await waitFor(() => expect(toasts).toEqual([expect.objectContaining({ title: "Failed to toggle" })]));
    fail = false;
    await userEvent.click(within(card).getByRole("button", { name: "Activate ad banner" }));
    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({
          title: "Ad activated successfully",
          description: 'The ad "banner" (https://c.example.com/x) is now active.',
        }),
      ]),
    );
  });

  it(`a failed load toasts Connection Error, "${rules.loadError}", and offers Try again`, async () => {
    let fail = true;
    api([], {
      [`GET /${site}/ads`]: () =>
        fail
          ? { status: 500, body: { status: "error", message: "Database down" } }
          : { body: { status: "success", data: [ad("banner")] } },
    });
    renderAt(rules.list, <AdsScreen />);
    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({ title: "Connection Error", description: rules.loadError }),
      ]),
    );
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("article", { name: "banner" })).toBeInTheDocument();
  });
});

describe("Manage Ads for a Viewer (docs/PRODUCT-RULES.md#team-and-access)", () => {
  it("shows the ads without any write control: no Create, Activate, Edit or Delete", async () => {
    fakeApi(
      { "GET /apkw/ads": { body: { status: "success", data: [ad("home")] } } },
      { email: "viewer@example.com", role: "admin", level: "viewer", sites: ["apkw"] },
    );
    renderAt("/apkw/ads", <AdsScreen />);
    const card = await screen.findByRole("article", { name: /home/ });
    expect(within(card).getByRole("button", { name: `Versions of ${LONG_URL}` })).toBeInTheDocument();
    for (const name of [/Create New Ad/, /Activate/, /Edit ad/, /Delete ad/])
      expect(screen.queryByRole("button", { name })).toBeNull();
  });

  it("an empty list neither offers nor suggests creating an ad", async () => {
    fakeApi(
      { "GET /apkw/ads": { body: { status: "success", data: [] } } },
      { email: "viewer@example.com", role: "admin", level: "viewer", sites: ["apkw"] },
    );
    renderAt("/apkw/ads", <AdsScreen />);
    expect(await screen.findByText("No ads created yet.")).toBeInTheDocument();
    expect(screen.queryByText("Create your first ad to get started.")).toBeNull();
    expect(screen.queryByRole("button", { name: /Create your first ad/ })).toBeNull();
  });

  it("an Editor of the site keeps them", async () => {
    fakeApi(
      { "GET /apkw/ads": { body: { status: "success", data: [ad("home")] } } },
      { email: "editor@example.com", role: "admin", level: "editor", sites: ["apkw"] },
    );
    renderAt("/apkw/ads", <AdsScreen />);
    await screen.findByRole("article", { name: /home/ });
    for (const name of [/Create New Ad/, /Activate/, /Edit ad/, /Delete ad/])
      expect(screen.getByRole("button", { name })).toBeInTheDocument();
  });
});
