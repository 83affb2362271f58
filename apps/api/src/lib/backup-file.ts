import {
  type CipherGCM,
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  scryptSync,
  timingSafeEqual,
} from "node:crypto";
import { once } from "node:events";
import { closeSync, createReadStream, createWriteStream, openSync, readSync, statSync } from "node:fs";
import { createGunzip, createGzip } from "node:zlib";
import { BACKUP_MESSAGES as M } from "@backoffice/contracts/backups";

/**
 * The backup file (docs/BACKUPS.md, "File format"): a header, then a gzip stream of records, each
 * `kind (1 byte) | length (4 bytes, big-endian) | payload`: 1 starts an entry (payload: its name),
 * 2 is a piece of its data, 3 ends the archive. `manifest.json` is the last entry and holds each
 * other entry's size and sha256. Encrypted (BACKUP_ENCRYPTION_KEY): the gzip stream is AES-256-GCM
 * ciphertext, the key scrypt-derived with the header's salt, and the 16-byte tag ends the file.
 *
 * Header: "BOBK", format version (1), mode (0 plain, 1 encrypted); encrypted adds salt (16),
 * IV (12) and a key check (8 bytes of sha256 of the key), which tells a wrong key from a damaged file.
 * Every complete file ends with the 8 bytes "BOBKEND1", which tells a truncated file from a damaged one.
 */
const MAGIC = Buffer.from("BOBK");
const FORMAT = 1;
const PLAIN_HEADER = 6;
const ENCRYPTED_HEADER = PLAIN_HEADER + 16 + 12 + 8;
const TAG = 16;
/** Ends every complete file: a file without it was cut short (truncated), whatever else it holds. */
const TRAILER = Buffer.from("BOBKEND1");
const START = 1;
const DATA = 2;
const END = 3;
export const MANIFEST = "manifest.json";

export type RefusalKind = "foreign" | "truncated" | "corrupted" | "key-missing" | "key-wrong" | "newer";

