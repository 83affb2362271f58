import { createReadStream } from "node:fs";
import {
  errorBody,
  type HistoryResource,
  messageBody,
  RECORD_KINDS,
  RESOURCES,
  UNDO_HEADER,
} from "@backoffice/contracts";
import {
  backupIdParams,
  backupPreviewAnswer,
  backupRestoreBody,
  backupsAnswer,
  BACKUP_MESSAGES as M,
} from "@backoffice/contracts/backups";
import { fieldRefused, forbidden, HttpError, notFound } from "@backoffice/server";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { backupDirOf } from "../../config.ts";
import { BackupRefused } from "../../lib/backup-file.ts";
import { createBackups, httpContentStore } from "../../lib/backups.ts";
import { s3SettingsOf, s3Storage } from "../../lib/media-storage.ts";
import { normaliseEmail } from "../../lib/rate-limit.ts";
import { auditContextOf } from "../../plugins/audit.ts";
import { checkPassword } from "../auth/guesses.ts";
import { usersRepository } from "../auth/repository.ts";
import { requireCode } from "../auth/second-factor-checks.ts";
import { secondFactorRepository } from "../auth/second-factor-repository.ts";

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
};
export const BACKUP_JOB = "backup";
/**
 * How long a restore's connection may stay quiet: it sends no byte until it is done, and a million rows
 * take minutes (behind a backup being verified, more); the server's idle limit is 60 s.
 */
const RESTORE_IDLE_MS = 30 * 60_000;

/** A refused file answers 422 with the message naming its fault; a newer version 409. */
function refusal(error: unknown): never {
  if (error instanceof BackupRefused) throw new HttpError(error.kind === "newer" ? 409 : 422, error.message);
  throw error;
}

/**
 * Backups for Owners under /api/v1/backups (docs/BACKUPS.md): the list, Back up now (a run of the
 * `backup` job, which also runs daily), the download, a restore's preview, and the restore itself,
 * which asks for the password again (and the authenticator code of a member who has one).
 */
const backupsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { config, jobs } = fastify;
  const offsite = config.BACKUP_S3_BUCKET
    ? s3Storage(s3SettingsOf(config, config.BACKUP_S3_BUCKET))
    : undefined;
  if (offsite) fastify.addHook("onClose", async () => offsite.close());
  // Media kept in a bucket are backed up from it and restored into it (docs/BACKUPS.md).
  const media = config.MEDIA_S3_BUCKET ? s3Storage(s3SettingsOf(config, config.MEDIA_S3_BUCKET)) : undefined;
  if (media) fastify.addHook("onClose", async () => media.close());
  const backups = createBackups({
    db: fastify.db,
    content: httpContentStore(config.CONTENT_URL, config.CONTENT_HMAC_SECRET),
    dataDir: config.DATA_DIR,
    backupDir: backupDirOf(config),
    encryptionKey: config.BACKUP_ENCRYPTION_KEY,
    keepDaily: config.BACKUP_KEEP_DAILY,
    keepWeekly: config.BACKUP_KEEP_WEEKLY,
    offsite,
    media,
    log: fastify.log,
    // Owners are told by mail of a backup that failed or could not be verified (and the log says so).
    async notify(subject, text) {
      const owners = await fastify.db.query<{ email: string }>(
        "select email from users where level = 'owner' and disabled_at is null",
      );
      for (const { email } of owners) await fastify.mailer.send({ to: email, subject, text });
    },
  });

  jobs.define({
    name: BACKUP_JOB,
    title: "Back up the data",
    site: "all",
    schedule: config.BACKUP_SCHEDULE,
    retryLimit: 1,
    expireInSeconds: 3600,
    async run() {
      const backup = await backups.take("job");
      const size = `${(backup.size / 1024 / 1024).toFixed(1)} MB`;
      if (!backup.verified)
        return {
          summary: `Backup ${backup.id} written (${size}) but not verified: ${backup.error}`,
          warning: true,
        };
      if (backup.offsite === "failed")
        return {
          summary: `Backup ${backup.id} written and verified (${size}). ${backup.offsiteError}`,
          warning: true,
        };
      return `Backup ${backup.id} written and verified (${size})${backup.offsite === "copied" ? ", copied off-site" : ""}.`;
    },
  });

  fastify.addHook("onRequest", async (request: FastifyRequest) => {
    if (request.session?.level !== "owner") throw forbidden(M.ownersOnly);
  });
  const security = [{ bearer: [] }];
  const found = (id: string) => {
    const backup = backups.find(id);
    if (backup?.status !== "ready") throw notFound(M.notFound);
    return backup;
  };

  fastify.get(
    "/",
    { schema: { tags: ["backups"], security, response: { 200: backupsAnswer, ...errors } } },
    async () => ({ status: "success" as const, data: backups.list() }),
  );

  fastify.post(
    "/",
    { schema: { tags: ["backups"], security, response: { 202: messageBody, ...errors } } },
    async (_request, reply) => {
      const queued = await jobs.runNow(BACKUP_JOB);
      return reply
        .code(202)
        .send({ status: "success" as const, message: queued ? M.queued : M.alreadyQueued });
    },
  );

  fastify.get(
    "/:id/download",
    {
      schema: {
        tags: ["backups"],
        security,
        params: backupIdParams,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const backup = found(request.params.id);
      return reply
        .header("content-type", "application/octet-stream")
        .header("content-disposition", `attachment; filename="backoffice-${backup.id}.backup"`)
        .header("cache-control", "no-store")
        .send(createReadStream(backups.fileOf(backup.id)));
    },
  );

  fastify.get(
    "/:id",
    {
      schema: {
        tags: ["backups"],
        security,
        params: backupIdParams,
        response: { 200: backupPreviewAnswer, ...errors },
      },
    },
    async (request) => {
      found(request.params.id);
      const data = await backups.preview(request.params.id).catch(refusal);
      return { status: "success" as const, data };
    },
  );

  fastify.post(
    "/:id/restore",
    {
      schema: {
        tags: ["backups"],
        security,
        params: backupIdParams,
        body: backupRestoreBody,
        response: { 200: messageBody, ...errors },
      },
    },
    async (request, reply) => {
      const socket = request.raw.socket as { setTimeout?: (ms: number) => void } | undefined;
      if (typeof socket?.setTimeout === "function") socket.setTimeout(RESTORE_IDLE_MS);
      const backup = found(request.params.id);
      const { userId, email } = request.session!;
      // The password again, and the authenticator code when the member has one (as turning it off asks).
      const me = await usersRepository(fastify.db).findById(userId);
      if (!(await checkPassword(request, normaliseEmail(email), me?.password_hash, request.body.password)))
        throw fieldRefused("password", M.passwordIncorrect);
      if ((await secondFactorRepository(fastify.db).factorsOf(userId)).totp) {
        if (!request.body.code) throw fieldRefused("code", M.codeRequired, "required");
        // A wrong or used code is said on the code field.
        await requireCode(request, userId, request.body.code).catch((error: unknown) => {
          throw error instanceof HttpError && error.statusCode === 400
            ? fieldRefused("code", error.message)
            : error;
        });
      }
      const { kind } = request.body;
      if (kind) {
        // One kind into the current data, written to History as a restore; Undo returns what it removed.
        const facts = RECORD_KINDS[kind as HistoryResource];
        request.log.warn({ event: "restore", userId, backup: backup.id, kind }, "restoring one kind");
        // Rows without a site column (apps) are on the one site that has them.
        const sites = RESOURCES[facts.resource].sites;
        const context = auditContextOf(request, sites.length === 1 ? sites[0]! : null);
        const counts = await backups.restoreKind(backup.id, facts.table!, context).catch(refusal);
        await fastify.publicCache.invalidate("");
        const [moved] = await fastify.db.query("select 1 from trash where batch = $1 limit 1", [request.id]);
        if (moved) reply.header(UNDO_HEADER, request.id);
        return { status: "success" as const, message: M.restoredKind(facts.label, backup.createdAt, counts) };
      }
      request.log.warn({ event: "restore", userId, backup: backup.id }, "restoring a backup");
      await backups.restore(backup.id).catch(refusal);
      await fastify.publicCache.invalidate("");
      return { status: "success" as const, message: M.restored(backup.createdAt) };
    },
  );
};

export default backupsRoutes;
