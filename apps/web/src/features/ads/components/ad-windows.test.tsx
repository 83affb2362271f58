import type { Ad } from "@backoffice/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, configWithZone, fakeApi, renderAt, type ShownToast } from "@/lib/screen.testing";
import { AdsScreen } from "./ads-screen";

// Windows on Manage Ads (docs/PRODUCT-RULES.md#windows): the card's text, the Window filter in the
// URL, the cards changing at a boundary without a reload, and the dialog's Starts and Ends typed in
// the site's time zone. Paris is UTC+1 in November: a window read as UTC would be an hour off.
const TIME_ZONE = "Europe/Paris";
// 11:00 in Paris.
const NOW = Date.parse("2026-11-28T10:00:00.000Z");

const config = configWithZone(TIME_ZONE);

const ad = (page: string, fields: Partial<Ad> = {}): Ad => ({
  _id: `ad-${page}`,
  page,
  url: `https://ads.example/${page}`,
  head: null,
  body: null,
  isActive: true,
  startsAt: null,
  endsAt: null,
  createdAt: "2026-11-20T10:00:00Z",
  updatedAt: "2026-11-20T10:00:00Z",
  ...fields,
});

const ADS = [
  // 20:00 in Paris tonight.
  ad("tonight", { startsAt: "2026-11-28T19:00:00.000Z" }),
  // Open since this morning, until 23:00 in Paris.
  ad("today", { startsAt: "2026-11-28T06:00:00.000Z", endsAt: "2026-11-28T22:00:00.000Z" }),
  // Open until tomorrow 09:30 in Paris.
  ad("overnight", { endsAt: "2026-11-29T08:30:00.000Z" }),
  ad("yesterday", { startsAt: "2026-11-27T06:00:00.000Z", endsAt: "2026-11-27T22:00:00.000Z" }),
  ad("always"),
  // Within its window but switched off: not what the public site shows.
  ad("off", { isActive: false, endsAt: "2026-11-28T22:00:00.000Z" }),
];

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const api = (ads: Ad[], routes = {}) =>
  fakeApi({
    "GET /config": config,
    "GET /sportbn/ads": { body: { status: "success", data: ads } },
    ...routes,
  });
const card = (page: string) => screen.findByRole("article", { name: page });
const badge = async (page: string) =>
  (await card(page)).querySelector('[data-slot="window-badge"]')?.textContent?.replace(` (${TIME_ZONE})`, "");
const shownPages = () =>
  within(screen.getByRole("list", { name: "Ads" }))
    .getAllByRole("article")
    .map((article) => article.getAttribute("aria-labelledby") && article.querySelector("h2")?.textContent);

