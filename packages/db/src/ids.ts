import { randomBytes, randomInt } from "node:crypto";

// Like a MongoDB ObjectId: seconds, a random per-process part, then a counter, so ids made by one
// process sort in creation order even within the same second.
const processPart = randomBytes(5).toString("hex");
let counter = randomInt(0, 0xffffff);

/** A 24-hex-digit id whose first 8 digits are the creation time in seconds (answers name it `_id`). */
export function newId(now: number = Date.now()): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, "0");
  return seconds + processPart + counter.toString(16).padStart(6, "0");
}

export const ID_PATTERN = /^[0-9a-f]{24}$/;