/** A file a restore refuses, saying which fault it has; nothing was changed. */
export class BackupRefused extends Error {
  readonly kind: RefusalKind;
  constructor(kind: RefusalKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

const corrupted = (what: string) => new BackupRefused("corrupted", M.corrupted(what));

function deriveKey(secret: string, salt: Buffer) {
  const key = scryptSync(secret, salt, 32);
  return { key, check: createHash("sha256").update(key).update("backup-key-check").digest().subarray(0, 8) };
}

export interface EntryInfo {
  bytes: number;
  sha256: string;
}

/** Writes a backup file; entries one after the other, the manifest last (`finish`). */
export async function openBackupWriter(path: string, secret: string | undefined) {
  const file = createWriteStream(path, { flags: "wx", mode: 0o600 });
  await once(file, "open");
  const gzip = createGzip({ level: 3 });
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
  };
  file.on("error", fail);
  gzip.on("error", fail);
  let cipher: CipherGCM | undefined;
  if (secret) {
    const salt = randomBytes(16);
    const iv = randomBytes(12);
    const { key, check } = deriveKey(secret, salt);
    cipher = createCipheriv("aes-256-gcm", key, iv);
    cipher.on("error", fail);
    file.write(Buffer.concat([MAGIC, Buffer.from([FORMAT, 1]), salt, iv, check]));
    gzip.pipe(cipher).pipe(file, { end: false });
  } else {
    file.write(Buffer.concat([MAGIC, Buffer.from([FORMAT, 0])]));
    gzip.pipe(file, { end: false });
  }
  const entries: Record<string, EntryInfo> = {};
  let current: { name: string; hash: ReturnType<typeof createHash>; bytes: number } | undefined;

  async function record(kind: number, payload: Buffer) {
    if (failure) throw failure;
    const head = Buffer.alloc(5);
    head[0] = kind;
    head.writeUInt32BE(payload.length, 1);
    gzip.write(head);
    // Back-pressure: a slow disk makes the snapshot wait instead of filling memory.
    if (!gzip.write(payload))
      await new Promise<void>((resolve) => {
        const done = () => {
          gzip.off("drain", done);
          gzip.off("error", done);
          resolve();
        };
        gzip.on("drain", done);
        gzip.on("error", done);
      });
    if (failure) throw failure;
  }
  function closeEntry() {
    if (current) entries[current.name] = { bytes: current.bytes, sha256: current.hash.digest("hex") };
    current = undefined;
  }

  return {
    async begin(name: string) {
      closeEntry();
      current = { name, hash: createHash("sha256"), bytes: 0 };
      await record(START, Buffer.from(name, "utf8"));
    },
    async write(data: Buffer) {
      if (!current) throw new Error("no entry begun");
      current.hash.update(data);
      current.bytes += data.length;
      // One record per write: a batch of rows stays whole lines in one record (readers split on lines).
      await record(DATA, data);
    },
    /** Writes the manifest (given the entries' sizes and checksums) and closes the file, synced. */
    async finish(manifest: (entries: Record<string, EntryInfo>) => object) {
      closeEntry();
      const text = Buffer.from(JSON.stringify(manifest(entries), null, 1));
      await record(START, Buffer.from(MANIFEST));
      await record(DATA, text);
      await record(END, Buffer.alloc(0));
      gzip.end();
      await once(cipher ?? gzip, "end");
      if (cipher) file.write(cipher.getAuthTag());
      file.end(TRAILER);
      await once(file, "close");
      if (failure) throw failure;
    },
    /** Stops after a failure; the caller removes the partial file. */
    abort() {
      gzip.destroy();
      cipher?.destroy();
      file.destroy();
    },
  };
}

export interface BackupChunk {
  name: string;
  data: Buffer;
}

function readHeader(path: string, secret: string | undefined) {
  const size = statSync(path).size;
  const head = Buffer.alloc(ENCRYPTED_HEADER);
  const fd = openSync(path, "r");
  try {
    const got = readSync(fd, head, 0, ENCRYPTED_HEADER, 0);
    if (got < PLAIN_HEADER || !head.subarray(0, 4).equals(MAGIC))
      throw new BackupRefused("foreign", M.foreign);
    if (head[4] !== FORMAT || (head[5] !== 0 && head[5] !== 1)) throw new BackupRefused("foreign", M.foreign);
    const trailer = Buffer.alloc(TRAILER.length);
    readSync(fd, trailer, 0, TRAILER.length, Math.max(0, size - TRAILER.length));
    if (!trailer.equals(TRAILER)) throw new BackupRefused("truncated", M.truncated);
    const end = size - TRAILER.length;
    if (head[5] === 0) return { size, start: PLAIN_HEADER, end: end - 1 };
    if (got < ENCRYPTED_HEADER || end < ENCRYPTED_HEADER + TAG)
      throw new BackupRefused("truncated", M.truncated);
    if (!secret) throw new BackupRefused("key-missing", M.keyMissing);
    const { key, check } = deriveKey(secret, head.subarray(6, 22));
    if (!timingSafeEqual(check, head.subarray(34, 42))) throw new BackupRefused("key-wrong", M.keyWrong);
    const tag = Buffer.alloc(TAG);
    readSync(fd, tag, 0, TAG, end - TAG);
    const decipher = createDecipheriv("aes-256-gcm", key, head.subarray(22, 34));
    decipher.setAuthTag(tag);
    return { size, start: ENCRYPTED_HEADER, end: end - TAG - 1, decipher };
  } finally {
    closeSync(fd);
  }
}

/** Whether the file is encrypted (its header says so), without reading it further. */
export function isEncrypted(path: string): boolean {
  const head = Buffer.alloc(PLAIN_HEADER);
  const fd = openSync(path, "r");
  try {
    readSync(fd, head, 0, PLAIN_HEADER, 0);
  } finally {
    closeSync(fd);
  }
  return head[5] === 1;
}

/**
 * The file's data pieces in order (`manifest.json`'s too), each entry's checksum checked against the
 * manifest at the end. A fault throws `BackupRefused` naming it: foreign, truncated, corrupted, wrong key.
 */
export async function* readBackup(path: string, secret: string | undefined): AsyncGenerator<BackupChunk> {
  const { start, end, decipher } = readHeader(path, secret);
  const raw = createReadStream(path, { start, end: Math.max(start, end), highWaterMark: 1 << 20 });
  const gunzip = createGunzip();
  const source = decipher ? raw.pipe(decipher).pipe(gunzip) : raw.pipe(gunzip);
  const forward = (error: Error) => gunzip.destroy(error);
  raw.on("error", forward);
  decipher?.on("error", forward);

  let buffer: Buffer = Buffer.alloc(0);
  let name: string | undefined;
  let hash: ReturnType<typeof createHash> | undefined;
  const seen: Record<string, EntryInfo> = {};
  let manifestText = "";
  let ended = false;
  const close = () => {
    if (name && hash) seen[name] = { bytes: seen[name]?.bytes ?? 0, sha256: hash.digest("hex") };
  };
  try {
    for await (const piece of source as AsyncIterable<Buffer>) {
      buffer = buffer.length ? Buffer.concat([buffer, piece]) : piece;
      while (buffer.length >= 5) {
        const kind = buffer[0]!;
        const length = buffer.readUInt32BE(1);
        if (buffer.length < 5 + length) break;
        const payload = buffer.subarray(5, 5 + length);
        buffer = buffer.subarray(5 + length);
        if (ended) throw corrupted("data after the end of the archive");
        if (kind === START) {
          close();
          name = payload.toString("utf8");
          hash = createHash("sha256");
          seen[name] = { bytes: 0, sha256: "" };
        } else if (kind === DATA) {
          if (!name || !hash) throw corrupted("data outside an entry");
          hash.update(payload);
          seen[name]!.bytes += payload.length;
          if (name === MANIFEST) manifestText += payload.toString("utf8");
          else yield { name, data: Buffer.from(payload) };
        } else if (kind === END) {
          close();
          name = undefined;
          ended = true;
        } else throw corrupted(`unknown record ${kind}`);
      }
    }
  } catch (error) {
    if (error instanceof BackupRefused) throw error;
    const text = String((error as Error).message);
    if (/unexpected end of file/i.test(text)) throw new BackupRefused("truncated", M.truncated);
    if (/authenticate/i.test(text))
      throw corrupted("its encryption tag does not match its content (changed or cut short)");
    throw corrupted(text);
  } finally {
    raw.destroy();
  }
  if (!ended || buffer.length) throw new BackupRefused("truncated", M.truncated);
  let manifest: { files?: Record<string, EntryInfo> };
  try {
    manifest = JSON.parse(manifestText);
  } catch {
    throw corrupted("its manifest is not readable");
  }
  for (const [entry, info] of Object.entries(manifest.files ?? {})) {
    const got = seen[entry];
    if (!got) throw corrupted(`${entry} is missing`);
    if (got.sha256 !== info.sha256 || got.bytes !== info.bytes)
      throw corrupted(`the checksum of ${entry} does not match`);
  }
  yield { name: MANIFEST, data: Buffer.from(manifestText) };
}
