import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/** A multipart body with one file part (field `file` unless told), as a browser's FormData sends it. */
export function multipart(
  bytes: Buffer,
  fileName: string,
  field = "file",
  type = "application/octet-stream",
) {
  const boundary = `----h4media${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** A real image of `width` × `height` in a format, each call's colour its own (so its bytes differ). */
export function image(
  format: "jpeg" | "png" | "webp" | "gif" | "avif",
  width = 640,
  height = 400,
  seed = Math.random(),
) {
  const colour = { r: Math.floor(seed * 255), g: 120, b: 200 };
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

/**
 * A photo-like JPEG (gaussian noise, so it weighs and decodes like a camera's), for the reliability
 * test and the bench's media section; `tint` changes its bytes.
 */
export function noisyJpeg(width: number, height: number, tint = 0, quality = 80) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: tint % 255, g: 100, b: 80 },
      noise: { type: "gaussian", mean: 120, sigma: 25 },
    },
  })
    .jpeg({ quality })
    .toBuffer();
}

/** A JPEG carrying EXIF with a GPS position and an orientation (rotated 90°). */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 10, g: 200, b: 30 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "PhoneCo", Model: "Snap 1" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "51/1 30/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "0/1 7/1 0/1",
      },
    })
    .toBuffer();
}

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A decompression bomb's header: a PNG claiming 20,000 × 20,000 pixels (400 megapixels) in a few bytes. */
export function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A minimal zip archive (an empty one: its end-of-central-directory record) with a file entry's header. */
export function zip(): Buffer {
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(5, 26);
  const name = Buffer.from("a.txt");
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  return Buffer.concat([local, name, Buffer.from("hello"), end]);
}
