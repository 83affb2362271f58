import { describe, expect, it } from "vitest";
import { TMDB_PRODUCTION_IMAGE_URL, TMDB_PRODUCTION_URL, tmdbSettings } from "./tmdb.ts";

const SANDBOX_URL = "http://127.0.0.1:8082";

describe("tmdbSettings", () => {
  it("uses the sandbox with the key 'sandbox' when nothing is configured", () => {
    expect(tmdbSettings({ SANDBOX_URL })).toEqual({
      baseUrl: "http://127.0.0.1:8082/tmdb/3",
      apiKey: "sandbox",
      imageBaseUrl: "http://127.0.0.1:8082/tmdb-images/t/p",
    });
    expect(tmdbSettings({ SANDBOX_URL: "http://10.0.0.2:9000/" })).toMatchObject({
      baseUrl: "http://10.0.0.2:9000/tmdb/3",
      imageBaseUrl: "http://10.0.0.2:9000/tmdb-images/t/p",
    });
  });

  it("uses TMDB and its image host once a key is configured", () => {
    expect(tmdbSettings({ SANDBOX_URL, TMDB_API_KEY: "real" })).toEqual({
      baseUrl: TMDB_PRODUCTION_URL,
      apiKey: "real",
      imageBaseUrl: TMDB_PRODUCTION_IMAGE_URL,
    });
  });

  it("uses explicit URLs as given, even without a key", () => {
    expect(
      tmdbSettings({
        SANDBOX_URL,
        TMDB_BASE_URL: "https://tmdb.proxy.example/3/",
        TMDB_IMAGE_BASE_URL: "https://img.proxy.example/t/p/",
      }),
    ).toEqual({
      baseUrl: "https://tmdb.proxy.example/3",
      apiKey: undefined,
      imageBaseUrl: "https://img.proxy.example/t/p",
    });
    expect(tmdbSettings({ SANDBOX_URL, TMDB_BASE_URL: "http://127.0.0.1:8082/tmdb/3" }).apiKey).toBe(
      "sandbox",
    );
  });
});
