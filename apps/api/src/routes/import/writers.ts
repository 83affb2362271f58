import {
  type AppInput,
  createAppBody,
  type ImportKind,
  MATCH_MESSAGES,
  type MatchBody,
  type MatchUpdate,
  matchBody,
  type OtherServerBody,
  type OtherServerUpdate,
  otherServerBody,
  RECORD_KINDS,
  type Site,
  subscribeBody,
  updateAppBody,
  updateMatchBody,
  updateOtherServerBody,
} from "@backoffice/contracts";
import { newId, type Queryable } from "@backoffice/db";
import type { ZodType } from "zod";
import { appsRepository } from "../apps/repository.ts";
import { matchesRepository } from "../matches/repository.ts";
import { otherServersRepository } from "../other-servers/repository.ts";

/** Where a kind's imported rows go: its own schemas and repository, and how a key finds a stored record. */
export interface ImportWriter {
  /** The kind's table (its descriptor's `table`). */
  table: string;
  create: ZodType;
  /** Absent: a row matching a stored record changes nothing (an address already subscribed). */
  update?: ZodType;
  /** The column each key is stored in (`_id` is `id`), and whether the table has a `site` column. */
  keyColumns: Record<string, string>;
  perSite: boolean;
  /** Keys compared without case (email addresses). */
  caseless?: boolean;
  /** Problems the schemas cannot see, by the rows' index in `bodies` (a server's match must exist). */
  check?: (db: Queryable, bodies: unknown[]) => Promise<({ field: string; message: string } | undefined)[]>;
  insert: (db: Queryable, bodies: unknown[]) => Promise<void>;
  change?: (db: Queryable, id: string, body: unknown) => Promise<void>;
}

interface WriterOptions {
  timeZone: string;
  finishedDays: number;
}

/** One writer per importable kind, on the kind's repository (docs/INTEGRATIONS.md#import). */
export function importWriter(kind: ImportKind, site: Site, options: WriterOptions): ImportWriter {
  return { table: RECORD_KINDS[kind].table as string, ...writerOf(kind, site, options) };
}

function writerOf(kind: ImportKind, site: Site, options: WriterOptions): Omit<ImportWriter, "table"> {
  const matches = (db: Queryable) => matchesRepository(db, site, options.timeZone, options.finishedDays);
  switch (kind) {
    case "emails":
      return {
        create: subscribeBody,
        keyColumns: { email: "email" },
        perSite: true,
        caseless: true,
        // One statement for a chunk of addresses (a 100,000-row file is 50 of them).
        insert: async (db, bodies) => {
          const rows = bodies as { email: string; url?: string }[];
          await db.query(
            `insert into email_subscriptions (id, site, email, url, created_at)
             select id, $1, email, nullif(url, ''), now() from unnest($2::text[], $3::text[], $4::text[]) as t (id, email, url)
             on conflict (site, lower(email)) do nothing`,
            [site, rows.map(() => newId()), rows.map((row) => row.email), rows.map((row) => row.url ?? null)],
          );
        },
      };
    case "apps":
      return {
        create: createAppBody,
        update: updateAppBody,
        keyColumns: { _id: "id", title: "title" },
        perSite: false,
        insert: async (db, bodies) => {
          for (const body of bodies) await appsRepository(db).create(body as AppInput & { title: string });
        },
        change: async (db, id, body) => {
          await appsRepository(db).update(id, body as AppInput);
        },
      };
    case "matches":
      return {
        create: matchBody,
        update: updateMatchBody,
        keyColumns: { _id: "id", matchUrl: "match_url" },
        perSite: true,
        insert: async (db, bodies) => {
          for (const body of bodies) await matches(db).create(body as MatchBody);
        },
        change: async (db, id, body) => {
          await matches(db).update(id, body as MatchUpdate);
        },
      };
    case "servers":
      return {
        create: otherServerBody,
        update: updateOtherServerBody,
        keyColumns: { _id: "id", url: "url" },
        perSite: true,
        check: async (db, bodies) => {
          const ids = (bodies as OtherServerBody[]).map((body) => body.match_id);
          const found = await db.query<{ id: string }>(
            "select id from matches where site = $1 and id = any($2)",
            [site, ids],
          );
          const known = new Set(found.map((row) => row.id));
          return ids.map((id) =>
            known.has(id) ? undefined : { field: "match_id", message: MATCH_MESSAGES.notFound },
          );
        },
        insert: async (db, bodies) => {
          for (const body of bodies) await otherServersRepository(db, site).create(body as OtherServerBody);
        },
        change: async (db, id, body) => {
          await otherServersRepository(db, site).update(id, body as OtherServerUpdate);
        },
      };
  }
}
