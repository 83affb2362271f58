import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { open } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { type Backup, type BackupPreview, BACKUP_MESSAGES as M } from "@backoffice/contracts/backups";
import { MEDIA_FILE_PATTERN } from "@backoffice/contracts/media";
import {
  type AuditContext,
  countRows,
  type Database,
  KEEP_ON_RESTORE,
  migrate,
  openDatabase,
  type RowBatch,
  restoreDatabase,
  restoreTable,
  type Schema,
  snapshotDatabase,
  unknownMigrations,
  withAudit,
  withoutAudit,
} from "@backoffice/db";
import { HttpError, signRequest } from "@backoffice/server";
import type { FastifyBaseLogger } from "fastify";
import {
  BackupRefused,
  type EntryInfo,
  isEncrypted,
  MANIFEST,
  openBackupWriter,
  readBackup,
} from "./backup-file.ts";
import type { S3Storage } from "./media-storage.ts";

/**
 * Backups (docs/BACKUPS.md): one file holding both databases' logical snapshots, the generated
 * secrets of DATA_DIR and the media files, with a manifest. Kept in BACKUP_DIR as `<id>.backup`
 * beside `<id>.json` (status, verified), outside the databases so a restore never rewrites the list.
 */

export const PRODUCT_VERSION: string = JSON.parse(
  readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
).version;

/** The content service's database, as a backup reads and restores it (over signed HTTP, or opened directly). */
export interface ContentStore {
  snapshot(): Promise<{
    migrations: string[];
    counts: Record<string, number>;
    tables: Record<string, string[]>;
  }>;
  counts(): Promise<Record<string, number>>;
  restore(migrations: string[], tables: Record<string, string[]>): Promise<Record<string, number>>;
}

export interface DatabaseManifest {
  engine: string;
  migrations: string[];
  level: string | null;
  tables: Record<string, number>;
}

export interface Manifest {
  format: "backoffice-backup";
  formatVersion: 1;
  productVersion: string;
  createdAt: string;
  /** The content database is read first, then the api's (docs/BACKUPS.md, "Consistency"). */
  order: ["content", "api"];
  databases: { api: DatabaseManifest; content: DatabaseManifest };
  files: Record<string, EntryInfo>;
}

export interface BackupsOptions {
  db: Database;
  content: ContentStore;
  dataDir: string;
  backupDir: string;
  encryptionKey?: string | undefined;
  keepDaily: number;
  keepWeekly: number;
  log: FastifyBaseLogger;
  /** The bucket the media files are kept in (MEDIA_S3_BUCKET); without it, the folder `DATA_DIR/media`. */
  media?: MediaBucket | undefined;
  /** Where each backup is copied off-site (BACKUP_S3_BUCKET, encrypted backups only). */
  offsite?: Pick<S3Storage, "putFile" | "list" | "remove"> | undefined;
  /** Tells Owners of a backup that failed or is not verified (mail). */
  notify?: (subject: string, text: string) => Promise<void>;
}

/** The media files' bucket as a backup reads and restores it. */
export type MediaBucket = Pick<S3Storage, "list" | "get" | "put" | "remove">;

/**
 * A media file's key: a stored name (`MEDIA_FILE_PATTERN`) or a waiting upload (`upload-<name>`).
 * Only these are backed up from the bucket and removed from it by a restore: the backups' own
 * `backups/` copies and any other key of a shared bucket are left alone.
 */
export const isMediaKey = (key: string) =>
  MEDIA_FILE_PATTERN.test(key.startsWith("upload-") ? key.slice("upload-".length) : key);

const BACKUP_ID = /^(\d{8}-\d{6}-[a-z0-9]{4})\.json$/;
/** Off-site copies are `backups/<id>.backup` in the bucket. */
const OFFSITE_PREFIX = "backups/";
const OFFSITE_KEY = /^backups\/((\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})-[a-z0-9]{4})\.backup$/;

function newId(now: Date) {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `${stamp}-${randomBytes(2).toString("hex")}`;
}

