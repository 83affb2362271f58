import { join, resolve as resolvePath } from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import {
  countRows,
  type Database,
  KEEP_ON_RESTORE,
  migrate,
  openDatabase,
  restoreDatabase,
} from "@backoffice/db";
import pino from "pino";
import { backupDirOf, loadConfig, openApiDatabase } from "../config.ts";
import { BackupRefused } from "../lib/backup-file.ts";
import {
  createBackups,
  directContentStore,
  putMediaInBucket,
  readWhole,
  refuseNewer,
  removeOtherMedia,
  restoreFiles,
  rowBatches,
} from "../lib/backups.ts";
import { s3SettingsOf, s3Storage } from "../lib/media-storage.ts";

const USAGE = `Usage: npm run restore -- FILE [--yes]
Restores a backup (docs/BACKUPS.md) with the server stopped: checks the whole file, shows what it
holds beside what is there now, takes a safety backup of the current data into BACKUP_DIR, then
replaces both databases, the generated secrets and the media files. --yes skips the question.`;

const table = (rows: [string, string, string][]) =>
  rows
    .map(([name, backup, now]) => `  ${name.padEnd(28)} ${backup.padStart(10)} ${now.padStart(10)}`)
    .join("\n");

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { yes: { type: "boolean", default: false }, help: { type: "boolean", default: false } },
  });
  const [file] = positionals;
  if (!file || values.help) {
    console.log(USAGE);
    process.exit(file ? 0 : 1);
  }
  const path = resolvePath(file);
  const config = loadConfig();
  const key = config.BACKUP_ENCRYPTION_KEY;

  // The whole file first: a refused one changes nothing.
  const { manifest, content } = await readWhole(path, key);
  refuseNewer(manifest);

  // Media kept in a bucket (MEDIA_S3_BUCKET) are restored into it; else into DATA_DIR/media.
  const media = config.MEDIA_S3_BUCKET ? s3Storage(s3SettingsOf(config, config.MEDIA_S3_BUCKET)) : undefined;
  const api = await openApiDatabase(config);
  let contentDb: Database | undefined;
  try {
    contentDb = await openDatabase({
      // biome-ignore lint/style/noProcessEnv: the content service's own setting, read as it reads it
      url: process.env.CONTENT_DATABASE_URL,
      dataDir: join(config.DATA_DIR, "content"),
    });
    // A new machine: the empty databases get this version's tables first.
    await migrate(api, "api");
    await migrate(contentDb, "content");

    console.log(`Backup of ${manifest.createdAt} (product ${manifest.productVersion})`);
    for (const [name, db] of [
      ["content", contentDb],
      ["api", api],
    ] as const) {
      const now = await countRows(db);
      const listed = manifest.databases[name];
      console.log(
        `\n${name} database, migration ${listed.level ?? "none"}: rows in the backup / now (replaced)`,
      );
      const names = [...new Set([...Object.keys(listed.tables), ...Object.keys(now)])].sort();
      console.log(table(names.map((t) => [t, String(listed.tables[t] ?? 0), String(now[t] ?? 0)])));
    }
    const files = Object.keys(manifest.files);
    console.log(
      `\nFiles: ${files.filter((f) => f.startsWith("secrets/")).length} secrets, ${files.filter((f) => f.startsWith("media/")).length} media files (the ${media ? `bucket ${config.MEDIA_S3_BUCKET}'s media files are` : "media folder is"} replaced).`,
    );
    if (!values.yes) {
      const rl = createInterface({ input: process.stdin, output: process.stdout });
      const answer = await rl.question("\nType yes to take a safety backup and replace the current data: ");
      rl.close();
      if (answer.trim().toLowerCase() !== "yes") {
        console.log("Nothing changed.");
        return;
      }
    }
    const backups = createBackups({
      db: api,
      content: directContentStore(contentDb),
      dataDir: config.DATA_DIR,
      backupDir: backupDirOf(config),
      encryptionKey: key,
      keepDaily: config.BACKUP_KEEP_DAILY,
      keepWeekly: config.BACKUP_KEEP_WEEKLY,
      media,
      log: pino({ level: "warn" }),
    });
    const safety = await backups.take("safety");
    console.log(`Safety backup ${safety.id} written to ${backups.fileOf(safety.id)}.`);
    // Into a bucket: the backup's files first, the others removed once the databases are in.
    const mediaKeys = media ? await putMediaInBucket(path, key, media) : undefined;
    await restoreDatabase(
      contentDb,
      (async function* () {
        for (const [name, rows] of Object.entries(content)) yield { table: name, rows };
      })(),
      KEEP_ON_RESTORE,
    );
    const counts = await restoreDatabase(api, rowBatches(path, key, "api"));
    await restoreFiles(path, key, config.DATA_DIR, true, !media);
    if (media && mediaKeys) await removeOtherMedia(media, mediaKeys);
    console.log(
      `Restored: ${Object.values(counts).reduce((a, b) => a + b, 0)} api rows. Start the server (npm start).`,
    );
  } finally {
    await contentDb?.close();
    await api.close();
    media?.close();
  }
}

main().catch((error) => {
  console.error(error instanceof BackupRefused ? error.message : error);
  process.exit(1);
});
