import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { movieItem } from "./movie-item.testing";
import {
  catalogTotals,
  failureText,
  genresLine,
  movieFormSchema,
  movieMessages,
  posterUrl,
  quickAddSchema,
  ratingText,
  sortTitles,
  statusOf,
  yearOf,
} from "./movie-texts";

const item = movieItem;

describe("the movies screens' rules", () => {
  it("reads a poster starting with http as a full URL, anything else as a movie-database path", () => {
    expect(posterUrl("https://cdn.example/p.jpg", "w185")).toBe("https://cdn.example/p.jpg");
    expect(posterUrl("/abc.jpg", "w185")).toBe("/api/v1/tmdb/images/w185/abc.jpg");
    expect(posterUrl("abc.jpg", "w500")).toBe("/api/v1/tmdb/images/w500/abc.jpg");
    expect(posterUrl("", "w185")).toBeNull();
    expect(posterUrl(null, "w185")).toBeNull();
  });

  it("sorts newest first on the id's time, or A to Z", () => {
    const old = item("5f000000aaaaaaaaaaaaaaaa", "Zulu");
    const recent = item("6a000000aaaaaaaaaaaaaaaa", "Alpha");
    const middle = item("60000000aaaaaaaaaaaaaaaa", "Mike");
    expect(sortTitles([old, recent, middle], true).map((i) => i.title)).toEqual(["Alpha", "Mike", "Zulu"]);
    expect(sortTitles([recent, old, middle], true).map((i) => i._id)).toEqual([
      recent._id,
      middle._id,
      old._id,
    ]);
    expect(sortTitles([old, middle, recent], false).map((i) => i.title)).toEqual(["Alpha", "Mike", "Zulu"]);
  });

  it("shows draft, dashes and at most two genres", () => {
    const bare = item("6a000000aaaaaaaaaaaaaaaa", "Bare");
    expect(statusOf(bare)).toBe("draft");
    expect(yearOf(bare.releaseDate)).toBe("-");
    expect(ratingText(null)).toBe("-");
    expect(ratingText(7.25)).toBe("7.3");
    expect(
      genresLine(item("x", "G", { genres: [{ name: "Drama" }, { name: "Crime" }, { name: "War" }] })),
    ).toBe("Drama • Crime");
    expect(catalogTotals([bare, item("y", "T", { type: "tv" })])).toEqual({ total: 2, movies: 1, tv: 1 });
  });

  it("words confirmations in the singular for one", () => {
    expect(movieMessages.confirmDeleteMany(1)).toBe("Delete 1 item?");
    expect(movieMessages.confirmDeleteMany(3)).toBe("Delete 3 items?");
    expect(movieMessages.confirmLocker(true, 1)).toBe("Set locker for 1 item?");
    expect(movieMessages.confirmLocker(false, 4)).toBe("Clear locker for 4 items?");
  });

  it("alerts with the server's answer text, its message, or the word error", () => {
    expect(failureText(new ApiError("Request failed (409)", 409, "Already imported: Dune"))).toBe(
      "Already imported: Dune",
    );
    expect(failureText(new ApiError("x", 404, { status: "fail", message: "Title not found" }))).toBe(
      "Title not found",
    );
    expect(failureText(new Error("boom"))).toBe("error");
    expect(movieMessages.deleteFailed("Title not found")).toBe("Delete failed: Title not found");
  });

  it("checks the Edit and Quick Add fields", () => {
    const valid = {
      title: "T",
      overview: "",
      poster_path: "",
      vote_average: "9.9",
      featured: false,
      featuredStartsAt: { day: "", time: "" },
      featuredEndsAt: { day: "", time: "" },
      lockerSelected: false,
      applyAt: { day: "", time: "" },
    };
    expect(movieFormSchema.safeParse(valid).success).toBe(true);
    // The Featured window's end after its start, named at the end.
    const backwards = movieFormSchema.safeParse({
      ...valid,
      featuredStartsAt: { day: "28/11/2026", time: "20:00" },
      featuredEndsAt: { day: "28/11/2026", time: "19:00" },
    });
    expect(backwards.success ? [] : backwards.error.issues.map((issue) => issue.path.join("."))).toEqual([
      "featuredEndsAt",
    ]);
    expect(movieFormSchema.safeParse({ ...valid, vote_average: "10.1" }).success).toBe(false);
    expect(movieFormSchema.safeParse({ ...valid, poster_path: "javascript:alert(1)" }).success).toBe(false);
    const missing = quickAddSchema.safeParse({ kind: "movie", tmdbId: "  ", featured: false });
    expect(missing.success ? "" : missing.error.issues[0]!.message).toBe("TMDB ID required");
    expect(quickAddSchema.safeParse({ kind: "tv", tmdbId: "1396", featured: true }).success).toBe(true);
  });
});
