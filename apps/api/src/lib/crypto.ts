import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
// algorithm 2 is Argon2id (the package exports it as a const enum, which isolated modules cannot read).
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2's two calls, through one object: routes/auth/enumeration.test.ts counts the verifications
 * a sign-in makes (one of the same cost for a known and an unknown address).
 */
export const argon2 = { hash, verify };

export const hashPassword = (password: string) => argon2.hash(password, ARGON2);

// Verifying against this keeps unknown-email logins as slow as real ones.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(passwordHash, password).catch(() => false);
}

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
export const hmac = (key: string, value: string) =>
  createHmac("sha256", key).update(value).digest("base64url");
export const newToken = () => randomBytes(32).toString("base64url");
export const newOtpCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");
export const generatePassword = () => randomBytes(15).toString("base64url");

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
