import { deflateSync } from "node:zlib";
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyph, toFontText } from "./font.ts";

export type Rgb = readonly [number, number, number];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An RGBA raster with the few drawing operations the posters and badges need, encoded as PNG. */
export class Canvas {
  readonly pixels: Uint8Array;
  readonly width: number;
  readonly height: number;

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.pixels = new Uint8Array(width * height * 4);
  }

  /** Alpha-blends one pixel; coverage in [0, 1]. */
  blend(x: number, y: number, color: Rgb, coverage = 1): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || coverage <= 0) return;
    const i = (y * this.width + x) * 4;
    const a = Math.min(1, coverage);
    const p = this.pixels;
    const dstA = (p[i + 3] as number) / 255;
    const outA = a + dstA * (1 - a);
    for (let c = 0; c < 3; c++) {
      const src = color[c] as number;
      const dst = p[i + c] as number;
      p[i + c] = outA === 0 ? 0 : Math.round((src * a + dst * dstA * (1 - a)) / outA);
    }
    p[i + 3] = Math.round(outA * 255);
  }

  fillRect(x0: number, y0: number, w: number, h: number, color: Rgb, alpha = 1): void {
    const xs = Math.max(0, Math.floor(x0));
    const ys = Math.max(0, Math.floor(y0));
    const xe = Math.min(this.width, Math.floor(x0 + w));
    const ye = Math.min(this.height, Math.floor(y0 + h));
    if (alpha < 1) {
      for (let y = ys; y < ye; y++) for (let x = xs; x < xe; x++) this.blend(x, y, color, alpha);
      return;
    }
    // Opaque fills overwrite, which keeps full-canvas gradients cheap.
    for (let y = ys; y < ye; y++) {
      for (let x = xs; x < xe; x++) {
        const i = (y * this.width + x) * 4;
        this.pixels[i] = color[0];
        this.pixels[i + 1] = color[1];
        this.pixels[i + 2] = color[2];
        this.pixels[i + 3] = 255;
      }
    }
  }

  /** Top-to-bottom gradient over the whole canvas. */
  verticalGradient(top: Rgb, bottom: Rgb): void {
    for (let y = 0; y < this.height; y++) {
      const t = this.height === 1 ? 0 : y / (this.height - 1);
      const color: Rgb = [
        Math.round(top[0] + (bottom[0] - top[0]) * t),
        Math.round(top[1] + (bottom[1] - top[1]) * t),
        Math.round(top[2] + (bottom[2] - top[2]) * t),
      ];
      this.fillRect(0, y, this.width, 1, color);
    }
  }

  /**
   * Fills the shape whose signed distance (negative inside, in pixels) the function returns,
   * with a one-pixel anti-aliased edge.
   */
  fillShape(distance: (x: number, y: number) => number, color: Rgb): void {
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const d = distance(x + 0.5, y + 0.5);
        if (d < 0.5) this.blend(x, y, color, Math.min(1, 0.5 - d));
      }
    }
  }

  /** Draws font text with its top-left corner at (x, y), each font pixel `scale` pixels wide. */
  drawText(text: string, x: number, y: number, scale: number, color: Rgb): void {
    let cursor = x;
    for (const char of toFontText(text)) {
      const bitmap = glyph(char);
      for (let row = 0; row < GLYPH_HEIGHT; row++) {
        for (let col = 0; col < GLYPH_WIDTH; col++) {
          if (bitmap[row]?.[col]) this.fillRect(cursor + col * scale, y + row * scale, scale, scale, color);
        }
      }
      cursor += (GLYPH_WIDTH + 1) * scale;
    }
  }

  /** Text centred horizontally around cx. */
  drawTextCentered(text: string, cx: number, y: number, scale: number, color: Rgb): void {
    this.drawText(text, Math.round(cx - textWidth(text, scale) / 2), y, scale, color);
  }

  /** PNG bytes; `opaque` drops the alpha channel (smaller files for full-bleed posters). */
  toPng(opaque = false): Buffer {
    const channels = opaque ? 3 : 4;
    const stride = this.width * channels + 1;
    const raw = Buffer.alloc(stride * this.height);
    for (let y = 0; y < this.height; y++) {
      raw[y * stride] = 0;
      for (let x = 0; x < this.width; x++) {
        const src = (y * this.width + x) * 4;
        const dst = y * stride + 1 + x * channels;
        for (let c = 0; c < channels; c++) raw[dst + c] = this.pixels[src + c] as number;
      }
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header[8] = 8;
    header[9] = opaque ? 2 : 6;
    return Buffer.concat([
      PNG_SIGNATURE,
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(raw)),
      chunk("IEND", new Uint8Array(0)),
    ]);
  }
}

/** Width in pixels of a line of font text. */
export function textWidth(text: string, scale: number): number {
  const length = [...toFontText(text)].length;
  return length === 0 ? 0 : (length * (GLYPH_WIDTH + 1) - 1) * scale;
}

/** HSL (h in degrees, s and l in [0, 1]) to RGB. */
export function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}
