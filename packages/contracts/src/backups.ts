import { z } from "zod";
import { HISTORY_RESOURCES, RECORD_KINDS } from "./resources.ts";

/** Backups and restore (docs/BACKUPS.md): Owners' routes under /api/v1/backups. */

export const backupSchema = z.object({
  id: z.string(),
  /** When the snapshot was taken (ISO). */
  createdAt: z.string(),
  /** Bytes of the file; 0 when it failed. */
  size: z.number().int(),
  /** Read back, checksums checked and restored into a temporary database matching its manifest. */
  verified: z.boolean(),
  status: z.enum(["ready", "failed"]),
  /** What took it: the daily schedule or Back up now (`job`), or a restore's safety backup. */
  kind: z.enum(["job", "safety"]),
  encrypted: z.boolean(),
  /** Why it failed or is not verified. */
  error: z.string().nullable(),
  /** The off-site copy (BACKUP_S3_BUCKET): none configured, copied, or failed (the copy kept here). */
  offsite: z.enum(["none", "copied", "failed"]),
  /** Why the off-site copy failed. */
  offsiteError: z.string().nullable(),
});
export type Backup = z.infer<typeof backupSchema>;

export const backupsAnswer = z.object({ status: z.literal("success"), data: z.array(backupSchema) });

export const backupIdParams = z.object({
  id: z.string().regex(/^\d{8}-\d{6}-[a-z0-9]{4}$/, "id must be a backup id such as 20260101-033000-ab12"),
});

/** What a restore would do: the backup's manifest beside what is there now. */
export const backupPreviewSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  productVersion: z.string(),
  databases: z.record(
    z.string(),
    z.object({
      level: z.string().nullable(),
      /** Rows per table in the backup. */
      tables: z.record(z.string(), z.number().int()),
      /** Rows per table now, which the restore replaces. */
      current: z.record(z.string(), z.number().int()),
    }),
  ),
  files: z.object({ secrets: z.number().int(), media: z.number().int() }),
});
export type BackupPreview = z.infer<typeof backupPreviewSchema>;

export const backupPreviewAnswer = z.object({ status: z.literal("success"), data: backupPreviewSchema });

/**
 * The record kinds a backup can restore alone into the current data: those the resource descriptor
 * names a table for and whose deletes go to the trash (so Undo can return what the restore removed).
 */
export const RESTORABLE_KINDS = HISTORY_RESOURCES.filter(
  (kind) => RECORD_KINDS[kind].table && RECORD_KINDS[kind].trash,
) as [string, ...string[]];

export const backupRestoreBody = z.object({
  password: z.string({ error: "password is required" }).min(1, "password is required").max(1000),
  code: z
    .string()
    // Empty: no code (a member without an authenticator app leaves the field blank).
    .regex(/^(\d{6})?$/, "code must be the 6 digits of your authenticator app")
    .optional(),
  /** One record kind only, into the current data (History, Undo); absent: the whole backup. */
  kind: z.enum(RESTORABLE_KINDS, { error: `kind must be one of ${RESTORABLE_KINDS.join(", ")}` }).optional(),
});

export const BACKUP_MESSAGES = {
  ownersOnly: "Only an Owner can manage backups",
  queued: "Backup started: it shows here when it is written and verified.",
  alreadyQueued: "A backup is already waiting to start.",
  notFound: "No such backup",
  passwordIncorrect: "The password is incorrect",
  codeRequired: "Enter the code from your authenticator app",
  restored: (time: string) =>
    `Restored the backup of ${time}. A safety backup of the data before the restore was taken first.`,
  restoredKind: (
    label: string,
    time: string,
    counts: { deleted: number; updated: number; inserted: number },
  ) =>
    `Restored ${label} as at the backup of ${time}: ${counts.inserted} put back, ${counts.updated} changed back, ${counts.deleted} moved to the Trash.`,
  /** A restore's safety backup until its scratch restore after the restore (its checksums were read). */
  safetyUnverified:
    "Not verified yet: its checksums were read back before the restore; it is restored into scratch databases once the restore is done.",
  foreign: "This file is not a back-office backup (foreign file).",
  truncated: "This backup file is incomplete (truncated): it was cut short while being written or copied.",
  corrupted: (what: string) => `This backup file is damaged (corrupted): ${what}.`,
  keyMissing:
    "This backup is encrypted: set BACKUP_ENCRYPTION_KEY to the key it was written with (without it the backup cannot be read).",
  keyWrong: "This backup is encrypted with another key: BACKUP_ENCRYPTION_KEY does not match (wrong key).",
  newer: (migration: string) =>
    `This backup is from a newer version of the product (migration ${migration}): update the product first, then restore it.`,
} as const;