/** Files of a folder, recursively, as paths relative to it. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) found.push(relative(dir, join(entry.parentPath, entry.name)));
  }
  return found.sort();
}

/** The generated secrets: the plain files at DATA_DIR's top level (not the database folders' LOCK). */
function secretFiles(dataDir: string): string[] {
  if (!existsSync(dataDir)) return [];
  return readdirSync(dataDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== "LOCK")
    .map((entry) => entry.name)
    .sort();
}

const jsonl = (rows: string[]) => Buffer.from(`${rows.join("\n")}\n`);
const linesOf = (data: Buffer) => data.toString("utf8").split("\n").filter(Boolean);

/** The rows a backup holds for one database (`api/` or `content/` entries), batch by batch. */
export async function* rowBatches(
  path: string,
  key: string | undefined,
  schema: Schema,
): AsyncGenerator<RowBatch> {
  const prefix = `${schema}/`;
  for await (const { name, data } of readBackup(path, key)) {
    if (name.startsWith(prefix) && name.endsWith(".jsonl"))
      yield { table: name.slice(prefix.length, -".jsonl".length), rows: linesOf(data) };
  }
}

/** Reads the whole file, checking every checksum; its manifest and the content database's rows. */
export async function readWhole(path: string, key: string | undefined) {
  let manifest: Manifest | undefined;
  const content: Record<string, string[]> = {};
  for await (const { name, data } of readBackup(path, key)) {
    if (name === MANIFEST) manifest = JSON.parse(data.toString("utf8"));
    else if (name.startsWith("content/")) {
      const table = name.slice(8, -6);
      content[table] = [...(content[table] ?? []), ...linesOf(data)];
    }
  }
  if (manifest?.format !== "backoffice-backup") throw new BackupRefused("foreign", M.foreign);
  return { manifest, content };
}

/** Refuses a backup from a newer version: a migration this code does not know. */
export function refuseNewer(manifest: Manifest) {
  for (const schema of ["api", "content"] as const) {
    const [newer] = unknownMigrations(schema, manifest.databases[schema].migrations);
    if (newer) throw new BackupRefused("newer", M.newer(newer));
  }
}

/** Writes a backup file at `path`: content first, then api, secrets, media, the manifest last. */
export async function writeBackup(
  path: string,
  options: Pick<BackupsOptions, "db" | "content" | "dataDir" | "encryptionKey" | "media">,
): Promise<Manifest> {
  const createdAt = new Date().toISOString();
  const writer = await openBackupWriter(path, options.encryptionKey);
  try {
    const content = await options.content.snapshot();
    for (const [table, rows] of Object.entries(content.tables)) {
      if (!rows.length) continue;
      await writer.begin(`content/${table}.jsonl`);
      for (let at = 0; at < rows.length; at += 2000) await writer.write(jsonl(rows.slice(at, at + 2000)));
    }
    let begun: string | undefined;
    const api = await snapshotDatabase(options.db, async (table, rows) => {
      if (begun !== table) await writer.begin(`api/${table}.jsonl`);
      begun = table;
      await writer.write(jsonl(rows));
    });
    for (const name of secretFiles(options.dataDir)) {
      await writer.begin(`secrets/${name}`);
      await writer.write(readFileSync(join(options.dataDir, name)));
    }
    // The media files from the bucket they are kept in, as `media/<key>` like the folder's: a backup
    // restores into either storage whichever it came from.
    for (const file of options.media ? (await options.media.list("")).filter(isMediaKey).sort() : []) {
      const stored = await options.media!.get(file);
      if (!stored) continue; // purged since it was listed
      await writer.begin(`media/${file}`);
      for await (const chunk of stored.body as AsyncIterable<Uint8Array>)
        await writer.write(Buffer.from(chunk));
    }
    const mediaDir = join(options.dataDir, "media");
    for (const file of options.media ? [] : filesUnder(mediaDir)) {
      await writer.begin(`media/${file}`);
      const handle = await open(join(mediaDir, file));
      try {
        for await (const chunk of handle.readableWebStream() as AsyncIterable<Uint8Array>)
          await writer.write(Buffer.from(chunk));
      } finally {
        await handle.close();
      }
    }
    let manifest: Manifest | undefined;
    const level = (migrations: string[]) => migrations.at(-1) ?? null;
    await writer.finish((files) => {
      manifest = {
        format: "backoffice-backup",
        formatVersion: 1,
        productVersion: PRODUCT_VERSION,
        createdAt,
        order: ["content", "api"],
        databases: {
          content: {
            engine: "content",
            migrations: content.migrations,
            level: level(content.migrations),
            tables: content.counts,
          },
          api: {
            engine: options.db.kind,
            migrations: api.migrations,
            level: level(api.migrations),
            tables: api.counts,
          },
        },
        files,
      };
      return manifest;
    });
    return manifest!;
  } catch (error) {
    writer.abort();
    rmSync(path, { force: true });
    throw error;
  }
}

