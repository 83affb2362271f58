import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, renderAt, type ShownToast } from "@/lib/screen.testing";
import { movieItem } from "../utils/movie-item.testing";
import { MoviesListScreen } from "./movies-list-screen";

/**
 * Movies & TV List: a search without a hit is not an empty catalogue, Delete Selected waits for a
 * selection as every list's does, and Feature/Unfeature says what it did. The journey through the
 * real servers is e2e/movies.e2e.ts.
 */

const catalogue = [movieItem("2", "The Matrix"), movieItem("1", "Coco", { featured: true })];

let toasts: ShownToast[];
let calls: ReturnType<typeof fakeApi>;
beforeEach(() => {
  toasts = captureToasts();
  // The content service searches titles, as `GET /api/movies?search=` does.
  calls = fakeApi({
    "GET /movies/catalog": ({ query }) => ({
      body: catalogue.filter((item) =>
        item.title.toLowerCase().includes((query.get("search") ?? "").toLowerCase()),
      ),
    }),
    "PATCH /movies/catalog/2": { body: { status: "success", data: { ...catalogue[0], featured: true } } },
    "PATCH /movies/catalog/1": { body: { status: "success", data: { ...catalogue[1], featured: false } } },
  });
});
afterEach(() => vi.unstubAllGlobals());

const row = (title: string) => screen.getByRole("article", { name: new RegExp(title) });

describe("Movies & TV List", () => {
  it("with the content service down: what failed and Try again, which loads the list once it is back", async () => {
    let down = true;
    calls = fakeApi({
      // The api's pass-through answers 502 while the content service does not answer.
      "GET /movies/catalog": () =>
        down
          ? { status: 502, body: { status: "error", message: "The content service is unavailable" } }
          : { body: catalogue },
    });
    renderAt("/movies/list", <MoviesListScreen />);
    const retry = await screen.findByRole("button", { name: "Try again" });
    expect(screen.getAllByText("Failed to load the catalogue").length).toBeGreaterThan(0);
    expect(screen.getAllByText("The content service is unavailable").length).toBeGreaterThan(0);
    down = false;
    await userEvent.click(retry);
    expect(await screen.findByRole("article", { name: /The Matrix/ })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("a search without a hit shows no results with Clear filters, not No items yet", async () => {
    const at = renderAt("/movies/list?q=zzz", <MoviesListScreen />);
    expect(await screen.findByText("No matching titles")).toBeInTheDocument();
    expect(screen.getByText("No titles match the filter and search.")).toBeInTheDocument();
    expect(screen.queryByText("No items yet")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(at.location()).toBe("/movies/list"));
    expect(await screen.findByRole("article", { name: /The Matrix/ })).toBeInTheDocument();
  });

  it("searches as you type, after a pause, with the search in the URL and no Search button", async () => {
    const at = renderAt("/movies/list", <MoviesListScreen />);
    await screen.findByRole("article", { name: /Coco/ });
    expect(screen.queryByRole("button", { name: "Search" })).toBeNull();
    await userEvent.type(screen.getByRole("searchbox", { name: "Search titles" }), "matrix");
    await waitFor(() => expect(at.location()).toBe("/movies/list?q=matrix"));
    await waitFor(() => expect(screen.queryByRole("article", { name: /Coco/ })).toBeNull());
    expect(screen.getByRole("article", { name: /The Matrix/ })).toBeInTheDocument();
    // One request for the whole word, once typing paused.
    const searches = calls.filter((c) => c.path === "/movies/catalog" && c.query.get("search"));
    expect(searches.map((c) => c.query.get("search"))).toEqual(["matrix"]);
  });

  it("Delete Selected is disabled, not red, until a title is selected", async () => {
    renderAt("/movies/list", <MoviesListScreen />);
    await screen.findByRole("article", { name: /The Matrix/ });
    const remove = screen.getByRole("button", { name: "Delete Selected (0)" });
    expect(remove).toBeDisabled();
    expect(remove.className).not.toMatch(/bg-destructive/);
    await userEvent.click(within(row("The Matrix")).getByRole("checkbox", { name: "Select The Matrix" }));
    expect(screen.getByRole("button", { name: "Delete Selected (1)" })).toBeEnabled();
  });

  it("Feature and Unfeature say what they did", async () => {
    renderAt("/movies/list", <MoviesListScreen />);
    await userEvent.click(
      within(await screen.findByRole("article", { name: /The Matrix/ })).getByRole("button", {
        name: "Feature",
      }),
    );
    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({ title: "Title featured", description: "The Matrix now shows first." }),
      ]),
    );
    await userEvent.click(within(row("Coco")).getByRole("button", { name: "Unfeature" }));
    await waitFor(() =>
      expect(toasts.at(-1)).toEqual(
        expect.objectContaining({
          title: "Title no longer featured",
          description: "Coco no longer shows first.",
        }),
      ),
    );
    expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
      { featured: true },
      { featured: false },
    ]);
  });
});
