import { describe, expect, it } from "vitest";
import { lockerPayload, lockerTexts, lockerValuesOf, secondsFromInput } from "./locker-texts";

describe("secondsFromInput", () => {
  it("reads whole numbers and turns anything else into 0", () => {
    expect(secondsFromInput("45")).toBe(45);
    expect(secondsFromInput("301")).toBe(301);
    expect(secondsFromInput("")).toBe(0);
    expect(secondsFromInput("abc")).toBe(0);
    expect(secondsFromInput("-3")).toBe(-3);
  });
});

describe("lockerValuesOf", () => {
  it("defaults to 30 seconds and active without a record", () => {
    expect(lockerValuesOf(null, ["js"])).toEqual({ type: "js", seconds: 30, isActive: true });
  });
  it("starts from the stored locker", () => {
    const stored = {
      _id: "x",
      site: "sportbn",
      type: "api" as const,
      seconds: 12,
      isActive: false,
      createdAt: "",
      updatedAt: "",
    };
    expect(lockerValuesOf(stored, ["js", "api"])).toEqual({ type: "api", seconds: 12, isActive: false });
  });
});

describe("lockerPayload", () => {
  it("sends sportbn's isActive as text", () => {
    expect(lockerPayload("sportbn", "sportbn", { type: "api", seconds: 5, isActive: false })).toEqual({
      type: "api",
      seconds: 5,
      isActive: "false",
    });
  });
  it("sends movies' site and the fixed type js", () => {
    expect(lockerPayload("movies", "movies", { type: "api", seconds: 5, isActive: true })).toEqual({
      site: "movies",
      type: "js",
      seconds: 5,
      isActive: true,
    });
  });
});

describe("toast wording (spec §8)", () => {
  it("sportbn", () => {
    expect(lockerTexts.sportbn.saved({ type: "js", seconds: 30, isActive: true }).description).toBe(
      "Locker activated with 30 seconds for locker JS.",
    );
    expect(lockerTexts.sportbn.saved({ type: "api", seconds: 9, isActive: false }).description).toBe(
      "Locker deactivated with 9 seconds for locker API.",
    );
  });
  it("movies", () => {
    expect(lockerTexts.movies.saved({ type: "js", seconds: 45, isActive: false })).toEqual({
      title: "Locker settings (movies)",
      description: "deactivated with 45s (JS).",
    });
  });
});
