import { describe, expect, it } from "vitest";
import { emptyApplyAt, emptyWindowForm } from "../../../components/window/window-form";
import { lockerFormSchema, lockerPayload, lockerTexts, lockerValuesOf } from "./locker-texts";

describe("lockerFormSchema", () => {
  const secondsError = (seconds: string) =>
    lockerFormSchema.safeParse({
      type: "js",
      seconds,
      isActive: true,
      ...emptyWindowForm(),
      ...emptyApplyAt(),
    }).error?.issues[0]?.message;
  it("takes whole seconds from 1 to 300, typed or numeric", () => {
    expect(
      lockerFormSchema.parse({
        type: "api",
        seconds: "45",
        isActive: false,
        ...emptyWindowForm(),
        ...emptyApplyAt(),
      }),
    ).toEqual({
      type: "api",
      seconds: 45,
      isActive: false,
      ...emptyWindowForm(),
      ...emptyApplyAt(),
    });
    expect(secondsError("300")).toBeUndefined();
  });
  it("refuses 12.5, an empty field, text and out-of-range values with the range message", () => {
    for (const bad of ["12.5", "", "abc", "0", "301", "-3"]) {
      expect(secondsError(bad)).toBe("Enter a whole number from 1 to 300.");
    }
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
      startsAt: null,
      endsAt: null,
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

describe("toast wording", () => {
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
      description: "Locker deactivated with 45s (JS).",
    });
  });
});
