import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, configWithZone, fakeApi, renderAt, type ShownToast } from "@/lib/screen.testing";
import { movieItem } from "../utils/movie-item.testing";
import { MoviesListScreen } from "./movies-list-screen";

// Titles' Featured window and "Apply at…" (docs/PRODUCT-RULES.md#windows, #scheduled-changes): a row
// says where a set Featured flag's window stands, the Window filter (in the URL) keeps the titles in
// it, and Edit shows and saves the window, or makes the change wait, in the site's time zone (New
// York, UTC-5 in November).
const TIME_ZONE = "America/New_York";
// 05:00 in New York.
const NOW = Date.parse("2026-11-28T10:00:00.000Z");

const TITLES = [
  movieItem("t1", "Kick-off film", { featured: true, featuredStartsAt: "2026-11-29T01:00:00.000Z" }),
  movieItem("t2", "Morning show", { featured: true, featuredEndsAt: "2026-11-28T12:00:00.000Z" }),
  movieItem("t3", "Old feature", { featured: true, featuredEndsAt: "2026-11-28T09:00:00.000Z" }),
  movieItem("t4", "Plain film"),
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

const api = (routes = {}) =>
  fakeApi({
    "GET /config": configWithZone(TIME_ZONE),
    "GET /movies/catalog": { body: TITLES },
    "GET /movies/history/titles/t1": { body: { status: "success", data: [] } },
    "GET /movies/history/titles/t4": { body: { status: "success", data: [] } },
    ...routes,
  });
const row = (title: string) => screen.getByRole("article", { name: title });
const shownTitles = () =>
  screen.queryAllByRole("article").map((article) => article.querySelector("h3")?.textContent);

describe("titles' Featured window", () => {
  it("rows say when Featured starts, until when it is live, or that it ended, and filter by Window in the URL", async () => {
    api();
    const { location } = renderAt("/movies/list", <MoviesListScreen />);
    await screen.findByRole("article", { name: "Kick-off film" });
    await waitFor(() =>
      expect(within(row("Kick-off film")).getByText("Featured: Starts 28/11/2026 20:00")).toBeInTheDocument(),
    );
    expect(within(row("Morning show")).getByText("Featured: Live until 07:00")).toBeInTheDocument();
    expect(within(row("Old feature")).getByText("Featured: Ended")).toBeInTheDocument();
    expect(within(row("Plain film")).queryByText(/Featured:/)).toBeNull();

    await userEvent.click(screen.getByRole("combobox", { name: "Window" }));
    await userEvent.click(await screen.findByRole("option", { name: "Active" }));
    await waitFor(() => expect(location()).toBe("/movies/list?window=active"));
    // Featured now: the open window, not the unfeatured title without one.
    expect(shownTitles()).toEqual(["Morning show"]);
    await userEvent.click(screen.getByRole("combobox", { name: "Window" }));
    await userEvent.click(await screen.findByRole("option", { name: "Scheduled" }));
    await waitFor(() => expect(shownTitles()).toEqual(["Kick-off film"]));
  });

  it("Edit shows the window in the site's time zone and saves the one typed as instants", async () => {
    const calls = api({
      "PATCH /movies/catalog/t1": { body: { status: "success", data: TITLES[0] } },
    });
    renderAt("/movies/list", <MoviesListScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Edit Kick-off film" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByLabelText("Featured starts")).toHaveValue("28/11/2026");
    expect(within(dialog).getByLabelText("Featured starts time")).toHaveValue("20:00");
    expect(within(dialog).getAllByText(TIME_ZONE).length).toBeGreaterThan(0);
    // An end before the start is said at the end's field, and nothing is sent.
    await userEvent.type(within(dialog).getByLabelText("Featured ends"), "28/11/2026");
    await userEvent.type(within(dialog).getByLabelText("Featured ends time"), "19:00");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Choose an end after the start.")).toBeInTheDocument();
    expect(calls.some((call) => call.method === "PATCH")).toBe(false);

    await userEvent.clear(within(dialog).getByLabelText("Featured ends time"));
    await userEvent.type(within(dialog).getByLabelText("Featured ends time"), "22:45");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PATCH")).toBe(true));
    const patch = calls.find((call) => call.method === "PATCH")!;
    expect(patch.body).toMatchObject({
      featured: true,
      featuredStartsAt: "2026-11-29T01:00:00.000Z",
      featuredEndsAt: "2026-11-29T03:45:00.000Z",
    });
    expect(patch.query.get("applyAt")).toBeNull();
  });

  it("Edit's Apply at… sends the change with ?applyAt=, says when it applies, and leaves the list as it is", async () => {
    const calls = api({
      "PATCH /movies/catalog/t4": {
        status: 202,
        body: {
          status: "success",
          message: "Change scheduled",
          data: { _id: "change-1", status: "pending" },
        },
      },
    });
    renderAt("/movies/list", <MoviesListScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Edit Plain film" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.clear(within(dialog).getByLabelText("Title *"));
    await userEvent.type(within(dialog).getByLabelText("Title *"), "Premiere film");
    await userEvent.click(within(dialog).getByRole("button", { name: "Apply at…" }));
    await userEvent.type(within(dialog).getByLabelText("Apply at"), "28/11/2026");
    await userEvent.type(within(dialog).getByLabelText("Apply at time"), "19:30");
    await userEvent.click(within(dialog).getByRole("button", { name: "Schedule change" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PATCH")).toBe(true));
    const patch = calls.find((call) => call.method === "PATCH")!;
    expect(patch.query.get("applyAt")).toBe("2026-11-29T00:30:00.000Z");
    expect(patch.body).toMatchObject({ title: "Premiere film" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(toasts).toContainEqual(
      expect.objectContaining({
        title: "Change scheduled",
        description: `Plain film changes at 28/11/2026 19:30 (${TIME_ZONE}).`,
      }),
    );
    expect(shownTitles()).toContain("Plain film");
  });
});
