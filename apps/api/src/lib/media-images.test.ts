import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { noisyJpeg } from "../routes/media/media.testing.ts";
import { cleanOriginal } from "./media-images.ts";

/** The JPEG's frame type (0xc0 baseline, 0xc2 progressive) and its luminance DC Huffman table's code counts. */
function jpegTables(bytes: Buffer) {
  let frame: number | undefined;
  let luminanceDc: number[] | undefined;
  for (let at = 2; at + 4 <= bytes.length && bytes[at] === 0xff; ) {
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    if (marker === 0xda) break; // the scan's data follows
    if (marker >= 0xc0 && marker <= 0xc2) frame = marker;
    // DHT: one or more tables, each a class/id byte, 16 counts, then the symbols.
    for (let table = at + 4; marker === 0xc4 && table < at + 2 + length; ) {
      const counts = [...bytes.subarray(table + 1, table + 17)];
      if (bytes[table] === 0x00) luminanceDc = counts;
      table += 17 + counts.reduce((sum, count) => sum + count, 0);
    }
    at += 2 + length;
  }
  return { frame, luminanceDc };
}

describe("cleanOriginal", () => {
  // docs/MEDIA.md, "Memory": optimised tables and mozjpeg hold the whole image's coefficients until
  // the end (+146 MB for 24 megapixels); the standard tables (ITU T.81, Annex K) let it stream.
  it("writes a JPEG baseline with the standard Huffman tables, upright and without metadata", async () => {
    const photo = await sharp(await noisyJpeg(600, 400))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const clean = await cleanOriginal(photo, "jpeg");
    expect(jpegTables(clean.bytes)).toEqual({
      frame: 0xc0,
      luminanceDc: [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0],
    });
    expect([clean.width, clean.height]).toEqual([400, 600]);
    const metadata = await sharp(clean.bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });
});
