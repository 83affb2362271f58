import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "@/lib/session";
import { sites } from "@/sites";
import { movieItem } from "../utils/movie-item.testing";
import { catalogQueryOptions, useCatalog } from "./catalog";

const title = (id: string, name: string, type: "movie" | "tv", overview = "") =>
  movieItem(id, name, { type, overview });

const catalogue = [
  title("3", "The Matrix", "movie", "A hacker learns the truth."),
  title("2", "Breaking Bad", "tv", "A chemistry TEACHER turns to crime."),
  title("1", "Coco", "movie", "A boy and his family."),
];

let requests: string[];
beforeEach(() => {
  saveSession("tok", { email: "admin@example.com", role: "admin" });
  requests = [];
  // The content service never answers: what the hook shows meanwhile is its own.
  vi.stubGlobal("fetch", (url: string) => {
    requests.push(url);
    return new Promise<Response>(() => {});
  });
});
afterEach(() => vi.unstubAllGlobals());

function withCatalogueLoaded() {
  const client = new QueryClient();
  client.setQueryData(catalogQueryOptions(sites.movies).queryKey, catalogue);
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe("useCatalog while the service answers a new filter (reactions within 100 ms)", () => {
  it("shows the loaded catalogue filtered at once, as the service filters: type, and search in title or overview", async () => {
    const wrapper = withCatalogueLoaded();
    const search = renderHook(() => useCatalog(sites.movies, { search: "  teacher " }), { wrapper });
    expect(search.result.current.data?.map((item) => item.title)).toEqual(["Breaking Bad"]);
    expect(search.result.current.isPlaceholderData).toBe(true);
    const movies = renderHook(() => useCatalog(sites.movies, { type: "movie", search: "a" }), { wrapper });
    expect(movies.result.current.data?.map((item) => item.title)).toEqual(["The Matrix", "Coco"]);
    // The service is still asked: its answer replaces the preview.
    await waitFor(() =>
      expect(requests.some((url) => url.includes("/movies/catalog?") && url.includes("teacher"))).toBe(true),
    );
  });

  it("shows nothing before the catalogue has loaded once", () => {
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useCatalog(sites.movies, { search: "coco" }), { wrapper });
    expect(result.current.data).toBeUndefined();
    expect(result.current.isPending).toBe(true);
  });
});
