import type { ImportKind, Site } from "@backoffice/contracts";
import type { ImportMapping } from "@backoffice/contracts/import";
import { auditContext, type Queryable } from "@backoffice/db";

/** The remembered mappings and the applied imports of a site (migration 0070). */
export function importRepository(db: Queryable, site: Site) {
  return {
    async remembered(kind: ImportKind): Promise<{ mapping: ImportMapping; key: string } | undefined> {
      const [row] = await db.query<{ mapping: ImportMapping; key: string }>(
        "select mapping, key from import_mappings where site = $1 and kind = $2",
        [site, kind],
      );
      return row;
    },
    async remember(kind: ImportKind, mapping: ImportMapping, key: string): Promise<void> {
      await db.query(
        `insert into import_mappings (site, kind, mapping, key) values ($1, $2, $3::text::jsonb, $4)
         on conflict (site, kind) do update set mapping = excluded.mapping, key = excluded.key, updated_at = now()`,
        [site, kind, JSON.stringify(mapping), key],
      );
    },
    /** An applied import, under its request's batch (its History entries' and its Undo token). */
    async applied(entry: {
      batch: string;
      kind: ImportKind;
      table: string;
      fileName: string;
      created: number;
      updated: number;
      by: string | null;
    }): Promise<void> {
      await db.query(
        `insert into import_batches (batch, site, kind, table_name, file_name, created, updated, imported_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [entry.batch, site, entry.kind, entry.table, entry.fileName, entry.created, entry.updated, entry.by],
      );
      // History's one entry for the import, beside its records' entries of the same batch.
      const context = auditContext();
      await db.query(
        `insert into audit_log (batch, actor_id, actor_email, address, site, resource, record_id, action, before, after)
         values ($1, $2, $3, $4, $5, $6, null, 'import', null, $7::text::jsonb)`,
        [
          entry.batch,
          context?.actorId ?? null,
          context?.actorEmail ?? entry.by,
          context?.address ?? null,
          site,
          entry.kind,
          JSON.stringify({ name: entry.fileName, created: entry.created, updated: entry.updated }),
        ],
      );
    },
    /**
     * Undo of an import (`POST /trash/undo` with its token): its updates reverted and its creations
     * deleted, in the caller's audit context. Undefined when the token is no import of this site.
     */
    async undo(batch: string): Promise<number | undefined> {
      const [found] = await db.query<{ undone: boolean }>(
        "select undone_at is not null as undone from import_batches where batch = $1::uuid and site = $2",
        [batch, site],
      );
      if (!found) return undefined;
      const [result] = await db.query<{ n: number }>("select revert_import($1::uuid) as n", [batch]);
      return result!.n;
    },
  };
}
