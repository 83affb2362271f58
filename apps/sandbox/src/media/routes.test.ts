import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSandbox } from "../app.ts";
import { decodePng } from "../lib/png-decode.ts";
import { initials, wrap } from "./images.ts";

let app: FastifyInstance;

beforeAll(async () => {
  app = buildSandbox();
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

async function posterOf(kind: "movie" | "tv", id: number): Promise<{ poster: string; backdrop: string }> {
  const body = (await app.inject({ url: `/tmdb/3/${kind}/${id}?api_key=k` })).json();
  return { poster: body.poster_path, backdrop: body.backdrop_path };
}

describe("TMDB image stand-in", () => {
  it("serves a poster PNG of the requested width at 2:3", async () => {
    const { poster } = await posterOf("movie", 603);
    for (const [size, width, height] of [
      ["w92", 92, 138],
      ["w185", 185, 278],
      ["w342", 342, 513],
      ["w500", 500, 750],
      ["original", 1000, 1500],
    ] as const) {
      const response = await app.inject({ url: `/tmdb-images/t/p/${size}${poster}` });
      expect(response.statusCode, size).toBe(200);
      expect(response.headers["content-type"]).toBe("image/png");
      expect(response.headers["cache-control"]).toContain("max-age");
      const png = decodePng(response.rawPayload);
      expect([png.width, png.height]).toEqual([width, height]);
      expect(png.raw.length).toBe(height * (width * png.channels + 1));
    }
  });

  it("serves backdrops at 16:9 and any unknown file name as a plain poster", async () => {
    const { backdrop } = await posterOf("tv", 1396);
    const wide = decodePng((await app.inject({ url: `/tmdb-images/t/p/w780${backdrop}` })).rawPayload);
    expect([wide.width, wide.height]).toEqual([780, 439]);
    const unknown = await app.inject({ url: "/tmdb-images/t/p/w185/AnyFileName123.jpg" });
    expect(unknown.statusCode).toBe(200);
    expect(decodePng(unknown.rawPayload).width).toBe(185);
  });

  it("is deterministic per file and differs between titles", async () => {
    const matrix = (await posterOf("movie", 603)).poster;
    const inception = (await posterOf("movie", 27205)).poster;
    const first = await app.inject({ url: `/tmdb-images/t/p/w185${matrix}` });
    const other = buildSandbox();
    const again = await other.inject({ url: `/tmdb-images/t/p/w185${matrix}` });
    await other.close();
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const different = await app.inject({ url: `/tmdb-images/t/p/w185${inception}` });
    expect(different.rawPayload.equals(first.rawPayload)).toBe(false);
  });

  it("answers 404 for unknown sizes and odd file names", async () => {
    for (const url of [
      "/tmdb-images/t/p/w999/abc.jpg",
      "/tmdb-images/t/p/large/abc.jpg",
      "/tmdb-images/t/p/w500/abc.gif",
      "/tmdb-images/t/p/w500/..%2Fsecret.jpg",
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});

describe("API-Sports media stand-in", () => {
  it("serves team and league badges as 150px PNGs with transparency", async () => {
    const team = await app.inject({ url: "/media/football/teams/33.png" });
    expect(team.statusCode).toBe(200);
    const png = decodePng(team.rawPayload);
    expect([png.width, png.height, png.channels]).toEqual([150, 150, 4]);
    expect(png.raw[4]).toBe(0); // top-left corner pixel's alpha: outside the round badge
    expect((await app.inject({ url: "/media/basketball/leagues/12.png" })).statusCode).toBe(200);
  });

  it("answers 404 for unknown ids, sports and kinds", async () => {
    for (const url of [
      "/media/football/teams/999999.png",
      "/media/cricket/teams/33.png",
      "/media/football/players/33.png",
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it("serves flags as SVG", async () => {
    const flag = await app.inject({ url: "/media/flags/gb-eng.svg" });
    expect(flag.headers["content-type"]).toBe("image/svg+xml");
    expect(flag.body).toContain("GB-ENG");
    expect((await app.inject({ url: "/media/flags/<script>.svg" })).statusCode).toBe(404);
  });
});

describe("badge and poster text", () => {
  it("derives badge initials", () => {
    expect(initials("Manchester United")).toBe("MU");
    expect(initials("Paris Saint Germain")).toBe("PSG");
    expect(initials("NBA")).toBe("NBA");
    expect(initials("1. FC Köln")).toBe("KÖLN");
    expect(initials("Borussia Mönchengladbach")).toBe("BM");
    expect(initials("Arsenal")).toBe("ARS");
  });

  it("wraps words and cuts only words longer than a line", () => {
    expect(wrap("The Lord of the Rings", 8)).toEqual(["The Lord", "of the", "Rings"]);
    expect(wrap("Supercalifragilistic", 8)).toEqual(["Supercal", "ifragili", "stic"]);
  });
});
