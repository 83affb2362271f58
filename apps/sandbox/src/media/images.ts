import { GLYPH_HEIGHT, GLYPH_WIDTH } from "../lib/font.ts";
import { Canvas, hsl, type Rgb, textWidth } from "../lib/png.ts";
import { hashString } from "../lib/random.ts";

const WHITE: Rgb = [255, 255, 255];
const SHADOW: Rgb = [0, 0, 0];

const STOP_WORDS = new Set(["fc", "cf", "afc", "sc", "de", "del", "di", "da", "do", "of", "the", "and", "&"]);

/** Badge letters for a club or competition: "Manchester United" gives "MU", "NBA" stays "NBA". */
export function initials(name: string): string {
  const words = name
    .split(/[\s\-/]+/)
    .filter((w) => w !== "" && !STOP_WORDS.has(w.toLowerCase()) && !/^[\d.]+$/.test(w));
  if (words.length === 0) return name.slice(0, 3).toUpperCase();
  const only = words[0] as string;
  if (words.length === 1) return (only.length <= 4 ? only : only.slice(0, 3)).toUpperCase();
  return words
    .slice(0, 3)
    .map((w) => w.charAt(0))
    .join("")
    .toUpperCase();
}

/** Greedy word wrap to at most `width` characters a line (longer words are cut). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const raw of text.split(/\s+/).filter(Boolean)) {
    let word = raw;
    while (word.length > width) {
      if (line) {
        lines.push(line);
        line = "";
      }
      lines.push(word.slice(0, width));
      word = word.slice(width);
    }
    if (!word) continue;
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function shadowedText(canvas: Canvas, text: string, cx: number, y: number, scale: number, color: Rgb) {
  const offset = Math.max(1, Math.round(scale / 2));
  canvas.drawTextCentered(text, cx + offset, y + offset, scale, SHADOW);
  canvas.drawTextCentered(text, cx, y, scale, color);
}

/**
 * Largest scale at which the text wraps into at most `maxLines` lines inside `width` by
 * `maxHeight` pixels, preferring a scale that keeps every word whole.
 */
function fitText(text: string, width: number, maxHeight: number, maxLines: number, maxScale: number) {
  const longestWord = Math.max(1, ...text.split(/\s+/).map((w) => w.length));
  for (const keepWords of [true, false]) {
    for (let scale = maxScale; scale >= 1; scale--) {
      const perLine = Math.floor((width + scale) / ((GLYPH_WIDTH + 1) * scale));
      if (perLine < 1 || (keepWords && perLine < longestWord)) continue;
      const lines = wrap(text, perLine);
      const height = lines.length * (GLYPH_HEIGHT + 3) * scale;
      if (lines.length <= maxLines && height <= maxHeight) return { scale, lines };
    }
  }
  return {
    scale: 1,
    lines: wrap(text, Math.max(1, Math.floor((width + 1) / (GLYPH_WIDTH + 1)))).slice(0, maxLines),
  };
}

export interface PosterSpec {
  width: number;
  height: number;
  /** Seed of the colours: the file name, so a file always looks the same. */
  seed: string;
  title: string | null;
  subtitle: string | null;
}

