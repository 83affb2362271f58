/** One step from the old lines to the new ones. */
export type LineOp =
  | { kind: "same"; text: string }
  | { kind: "removed"; text: string }
  | { kind: "added"; text: string };

/** A script's lines; no script (null or empty) has none. */
export function linesOf(text: string | null | undefined): string[] {
  return text ? text.split(/\r?\n/) : [];
}

/** Past this many cells the LCS table is not built: the middle shows as removed, then added. */
const MAX_CELLS = 4_000_000;

/**
 * The line diff of `before` → `after` by longest common subsequence: kept lines, and the removed
 * lines of each change before its added ones. The common head and tail are matched first, so a
 * small edit of a long script costs little.
 */
export function diffLines(before: readonly string[], after: readonly string[]): LineOp[] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore -= 1;
    endAfter -= 1;
  }
  const a = before.slice(start, endBefore);
  const b = after.slice(start, endAfter);
  const same = (lines: readonly string[]) => lines.map((text): LineOp => ({ kind: "same", text }));
  return [...same(before.slice(0, start)), ...middle(a, b), ...same(before.slice(endBefore))];
}

function middle(a: readonly string[], b: readonly string[]): LineOp[] {
  const removed = (text: string): LineOp => ({ kind: "removed", text });
  const added = (text: string): LineOp => ({ kind: "added", text });
  if (a.length * b.length > MAX_CELLS) return [...a.map(removed), ...b.map(added)];
  // lengths[i][j]: the LCS length of a[i..] and b[j..], one flat row-major array.
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const ops: LineOp[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      ops.push({ kind: "same", text: a[i]! });
      i += 1;
      j += 1;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      ops.push(removed(a[i]!));
      i += 1;
    } else {
      ops.push(added(b[j]!));
      j += 1;
    }
  }
  return [...ops, ...a.slice(i).map(removed), ...b.slice(j).map(added)];
}

/** One side of a row: the line's number in its version, its text, and whether it changed. */
export type DiffCell = { number: number; text: string; changed: boolean } | null;
export type DiffRow = { left: DiffCell; right: DiffCell };

/**
 * The diff as side-by-side rows: kept lines on both sides, a removed line on the left facing the
 * line added in its place on the right (an empty cell when a change removed or added more).
 */
export function sideBySide(ops: readonly LineOp[]): DiffRow[] {
  const rows: DiffRow[] = [];
  let left = 0;
  let right = 0;
  let removed: string[] = [];
  let added: string[] = [];
  const flush = () => {
    for (let k = 0; k < Math.max(removed.length, added.length); k += 1) {
      rows.push({
        left: k < removed.length ? { number: ++left, text: removed[k]!, changed: true } : null,
        right: k < added.length ? { number: ++right, text: added[k]!, changed: true } : null,
      });
    }
    removed = [];
    added = [];
  };
  for (const op of ops) {
    if (op.kind === "removed") removed.push(op.text);
    else if (op.kind === "added") added.push(op.text);
    else {
      flush();
      rows.push({
        left: { number: ++left, text: op.text, changed: false },
        right: { number: ++right, text: op.text, changed: false },
      });
    }
  }
  flush();
  return rows;
}

/** How many lines a diff removed and added. */
export function diffCounts(ops: readonly LineOp[]): { removed: number; added: number } {
  return {
    removed: ops.filter((op) => op.kind === "removed").length,
    added: ops.filter((op) => op.kind === "added").length,
  };
}
