import { inflateSync } from "node:zlib";
import { PNG_SIGNATURE } from "./png.ts";

export interface DecodedPng {
  width: number;
  height: number;
  channels: number;
  /** Unfiltered scanlines (filter byte first), as stored by the encoder. */
  raw: Buffer;
}

/**
 * Minimal reader for the PNGs this sandbox writes (8-bit RGB/RGBA, one IDAT): checks the
 * signature and every chunk's CRC, so tests catch a corrupt image a browser would refuse.
 */
export function decodePng(bytes: Buffer): DecodedPng {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error("not a PNG");
  let offset = 8;
  let header: Buffer | null = null;
  const data: Buffer[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString("ascii", offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    const crc = bytes.readUInt32BE(offset + 8 + length);
    if (crc !== crc32(bytes.subarray(offset + 4, offset + 8 + length))) throw new Error(`bad CRC in ${type}`);
    if (type === "IHDR") header = body;
    if (type === "IDAT") data.push(body);
    offset += 12 + length;
    if (type === "IEND") break;
  }
  if (!header) throw new Error("no IHDR");
  const colorType = header[9];
  const channels = colorType === 6 ? 4 : colorType === 2 ? 3 : 0;
  if (channels === 0 || header[8] !== 8) throw new Error("unsupported PNG format");
  return {
    width: header.readUInt32BE(0),
    height: header.readUInt32BE(4),
    channels,
    raw: inflateSync(Buffer.concat(data)),
  };
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
