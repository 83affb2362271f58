import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The colour tokens of both themes (index.css) meet WCAG AA: text 4.5:1 and control borders and
 * focus rings 3:1 against every surface they sit on (docs/PRODUCT-RULES.md#forms-dialogs-and-lists).
 * axe checks text on the rendered screens; it does not check a field's border, hence this test.
 */

const css = readFileSync(new URL("../index.css", import.meta.url), "utf8");

/** The `--name: oklch(L C H)` tokens of one block (`:root` or `.dark`). */
function tokens(selector: string): Record<string, [number, number, number]> {
  const block = new RegExp(`^${selector.replace(".", "\\.")} \\{([^}]*)\\}`, "m").exec(css)?.[1] ?? "";
  const out: Record<string, [number, number, number]> = {};
  for (const [, name, l, c, h] of block.matchAll(/--([\w-]+):\s*oklch\(([\d.]+) ([\d.]+) ([\d.]+)\)/g))
    out[name!] = [Number(l), Number(c), Number(h)];
  return out;
}

/** Relative luminance of an OKLCH colour (OKLab to linear sRGB, clipped to the gamut). */
function luminance([l, c, h]: [number, number, number]): number {
  const a = c * Math.cos((h * Math.PI) / 180);
  const b = c * Math.sin((h * Math.PI) / 180);
  const L = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const M = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const S = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clip = (x: number) => Math.min(1, Math.max(0, x));
  const r = clip(4.0767416621 * L - 3.3077115913 * M + 0.2309699292 * S);
  const g = clip(-1.2684380046 * L + 2.6097574011 * M - 0.3413193965 * S);
  const bl = clip(-0.0041960863 * L - 0.7034186147 * M + 1.707614701 * S);
  return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
}

const ratio = (x: [number, number, number], y: [number, number, number]) => {
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

const surfaces = ["background", "card", "popover", "muted"];
const pairs: [string, string[], number][] = [
  ["foreground", surfaces, 4.5],
  ["muted-foreground", surfaces, 4.5],
  ["destructive", ["background", "card", "popover"], 4.5],
  ["success-text", ["background", "card"], 4.5],
  ["warning-text", ["background", "card"], 4.5],
  ["primary-foreground", ["primary"], 4.5],
  ["destructive-foreground", ["destructive"], 4.5],
  ["sidebar-foreground", ["sidebar", "sidebar-accent"], 4.5],
  ["input", surfaces, 3],
  ["ring", ["background", "card", "popover"], 3],
];

describe.each([
  ["light", ":root"],
  ["dark", ".dark"],
])("the %s theme", (_theme, selector) => {
  const theme = { ...tokens(":root"), ...tokens(selector) };
  it.each(pairs)("%s on %j at least %d:1", (token, on, minimum) => {
    for (const surface of on) {
      const [fore, back] = [theme[token], theme[surface]];
      expect(fore && back, `${token} and ${surface} are defined`).toBeTruthy();
      expect(ratio(fore!, back!), `${token} on ${surface}`).toBeGreaterThanOrEqual(minimum);
    }
  });
});
