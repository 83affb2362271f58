import { describe, expect, it } from "vitest";
import { siteOfPath, sites } from "./index";

describe("site settings", () => {
  it("siteOfPath", () => {
    expect(siteOfPath("/sportbn/matches")).toBe("sportbn");
    expect(siteOfPath("/login")).toBeNull();
    expect(siteOfPath("/")).toBeNull();
  });

  it("wording and truncation variants", () => {
    expect(sites.apkw.truncation).toEqual(sites.sportbn.truncation);
    expect(sites.movies.truncation.adUrl).toEqual({ default: 40, mobile: 24 });
    expect(sites.sportbn.truncation.adUrl).toEqual({ default: 20, mobile: 15 });
    expect(sites.movies.wording.adUpdated).toBe("Ad updated successfully");
    expect(sites.sportbn.wording.adUpdated).toBe("Ad created successfully");
    expect(sites.movies.apiVariant).toBe("movies");
  });
});
