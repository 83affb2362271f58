import { describe, expect, it } from "vitest";
import { pageNumbers } from "./pagination";

describe("pageNumbers", () => {
  it("fixed: 1 to 5 whatever the current page", () => {
    expect(pageNumbers(1, 12, "fixed")).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(9, 12, "fixed")).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(2, 3, "fixed")).toEqual([1, 2, 3]);
  });

  it("window: 5 pages around the current one, kept inside 1..N", () => {
    expect(pageNumbers(1, 12, "window")).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(6, 12, "window")).toEqual([4, 5, 6, 7, 8]);
    expect(pageNumbers(12, 12, "window")).toEqual([8, 9, 10, 11, 12]);
    expect(pageNumbers(2, 2, "window")).toEqual([1, 2]);
  });

  it("no pages, no buttons", () => {
    expect(pageNumbers(1, 0, "fixed")).toEqual([]);
  });
});
