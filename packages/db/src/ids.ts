import { randomBytes } from "node:crypto";

/** A 24-hex-digit id whose first 8 digits are the creation time in seconds (sortable, spec's `_id`). */
export function newId(now: number = Date.now()): string {
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, "0");
  return seconds + randomBytes(8).toString("hex");
}

export const ID_PATTERN = /^[0-9a-f]{24}$/;
