// Live updates (docs/PRODUCT-RULES.md#live-updates): what `GET /api/v1/events` streams. Zod-free:
// the dashboard reads it outside any form.
import type { Site } from "./site-rules.ts";

/** Who made a change: a member (id and email) or a job (its name). */
export interface LiveActor {
  id: string | null;
  email: string | null;
  job?: string;
}

/**
 * The events of a member's stream, one JSON object per `data:` line; only events of the member's
 * sites are sent, and a member's own writes are not sent back to them.
 */
export type LiveEvent =
  /** New subscriptions (`emails`) or contact messages (`contacts`) from the public intake. */
  | { type: "intake"; site: Site; resource: "emails" | "contacts"; count: number }
  /** A record created, changed, deleted or restored; `id` null when a write touched many. */
  | {
      type: "record";
      site: Site;
      /** The record kind, as History names it (RECORD_KINDS in resources.ts). */
      resource: string;
      id: string | null;
      action: "create" | "update" | "delete" | "restore";
      actor: LiveActor;
    }
  /** Matches whose status (feed sync) or stream-link health (link check) changed. */
  | { type: "matches"; site: Site; change: "status" | "health"; actor: LiveActor }
  /**
   * Events may have been missed (this instance lost its link to the other instances): refetch
   * everything, as after a reconnect.
   */
  | { type: "resync" };

/** The stream's path; `?site=` limits it to one site (403 outside the member's access). */
export const LIVE_EVENTS_PATH = "/api/v1/events";

/** The header a save sends with the `updatedAt` it loaded (`"2026-11-26T12:00:00.000Z"`): 409 when the record changed since. */
export const VERSION_HEADER = "if-match";

export const LIVE_MESSAGES = {
  tooManyStreams: "Too many live update streams are open for this account",
  conflict: "This record was changed by someone else since you opened it. Reload it before saving.",
} as const;
