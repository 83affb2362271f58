import { describe, expect, it } from "vitest";
import { ID_PATTERN, newId } from "./ids.ts";

describe("newId", () => {
  it("is 24 hex digits with the creation time in seconds in the first 8", () => {
    const now = Date.UTC(2026, 10, 22, 12, 0, 0);
    const id = newId(now);
    expect(id).toMatch(ID_PATTERN);
    expect(Number.parseInt(id.slice(0, 8), 16)).toBe(now / 1000);
  });

  it("sorts in creation order within one second", () => {
    const now = Date.now();
    const ids = Array.from({ length: 50 }, () => newId(now));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(50);
  });
});