describe("an ad's window on Manage Ads", () => {
  it("says on the card when it starts, until when it is live, or that it ended, in the site's time zone", async () => {
    api(ADS);
    renderAt("/sportbn/ads", <AdsScreen />);
    await card("tonight");
    await waitFor(async () => expect(await badge("tonight")).toBe("Starts 28/11/2026 20:00"));
    expect(await badge("today")).toBe("Live until 23:00");
    expect(await badge("overnight")).toBe("Live until 29/11/2026 09:30");
    expect(await badge("yesterday")).toBe("Ended");
    expect(await badge("always")).toBeUndefined();
    // The time zone is said to screen readers too.
    expect((await card("today")).querySelector('[data-slot="window-badge"]')).toHaveTextContent(
      `Live until 23:00 (${TIME_ZONE})`,
    );
  });

  it("filters by Scheduled, Active and Ended, kept in the URL", async () => {
    api(ADS);
    const { location } = renderAt("/sportbn/ads", <AdsScreen />);
    await card("tonight");
    expect(shownPages()).toHaveLength(6);
    const select = screen.getByRole("combobox", { name: "Window" });
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole("option", { name: "Scheduled" }));
    await waitFor(() => expect(location()).toBe("/sportbn/ads?window=scheduled"));
    expect(shownPages()).toEqual(["tonight"]);
    await userEvent.click(screen.getByRole("combobox", { name: "Window" }));
    await userEvent.click(await screen.findByRole("option", { name: "Active" }));
    await waitFor(() => expect(location()).toBe("/sportbn/ads?window=active"));
    // Switched on and open now: what the public site shows.
    expect(shownPages()).toEqual(["today", "overnight", "always"]);
  });

  it("opens on the filter the URL names; an empty result offers Clear filters", async () => {
    api([ad("tonight", { startsAt: "2026-11-28T19:00:00.000Z" })]);
    const { location } = renderAt("/sportbn/ads?window=ended", <AdsScreen />);
    expect(await screen.findByText("No ads in this window.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(location()).toBe("/sportbn/ads"));
    expect(await card("tonight")).toBeInTheDocument();
  });

  it("changes the card and the filter at the boundary, without a reload", async () => {
    const starts = NOW + 400;
    const calls = api([ad("soon", { startsAt: new Date(starts).toISOString() })]);
    renderAt("/sportbn/ads?window=scheduled", <AdsScreen />);
    await waitFor(async () => expect(await badge("soon")).toBe("Starts 28/11/2026 11:00"));
    vi.setSystemTime(starts);
    expect(await screen.findByText("No ads in this window.", {}, { timeout: 2000 })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/sportbn/ads")).toHaveLength(1);
  });
});

describe("the ad dialog's window", () => {
  const dialog = () => screen.getByRole("dialog");

  it("has Starts and Ends in the site's time zone, named beside them, and sends instants", async () => {
    const calls = api([ad("banner")], {
      "PUT /sportbn/ads/ad-banner": { body: { status: "success", data: ad("banner") } },
    });
    renderAt("/sportbn/ads", <AdsScreen />);
    await userEvent.click(within(await card("banner")).getByRole("button", { name: "Edit ad banner" }));
    await screen.findByRole("heading", { name: "Edit Ad" });
    const starts = within(dialog()).getByLabelText("Starts");
    expect(starts).toHaveAccessibleDescription(expect.stringContaining(`dd/mm/yyyy HH:mm, ${TIME_ZONE}`));
    expect(within(dialog()).getAllByText(TIME_ZONE)).toHaveLength(2);
    await userEvent.type(starts, "28/11/2026");
    await userEvent.type(within(dialog()).getByLabelText("Starts time"), "20:00");
    await userEvent.type(within(dialog()).getByLabelText("Ends"), "29/11/2026");
    await userEvent.type(within(dialog()).getByLabelText("Ends time"), "1:30");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Update Ad" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({
      startsAt: "2026-11-28T19:00:00.000Z",
      endsAt: "2026-11-29T00:30:00.000Z",
    });
  });

  it("shows a stored window in the site's time zone; an end before the start is refused at Ends, nothing sent", async () => {
    const calls = api([
      ad("today", { startsAt: "2026-11-28T06:00:00.000Z", endsAt: "2026-11-28T22:00:00.000Z" }),
    ]);
    renderAt("/sportbn/ads", <AdsScreen />);
    await userEvent.click(within(await card("today")).getByRole("button", { name: "Edit ad today" }));
    await screen.findByRole("heading", { name: "Edit Ad" });
    expect(within(dialog()).getByLabelText("Starts")).toHaveValue("28/11/2026");
    expect(within(dialog()).getByLabelText("Starts time")).toHaveValue("07:00");
    expect(within(dialog()).getByLabelText("Ends time")).toHaveValue("23:00");
    await userEvent.clear(within(dialog()).getByLabelText("Ends time"));
    await userEvent.type(within(dialog()).getByLabelText("Ends time"), "06:00");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Update Ad" }));
    expect(await within(dialog()).findByText("Choose an end after the start.")).toBeInTheDocument();
    expect(within(dialog()).getByLabelText("Ends")).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog()).getByLabelText("Ends")).toHaveFocus();
    // Said at the field alone: the required toast is for page name and URL.
    expect(toasts).toEqual([]);
    expect(calls.filter((call) => call.method !== "GET")).toEqual([]);
  });

  it("puts the server's refusal of a window end at its field", async () => {
    api([ad("banner")], {
      "PUT /sportbn/ads/ad-banner": {
        status: 400,
        body: {
          status: "fail",
          message: "startsAt must be at most 2 years ahead",
          errors: [{ path: "startsAt", message: "startsAt must be at most 2 years ahead", code: "invalid" }],
        },
      },
    });
    renderAt("/sportbn/ads", <AdsScreen />);
    await userEvent.click(within(await card("banner")).getByRole("button", { name: "Edit ad banner" }));
    await screen.findByRole("heading", { name: "Edit Ad" });
    await userEvent.type(within(dialog()).getByLabelText("Starts"), "01/01/2030");
    await userEvent.type(within(dialog()).getByLabelText("Starts time"), "10:00");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Update Ad" }));
    expect(await within(dialog()).findByText("startsAt must be at most 2 years ahead")).toBeInTheDocument();
    expect(within(dialog()).getByLabelText("Starts")).toHaveAttribute("aria-invalid", "true");
    expect(toasts).toEqual([]);
  });

  it("Apply at… sends the fields the edit changes with ?applyAt= in the site's time zone, and says when it applies", async () => {
    const calls = api([ad("banner")], {
      "PUT /sportbn/ads/ad-banner": {
        status: 202,
        body: { status: "success", data: {}, message: "Change scheduled" },
      },
    });
    renderAt("/sportbn/ads", <AdsScreen />);
    await userEvent.click(within(await card("banner")).getByRole("button", { name: "Edit ad banner" }));
    await screen.findByRole("heading", { name: "Edit Ad" });
    const url = within(dialog()).getByLabelText("Domain URL *");
    await userEvent.clear(url);
    await userEvent.type(url, "https://ads.example/tonight");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Apply at…" }));
    await userEvent.type(within(dialog()).getByLabelText("Apply at"), "28/11/2026");
    await userEvent.type(within(dialog()).getByLabelText("Apply at time"), "20:00");
    await userEvent.click(within(dialog()).getByRole("button", { name: "Schedule change" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    const put = calls.find((call) => call.method === "PUT")!;
    expect(put.query.get("applyAt")).toBe("2026-11-28T19:00:00.000Z");
    // Only what changed: the Schedule lists the fields the change sets.
    expect(put.body).toEqual({ url: "https://ads.example/tonight" });
    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({
          title: "Change scheduled",
          description: `banner changes at 28/11/2026 20:00 (${TIME_ZONE}).`,
        }),
      ]),
    );
  });
});