/** A poster or backdrop: seeded gradient, frame, the title and a caption. */
export function renderPoster(spec: PosterSpec): Buffer {
  const { width, height } = spec;
  const canvas = new Canvas(width, height);
  const hue = hashString(spec.seed) % 360;
  canvas.verticalGradient(hsl(hue, 0.55, 0.45), hsl((hue + 40) % 360, 0.6, 0.12));

  const inset = Math.max(2, Math.round(Math.min(width, height) * 0.04));
  const line = Math.max(1, Math.round(Math.min(width, height) / 150));
  const frame = hsl(hue, 0.5, 0.75);
  canvas.fillRect(inset, inset, width - 2 * inset, line, frame, 0.6);
  canvas.fillRect(inset, height - inset - line, width - 2 * inset, line, frame, 0.6);
  canvas.fillRect(inset, inset, line, height - 2 * inset, frame, 0.6);
  canvas.fillRect(width - inset - line, inset, line, height - 2 * inset, frame, 0.6);

  const cx = width / 2;
  const textArea = width - 4 * inset;
  if (spec.title) {
    const maxScale = Math.max(1, Math.floor(Math.min(width, height * 1.2) / 40));
    const { scale, lines } = fitText(spec.title, textArea, height * 0.5, height > width ? 6 : 3, maxScale);
    const lineHeight = (GLYPH_HEIGHT + 3) * scale;
    const top = Math.round(height * 0.4 - (lines.length * lineHeight) / 2);
    lines.forEach((text, i) => {
      shadowedText(canvas, text, cx, top + i * lineHeight, scale, WHITE);
    });
    if (spec.subtitle) {
      const small = Math.max(1, Math.round(scale * 0.4));
      const fitted = fitText(spec.subtitle, textArea, height * 0.1, 1, small);
      const y = top + lines.length * lineHeight + Math.max(2, scale);
      shadowedText(canvas, fitted.lines[0] ?? "", cx, y, fitted.scale, hsl(hue, 0.4, 0.85));
    }
  } else {
    const r = Math.min(width, height) * 0.22;
    const cy = height * 0.42;
    canvas.fillShape((x, y) => Math.hypot(x - cx, y - cy) - r, hsl((hue + 180) % 360, 0.5, 0.6));
  }

  const label = "SANDBOX";
  const labelScale = Math.max(1, Math.floor(width / 250));
  if (textWidth(label, labelScale) < width - 2 * inset) {
    canvas.drawTextCentered(
      label,
      cx,
      height - inset - line - (GLYPH_HEIGHT + 4) * labelScale,
      labelScale,
      frame,
    );
  }
  return canvas.toPng(true);
}

/** A club (round) or competition (rounded square) badge with its initials, transparent outside. */
export function renderBadge(name: string, shape: "round" | "square", size = 150): Buffer {
  const canvas = new Canvas(size, size);
  const hue = hashString(name) % 360;
  const c = size / 2;
  const outer = size / 2 - 4;
  const ring = Math.max(3, Math.round(size / 18));
  const dark = hsl(hue, 0.6, 0.28);
  const light = hsl(hue, 0.65, 0.5);
  if (shape === "round") {
    canvas.fillShape((x, y) => Math.hypot(x - c, y - c) - outer, dark);
    canvas.fillShape((x, y) => Math.hypot(x - c, y - c) - (outer - ring), light);
  } else {
    const roundedSquare = (half: number, radius: number) => (x: number, y: number) => {
      const qx = Math.abs(x - c) - (half - radius);
      const qy = Math.abs(y - c) - (half - radius);
      return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
    };
    canvas.fillShape(roundedSquare(outer, size / 6), dark);
    canvas.fillShape(roundedSquare(outer - ring, size / 6 - ring / 2), light);
  }
  const letters = initials(name);
  const maxWidth = (outer - ring) * 1.3;
  const scale = Math.max(
    1,
    Math.min(Math.floor(size / 20), Math.floor(maxWidth / ((GLYPH_WIDTH + 1) * letters.length - 1))),
  );
  shadowedText(canvas, letters, c, Math.round(c - (GLYPH_HEIGHT * scale) / 2), scale, WHITE);
  return canvas.toPng();
}

/** A 4:3 flag stand-in in SVG (the provider's flags are SVG): three seeded bands and the code. */
export function renderFlag(code: string): string {
  const seed = hashString(code);
  const colors = [0, 1, 2].map((i) => {
    const [r, g, b] = hsl((seed + i * 137) % 360, 0.65, i === 1 ? 0.92 : 0.42);
    return `rgb(${r},${g},${b})`;
  });
  const vertical = seed % 2 === 0;
  const bands = colors
    .map((fill, i) =>
      vertical
        ? `<rect x="${i * 213.34}" y="0" width="213.34" height="480" fill="${fill}"/>`
        : `<rect x="0" y="${i * 160}" width="640" height="160" fill="${fill}"/>`,
    )
    .join("");
  const label = code.toUpperCase().replace(/[^A-Z-]/g, "");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480">${bands}` +
    `<text x="320" y="274" font-family="Arial, Helvetica, sans-serif" font-size="110" font-weight="700" ` +
    `text-anchor="middle" fill="#1b1b1b" fill-opacity="0.75">${label}</text></svg>`
  );
}
