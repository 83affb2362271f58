import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, renderAt } from "@/lib/screen.testing";
import { MoviesImportScreen } from "./movies-import-screen";

beforeEach(() => {
  captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

it("a title's release day shows as dd/mm/yyyy, the product's one date format", async () => {
  fakeApi({
    "GET /tmdb/trending/movie/day": {
      body: {
        page: 1,
        results: [{ id: 603, title: "The Matrix", release_date: "1999-03-31", vote_average: 8.2 }],
        total_pages: 1,
        total_results: 1,
      },
    },
    "GET /movies/catalog": { body: [] },
  });
  renderAt("/movies/import", <MoviesImportScreen />);
  const card = await screen.findByRole("article", { name: "The Matrix" });
  expect(within(card).getByText("31/03/1999")).toBeInTheDocument();
});
