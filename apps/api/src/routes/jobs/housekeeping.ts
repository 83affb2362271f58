import { TRASH_DAYS } from "@backoffice/contracts";
import type { Database } from "@backoffice/db";
import type { FastifyBaseLogger } from "fastify";
import { historyRetentionDays, removeExpiredHistory } from "../../lib/history-chain.ts";
import type { Jobs } from "../../lib/jobs.ts";
import type { MediaStorage } from "../../lib/media-storage.ts";
import { purgedFilesOf } from "../media/files.ts";
import { purgeExpiredTrash } from "../trash/repository.ts";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The periodic clean-up every site shares (what a site's resource needs it defines itself). */
export function defineHousekeeping(
  jobs: Jobs,
  db: Database,
  storage: MediaStorage,
  log: FastifyBaseLogger,
): void {
  jobs.define({
    name: "trash-purge",
    title: "Empty expired trash",
    site: "all",
    schedule: "0 * * * *",
    async run() {
      const deleted = await purgeExpiredTrash(db, purgedFilesOf(db, storage, log));
      return `${count(deleted, "item", "items")} older than ${TRASH_DAYS} days removed.`;
    },
  });
  jobs.define({
    name: "expired-sign-ins",
    title: "Remove expired sessions and codes",
    site: "all",
    schedule: "40 * * * *",
    async run() {
      const sessions = await db.query("delete from sessions where expires_at < now() returning 1");
      // A day's codes stay: the sign-in's limits count the codes sent recently.
      const codes = await db.query(
        "delete from otp_codes where expires_at < now() - interval '1 day' returning 1",
      );
      return `${count(sessions.length, "session", "sessions")} and ${count(codes.length, "code", "codes")} removed.`;
    },
  });
  jobs.define({
    name: "history-retention",
    title: "Remove History entries past their retention",
    site: "all",
    schedule: "20 * * * *",
    async run() {
      // The Owner's setting (Integrations); for ever unless set (docs/PRODUCT-RULES.md#history-trash-and-undo).
      const days = await historyRetentionDays(db);
      if (days === null) return "History is kept for ever: nothing removed.";
      const removed = await removeExpiredHistory(db);
      return `${count(removed, "entry", "entries")} older than ${days} days removed.`;
    },
  });
}