const sameCounts = (a: Record<string, number>, b: Record<string, number>) =>
  Object.entries(a).every(([table, rows]) => rows === 0 || b[table] === rows);

/**
 * Verification: the file read back (checksums), then restored into temporary embedded databases under
 * `scratch`, migrated to this version, whose rows per table must equal the manifest's.
 */
export async function verifyBackup(
  path: string,
  key: string | undefined,
  scratch: string,
): Promise<Manifest> {
  const { manifest, content } = await readWhole(path, key);
  refuseNewer(manifest);
  rmSync(scratch, { recursive: true, force: true });
  try {
    for (const schema of ["api", "content"] as const) {
      const db = await openDatabase({ dataDir: join(scratch, schema) });
      try {
        await migrate(db, schema);
        const counts =
          schema === "api"
            ? await restoreDatabase(db, rowBatches(path, key, "api"))
            : await restoreDatabase(db, fromTables(content));
        const now = await countRows(db);
        if (!sameCounts(manifest.databases[schema].tables, counts) || !sameCounts(counts, now))
          throw new Error(`the ${schema} database restored with other row counts than its manifest`);
      } finally {
        await db.close();
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return manifest;
}

/** What the verifying process is sent, and what it answers. */
interface VerifyAsk {
  path: string;
  key: string | undefined;
  scratch: string;
}
type VerifyAnswer = { ok: true } | { ok: false; error: string };
const SELF = fileURLToPath(import.meta.url);

/**
 * `verifyBackup` in a process of its own (this file run by node): its scratch databases (an embedded
 * database's memory grows with the rows restored and is never given back) and a crash stay out of
 * the server; the key goes over the IPC channel, never in its arguments or environment.
 */
export function verifyApart(path: string, key: string | undefined, scratch: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(SELF, [], { execArgv: [], stdio: ["ignore", "ignore", "pipe", "ipc"] });
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    let answer: VerifyAnswer | undefined;
    child.on("message", (message: VerifyAnswer) => {
      answer = message;
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (answer?.ok) return resolve();
      const last = stderr.trim().split("\n").at(-1);
      reject(
        new Error(
          answer?.error ??
            `the verifying process ${signal ? `was killed by ${signal}` : `exited with code ${code}`}${last ? `: ${last}` : ""}`,
        ),
      );
    });
    child.send({ path, key, scratch } satisfies VerifyAsk);
  });
}

// Run as the verifying process: one verification, then exit; the server gone (the channel closed), at once.
if (process.argv[1] === SELF && process.send) {
  process.once("disconnect", () => process.exit(1));
  process.once("message", (ask: VerifyAsk) => {
    verifyBackup(ask.path, ask.key, ask.scratch).then(
      () => process.send!({ ok: true } satisfies VerifyAnswer, () => process.exit(0)),
      (error: unknown) =>
        process.send!({ ok: false, error: (error as Error).message } satisfies VerifyAnswer, () =>
          process.exit(0),
        ),
    );
  });
}

async function* fromTables(tables: Record<string, string[]>): AsyncGenerator<RowBatch> {
  for (const [table, rows] of Object.entries(tables)) yield { table, rows };
}

/**
 * Puts the backup's media files into the bucket, before the databases are restored: only those it has
 * not (a name is its content's hash: a name present holds those bytes). Answers the backup's media keys.
 */
export async function putMediaInBucket(
  path: string,
  key: string | undefined,
  bucket: MediaBucket,
): Promise<Set<string>> {
  const present = new Set(await bucket.list(""));
  const names = new Set<string>();
  let file: { key: string; pieces: Buffer[] } | undefined;
  const put = async () => {
    if (file && !present.has(file.key)) {
      const ext = file.key.slice(file.key.lastIndexOf(".") + 1);
      await bucket.put(file.key, Buffer.concat(file.pieces), `image/${ext === "jpg" ? "jpeg" : ext}`);
    }
  };
  for await (const { name, data } of readBackup(path, key)) {
    const media = name.startsWith("media/") ? name.slice("media/".length) : "";
    if (!isMediaKey(media)) continue;
    if (file?.key !== media) {
      await put();
      names.add(media);
      file = { key: media, pieces: [] };
    }
    if (!present.has(media)) file.pieces.push(data);
  }
  await put();
  return names;
}

/** After the databases are restored: the bucket's media files the backup has not are removed. */
export async function removeOtherMedia(bucket: MediaBucket, keep: Set<string>) {
  for (const key of await bucket.list("")) if (isMediaKey(key) && !keep.has(key)) await bucket.remove(key);
}

/**
 * Writes the backup's secrets and media into DATA_DIR (media replaced as a whole folder; not when the
 * media are kept in a bucket, `media: false`).
 */
export async function restoreFiles(
  path: string,
  key: string | undefined,
  dataDir: string,
  secrets: boolean,
  media = true,
) {
  const incoming = join(dataDir, "media.restoring");
  rmSync(incoming, { recursive: true, force: true });
  let hasMedia = false;
  const handles = new Map<string, Awaited<ReturnType<typeof open>>>();
  for await (const { name, data } of readBackup(path, key)) {
    const target = name.startsWith("media/")
      ? media
        ? join(incoming, name.slice(6))
        : undefined
      : secrets && name.startsWith("secrets/")
        ? join(dataDir, name.slice(8))
        : undefined;
    if (!target || relative(dataDir, target).startsWith("..")) continue;
    hasMedia ||= name.startsWith("media/");
    let handle = handles.get(target);
    if (!handle) {
      mkdirSync(dirname(target), { recursive: true });
      handle = await open(target, "w", 0o600);
      handles.set(target, handle);
    }
    await handle.write(data);
  }
  for (const handle of handles.values()) await handle.close();
  const mediaDir = join(dataDir, "media");
  if (media && (hasMedia || existsSync(mediaDir))) {
    rmSync(`${mediaDir}.old`, { recursive: true, force: true });
    if (existsSync(mediaDir)) renameSync(mediaDir, `${mediaDir}.old`);
    if (hasMedia) renameSync(incoming, mediaDir);
    rmSync(`${mediaDir}.old`, { recursive: true, force: true });
  }
}

/**
 * Which backups to keep: every one of the last 24 hours (a restore's safety backup beside the backup
 * restored), and the newest of each of the last `daily` days and of the last `weekly` weeks.
 */
export function toKeep(
  times: { id: string; createdAt: string }[],
  daily: number,
  weekly: number,
  now = Date.now(),
): Set<string> {
  const newestFirst = [...times].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const keep = new Set(
    newestFirst
      .filter((backup) => now - Date.parse(backup.createdAt) < 86_400_000)
      .map((backup) => backup.id),
  );
  const pick = (period: (time: Date) => string, count: number) => {
    const seen = new Set<string>();
    for (const backup of newestFirst) {
      const key = period(new Date(backup.createdAt));
      if (seen.has(key)) continue;
      if (seen.size >= count) break;
      seen.add(key);
      keep.add(backup.id);
    }
  };
  pick((time) => time.toISOString().slice(0, 10), daily);
  // Weeks start on Monday (UTC).
  pick((time) => {
    const monday = new Date(time);
    monday.setUTCDate(time.getUTCDate() - ((time.getUTCDay() + 6) % 7));
    return monday.toISOString().slice(0, 10);
  }, weekly);
  return keep;
}

export function createBackups(options: BackupsOptions) {
  const { backupDir, encryptionKey: key, log } = options;
  const fileOf = (id: string) => join(backupDir, `${id}.backup`);
  const infoOf = (id: string) => join(backupDir, `${id}.json`);
  const save = (backup: Backup) => {
    writeFileSync(`${infoOf(backup.id)}.partial`, JSON.stringify(backup));
    renameSync(`${infoOf(backup.id)}.partial`, infoOf(backup.id));
  };
  /** One backup or restore at a time in this process. */
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = () => withoutAudit(fn);
    const next = queue.then(run, run);
    queue = next.catch(() => {});
    return next;
  };

  function list(): Backup[] {
    if (!existsSync(backupDir)) return [];
    return readdirSync(backupDir)
      .map((name) => BACKUP_ID.exec(name)?.[1])
      .filter((id): id is string => Boolean(id))
      .map((id) => read(id))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  function find(id: string): Backup | undefined {
    return existsSync(infoOf(id)) ? read(id) : undefined;
  }

  /** A backup's entry (one written before off-site copies existed has none). */
  function read(id: string): Backup {
    return { offsite: "none", offsiteError: null, ...JSON.parse(readFileSync(infoOf(id), "utf8")) };
  }

  /**
   * Copies a backup off-site; a failure keeps the backup here, marked so (the list and the job run
   * show it, Owners are told). Then retention runs on the bucket's copies by their own times, so a
   * new machine whose folder is empty never removes the copies it may need.
   */
  async function copyOffsite(backup: Backup) {
    const { offsite } = options;
    if (!offsite) return;
    try {
      await offsite.putFile(`${OFFSITE_PREFIX}${backup.id}.backup`, fileOf(backup.id));
      backup.offsite = "copied";
    } catch (error) {
      backup.offsite = "failed";
      backup.offsiteError = `The off-site copy failed: ${(error as Error).message || (error as Error).name}`;
      log.error({ err: error, backup: backup.id }, "off-site copy failed");
      await options
        .notify?.("A backup was not copied off-site", `The backup ${backup.id}: ${backup.offsiteError}`)
        .catch(() => {});
      return;
    }
    try {
      const copies = (await offsite.list(OFFSITE_PREFIX)).flatMap((key) => {
        const [, id, y, mo, d, h, mi, sec] = OFFSITE_KEY.exec(key) ?? [];
        return id ? [{ id: key, createdAt: `${y}-${mo}-${d}T${h}:${mi}:${sec}.000Z` }] : [];
      });
      const keep = toKeep(copies, options.keepDaily, options.keepWeekly);
      for (const copy of copies) if (!keep.has(copy.id)) await offsite.remove(copy.id);
    } catch (error) {
      log.warn({ err: error }, "off-site retention failed (tried again after the next backup)");
    }
  }

  /** Removes what retention no longer keeps (safety backups count like the others), and leftovers of a kill. */
  function prune() {
    const all = list();
    const keep = toKeep(
      all.filter((backup) => backup.status === "ready"),
      options.keepDaily,
      options.keepWeekly,
    );
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
    for (const backup of all) {
      const stale = backup.status === "failed" ? backup.createdAt < weekAgo : !keep.has(backup.id);
      if (!stale) continue;
      rmSync(fileOf(backup.id), { force: true });
      rmSync(infoOf(backup.id), { force: true });
    }
  }

  /** Takes a backup: written to a `.partial` file first (a kill leaves no listed backup), then verified. */
  async function take(kind: Backup["kind"]): Promise<Backup> {
    return check(await write(kind));
  }

  /** Writes a backup (`.partial`, then renamed): ready, not yet verified, not yet listed. */
  async function write(kind: Backup["kind"]): Promise<Backup> {
    mkdirSync(backupDir, { recursive: true });
    for (const name of readdirSync(backupDir))
      if (name.endsWith(".partial") || name.startsWith(".verify-"))
        rmSync(join(backupDir, name), { recursive: true, force: true });
    const id = newId(new Date());
    const partial = `${fileOf(id)}.partial`;
    let manifest: Manifest;
    try {
      manifest = await writeBackup(partial, options);
      renameSync(partial, fileOf(id));
    } catch (error) {
      const message = (error as Error).message;
      save({
        id,
        createdAt: new Date().toISOString(),
        size: 0,
        verified: false,
        status: "failed",
        kind,
        encrypted: Boolean(key),
        error: message,
        offsite: "none",
        offsiteError: null,
      });
      log.error({ err: error, backup: id }, "backup failed");
      await options.notify?.("A backup failed", `The backup ${id} failed: ${message}`).catch(() => {});
      throw error;
    }
    const backup: Backup = {
      id,
      createdAt: manifest.createdAt,
      size: statSync(fileOf(id)).size,
      verified: false,
      status: "ready",
      kind,
      encrypted: Boolean(key),
      error: null,
      offsite: "none",
      offsiteError: null,
    };
    return backup;
  }

  /** Verifies a written backup, lists it, copies it off-site and applies retention. */
  async function check(backup: Backup): Promise<Backup> {
    const { id } = backup;
    try {
      await verifyApart(fileOf(id), key, join(backupDir, `.verify-${id}`));
      backup.verified = true;
      backup.error = null;
    } catch (error) {
      backup.error = `Not verified: ${(error as Error).message}`;
      log.error({ err: error, backup: id }, "backup not verified");
      await options
        .notify?.("A backup could not be verified", `The backup ${id}: ${backup.error}`)
        .catch(() => {});
    }
    save(backup);
    await copyOffsite(backup);
    save(backup);
    prune();
    log.info({ backup: id, size: backup.size, verified: backup.verified }, "backup written");
    return backup;
  }

  /** A restore's preview: the backup's manifest beside the rows there are now. */
  async function preview(id: string): Promise<BackupPreview> {
    const { manifest } = await readWhole(fileOf(id), key);
    refuseNewer(manifest);
    const files = Object.keys(manifest.files);
    return {
      id,
      createdAt: manifest.createdAt,
      productVersion: manifest.productVersion,
      databases: {
        content: {
          level: manifest.databases.content.level,
          tables: manifest.databases.content.tables,
          current: await options.content.counts(),
        },
        api: {
          level: manifest.databases.api.level,
          tables: manifest.databases.api.tables,
          current: await countRows(options.db),
        },
      },
      files: {
        secrets: files.filter((name) => name.startsWith("secrets/")).length,
        media: files.filter((name) => name.startsWith("media/")).length,
      },
    };
  }

  /**
   * Restores a backup file while the product serves: the file checked whole first (nothing changes on
   * a refusal), a safety backup taken, then content, api (each in one transaction) and the media.
   * Media kept in a bucket: the backup's files are put in before the databases and the others removed
   * after, so a kill at any point leaves every file that either state's rows name.
   * Secrets are restored only by `npm run restore` (they are read at start).
   */
  async function restoreFile(path: string): Promise<{ manifest: Manifest; safety: Backup }> {
    const { manifest, content } = await readWhole(path, key);
    refuseNewer(manifest);
    // The safety backup read back whole (its checksums) before anything is replaced, and restored into
    // scratch databases once the restore is done: the restore does not wait for that.
    const safety = await write("safety");
    await readWhole(fileOf(safety.id), key);
    save({ ...safety, error: M.safetyUnverified });
    try {
      const { media } = options;
      const mediaKeys = media ? await putMediaInBucket(path, key, media) : undefined;
      await options.content.restore(manifest.databases.content.migrations, content);
      try {
        await restoreDatabase(options.db, rowBatches(path, key, "api"));
        if (media && mediaKeys) await removeOtherMedia(media, mediaKeys);
        else await restoreFiles(path, key, options.dataDir, false);
      } catch (error) {
        // The titles are the backup's already: say how to get back to one state.
        throw new HttpError(
          500,
          `The movie titles were restored but the rest was not (${(error as Error).message}): restore the safety backup ${safety.id} or try again.`,
        );
      }
    } finally {
      // Queued behind this restore: the next backup or restore waits for it.
      void serial(() => check(safety)).catch(() => {});
    }
    log.info({ file: path, safety: safety.id }, "backup restored");
    return { manifest, safety };
  }

  /**
   * Restores one table as the backup had it into the current data, written to History by `context`
   * as a restore (one batch: Undo returns the records it removed). The file is checked whole first.
   */
  async function restoreKind(path: string, table: string, context: AuditContext) {
    const { manifest } = await readWhole(path, key);
    refuseNewer(manifest);
    async function* rows() {
      for await (const batch of rowBatches(path, key, "api")) if (batch.table === table) yield batch.rows;
    }
    const counts = await withAudit({ ...context, action: "restore" }, () =>
      restoreTable(options.db, table, rows()),
    );
    log.info({ file: path, table, ...counts }, "one kind restored from a backup");
    return { manifest, ...counts };
  }

  return {
    dir: backupDir,
    list,
    find,
    fileOf,
    encrypted: (id: string) => isEncrypted(fileOf(id)),
    take: (kind: Backup["kind"] = "job") => serial(() => take(kind)),
    preview: (id: string) => serial(() => preview(id)),
    restore: (id: string) => serial(() => restoreFile(fileOf(id))),
    restoreKind: (id: string, table: string, context: AuditContext) =>
      serial(() => restoreKind(fileOf(id), table, context)),
    prune,
  };
}

/** The content service's database through its signed backup routes (apps/content/src/routes/backup). */
export function httpContentStore(baseUrl: string, secret: string | undefined): ContentStore {
  const base = baseUrl.replace(/\/+$/, "");
  async function call<T>(path: string, body: unknown): Promise<T> {
    if (!secret)
      throw new HttpError(
        503,
        "The content service's signing secret is not configured (CONTENT_HMAC_SECRET)",
      );
    const text = JSON.stringify(body);
    let answer: Response;
    try {
      answer = await fetch(base + path, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...signRequest({ method: "POST", path, body: text, secret }),
        },
        body: text,
        signal: AbortSignal.timeout(300_000),
      });
    } catch (error) {
      throw new HttpError(
        502,
        `The content service is unavailable (${(error as Error).message}${(error as Error).cause ? `: ${(error as Error).cause}` : ""})`,
      );
    }
    const json = (await answer.json().catch(() => ({}))) as { data?: T; message?: string };
    if (!answer.ok) {
      const message = json.message ?? `The content service answered ${answer.status}`;
      throw answer.status === 409 ? new BackupRefused("newer", message) : new HttpError(502, message);
    }
    return json.data as T;
  }
  return {
    snapshot: () => call("/api/backup/snapshot", {}),
    counts: () => call("/api/backup/counts", {}),
    restore: (migrations, tables) => call("/api/backup/restore", { migrations, tables }),
  };
}

/** The content database opened directly (`npm run restore`, the server stopped). */
export function directContentStore(db: Database): ContentStore {
  return {
    async snapshot() {
      const tables: Record<string, string[]> = {};
      const { migrations, counts } = await snapshotDatabase(db, (table, rows) => {
        tables[table] = [...(tables[table] ?? []), ...rows];
      });
      return { migrations, counts, tables };
    },
    counts: () => countRows(db),
    restore: (_migrations, tables) => restoreDatabase(db, fromTables(tables), KEEP_ON_RESTORE),
  };
}
