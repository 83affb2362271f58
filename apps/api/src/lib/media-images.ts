import { createHash } from "node:crypto";
import {
  MEDIA_MESSAGES,
  MEDIA_WIDTHS,
  type MediaFormat,
  type MediaVariant,
  VARIANT_FORMATS,
} from "@backoffice/contracts/media";
import { HttpError } from "@backoffice/server";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";

// One libvips thread per image and a small cache: a small instance processing 24-megapixel photos
// stays within its memory (docs/MEDIA.md). The job makes variants one image at a time.
sharp.concurrency(1);
sharp.cache({ memory: 32, files: 0, items: 20 });

/** The content types, extensions and encoders of the accepted formats. */
export const FORMATS: Record<MediaFormat, { mime: string; ext: string }> = {
  jpeg: { mime: "image/jpeg", ext: "jpg" },
  png: { mime: "image/png", ext: "png" },
  webp: { mime: "image/webp", ext: "webp" },
  avif: { mime: "image/avif", ext: "avif" },
  gif: { mime: "image/gif", ext: "gif" },
};

const MIME_FORMATS = new Map(
  Object.entries(FORMATS).map(([format, { mime }]) => [mime, format as MediaFormat]),
);

/** A refusal of the upload naming the multipart field `file`. */
const refused = (status: number, message: string, code: "required" | "invalid" | "too_big" = "invalid") =>
  new HttpError(status, message, {}, [{ path: "file", message, code }]);

export const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Looks like SVG (XML text naming an `<svg` element), which file-type does not report as an image. */
function isSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 4096)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  return (
    (head.startsWith("<?xml") || head.startsWith("<svg") || head.startsWith("<!doctype svg")) &&
    head.includes("<svg")
  );
}

/**
 * What the uploaded bytes are, read from their content only (never their name or the browser's
 * type): one of the accepted formats, or a 400/415 naming `file`. SVG is refused, not sanitised.
 */
export async function formatOf(bytes: Buffer): Promise<MediaFormat> {
  if (bytes.length === 0) throw refused(400, MEDIA_MESSAGES.empty, "required");
  const type = await fileTypeFromBuffer(bytes);
  const format = type && MIME_FORMATS.get(type.mime);
  if (format) return format;
  if (isSvg(bytes)) throw refused(415, MEDIA_MESSAGES.svg);
  throw refused(415, MEDIA_MESSAGES.unsupported);
}

export interface CleanImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * The upload's check, in the request (docs/MEDIA.md): its size read from the header first (no
 * decoding; more than `maxPixels` is refused, so a decompression bomb is never decoded), then one
 * decode shrunk to at most 64 pixels wide (JPEG shrinks on load, the others stream line by line:
 * little memory) that must read to the end: a truncated file or a polyglot whose image part is
 * broken is a 400 naming `file`. The measures are the upright ones (EXIF orientation applied).
 */
export async function checkImage(bytes: Buffer, format: MediaFormat, maxPixels: number): Promise<CleanImage> {
  const tooLarge = `file must be at most ${maxPixels.toLocaleString("en")} pixels (width × height)`;
  let width = 0;
  let height = 0;
  let turned = false;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: maxPixels }).metadata();
    width = metadata.width ?? 0;
    height = metadata.pageHeight ?? metadata.height ?? 0;
    turned = (metadata.orientation ?? 1) >= 5;
  } catch (error) {
    if (/pixel limit/i.test(String(error))) throw refused(400, tooLarge, "too_big");
    throw refused(400, MEDIA_MESSAGES.damaged);
  }
  if (!width || !height) throw refused(400, MEDIA_MESSAGES.damaged);
  if (width * height > maxPixels) throw refused(400, tooLarge, "too_big");
  try {
    await sharp(bytes, { limitInputPixels: maxPixels, sequentialRead: true, failOn: "truncated" })
      .resize({ width: 64, withoutEnlargement: true })
      .toFormat(format === "gif" ? "png" : "webp")
      .toBuffer();
  } catch {
    throw refused(400, MEDIA_MESSAGES.damaged);
  }
  return { bytes, width: turned ? height : width, height: turned ? width : height };
}

/**
 * A JPEG written line by line: baseline, Huffman tables not optimised. Optimised tables (sharp's
 * default) and mozjpeg (progressive, trellis) hold the whole image's coefficients until the end:
 * +146 MB resident for a 24-megapixel photo and 12–21 s with mozjpeg, against +11 MB and under 1 s
 * for a file about 5 % larger (docs/MEDIA.md, "Memory").
 */
const STREAMED_JPEG = { quality: 80, optimiseCoding: false, progressive: false } as const;

/**
 * The original as served, made by the media-variants job (never in the request): re-encoded in
 * its own format, turned upright by its EXIF orientation and without any metadata (EXIF, GPS, XMP
 * are dropped). Throws when it does not decode.
 */
export async function cleanOriginal(bytes: Buffer, format: MediaFormat): Promise<CleanImage> {
  const animated = format === "gif" || format === "webp";
  const image = sharp(bytes, { limitInputPixels: false, animated });
  // No withMetadata(): sharp writes none of the input's metadata.
  const { data, info } = await (animated ? image : image.rotate())
    .toFormat(format, format === "jpeg" ? STREAMED_JPEG : {})
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.pageHeight ?? info.height };
}

/** The preset widths for an original `width` wide: those narrower, or its own width when it is smaller than all. */
function widthsFor(width: number): number[] {
  const smaller = MEDIA_WIDTHS.filter((preset) => preset < width);
  return smaller.length > 0 ? smaller : [width];
}

/** A made size: its bytes and measures, in one of the variant formats. */
export interface MadeVariant {
  bytes: Buffer;
  width: number;
  height: number;
  format: MediaVariant["format"];
}

/**
 * The preset sizes of an original `width` wide, as WebP and AVIF. The original is decoded once, to
 * the largest size (JPEG shrinks on load), and every size is made from those pixels: one full-size
 * decode per image rather than one per size, which bounds the job's memory (docs/MEDIA.md).
 */
export async function makeVariants(original: Buffer, width: number): Promise<MadeVariant[]> {
  const widths = widthsFor(width);
  const { data, info } = await sharp(original, { limitInputPixels: false })
    .resize({ width: Math.max(...widths), withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = () =>
    sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const made: MadeVariant[] = [];
  for (const size of widths)
    for (const format of VARIANT_FORMATS) {
      const resized = pixels().resize({ width: size, withoutEnlargement: true });
      const encoded =
        format === "webp" ? resized.webp({ quality: 80 }) : resized.avif({ quality: 50, effort: 2 });
      const out = await encoded.toBuffer({ resolveWithObject: true });
      made.push({ bytes: out.data, width: out.info.width, height: out.info.height, format });
    }
  return made;
}
