import { describe, expect, it } from "vitest";
import { diffCounts, diffLines, linesOf, sideBySide } from "./line-diff";

const ops = (before: string, after: string) =>
  diffLines(linesOf(before), linesOf(after)).map(
    (op) => `${{ same: " ", removed: "-", added: "+" }[op.kind]}${op.text}`,
  );

describe("diffLines (LCS)", () => {
  it("keeps equal scripts whole", () => {
    expect(ops("a\nb", "a\nb")).toEqual([" a", " b"]);
    expect(ops("", "")).toEqual([]);
  });

  it("an edited line is removed, then added, between the lines kept", () => {
    expect(ops("<script>\nvar a = 1;\n</script>", "<script>\nvar a = 2;\n</script>")).toEqual([
      " <script>",
      "-var a = 1;",
      "+var a = 2;",
      " </script>",
    ]);
  });

  it("finds the longest common subsequence, not only a common head and tail", () => {
    expect(ops("a\nb\nc\nd\ne", "a\nc\nx\nd\ne\nf")).toEqual([" a", "-b", " c", "+x", " d", " e", "+f"]);
    expect(ops("x\ny\nz", "y\nz\nx")).toEqual(["-x", " y", " z", "+x"]);
  });

  it("a script added or removed whole; CRLF and LF lines compare equal", () => {
    expect(ops("", "one\ntwo")).toEqual(["+one", "+two"]);
    expect(ops("one\ntwo", "")).toEqual(["-one", "-two"]);
    expect(ops("a\r\nb", "a\nb")).toEqual([" a", " b"]);
    expect(linesOf(null)).toEqual([]);
  });

  it("a very long change is shown removed then added instead of building a huge table", () => {
    const before = Array.from({ length: 3000 }, (_, i) => `old ${i}`);
    const after = Array.from({ length: 3000 }, (_, i) => `new ${i}`);
    const result = diffLines(before, after);
    expect(diffCounts(result)).toEqual({ removed: 3000, added: 3000 });
    expect(result[0]).toEqual({ kind: "removed", text: "old 0" });
    expect(result[3000]).toEqual({ kind: "added", text: "new 0" });
  });
});

describe("sideBySide", () => {
  it("faces a removed line with the line added in its place, numbering each side", () => {
    const rows = sideBySide(diffLines(linesOf("a\nb\nc"), linesOf("a\nB\nB2\nc")));
    expect(rows).toEqual([
      { left: { number: 1, text: "a", changed: false }, right: { number: 1, text: "a", changed: false } },
      { left: { number: 2, text: "b", changed: true }, right: { number: 2, text: "B", changed: true } },
      { left: null, right: { number: 3, text: "B2", changed: true } },
      { left: { number: 3, text: "c", changed: false }, right: { number: 4, text: "c", changed: false } },
    ]);
  });

  it("a removal with nothing in its place leaves the right cell empty", () => {
    expect(sideBySide(diffLines(["a", "b"], ["a"]))).toEqual([
      { left: { number: 1, text: "a", changed: false }, right: { number: 1, text: "a", changed: false } },
      { left: { number: 2, text: "b", changed: true }, right: null },
    ]);
  });
});
