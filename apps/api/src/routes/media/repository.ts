import type { Site } from "@backoffice/contracts";
import type { Media, MediaFormat, MediaQuery, MediaVariant } from "@backoffice/contracts/media";
import { newId, type Queryable } from "@backoffice/db";
import { iso } from "../../lib/rows.ts";

/** A variant as stored: its file's name; the answer gives its address. */
export interface StoredVariant extends Omit<MediaVariant, "url"> {
  file: string;
}

export interface MediaRow {
  id: string;
  site: Site;
  file_name: string;
  file: string;
  format: MediaFormat;
  bytes: number;
  width: number;
  height: number;
  hash: string;
  alt: string;
  status: Media["status"];
  variants: StoredVariant[];
  created_at: Date;
  updated_at: Date;
}

/** The answer's item: the original's and the variants' absolute addresses under `{base}/media/`. */
export const toMedia = (row: MediaRow, base: string): Media => ({
  _id: row.id,
  url: `${base}/media/${row.file}`,
  fileName: row.file_name,
  format: row.format,
  bytes: row.bytes,
  width: row.width,
  height: row.height,
  alt: row.alt,
  status: row.status,
  variants: row.variants.map(({ file, ...variant }) => ({ ...variant, url: `${base}/media/${file}` })),
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

export type NewMedia = Pick<
  MediaRow,
  "file_name" | "file" | "format" | "bytes" | "width" | "height" | "hash"
>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export function mediaRepository(db: Queryable, site: Site) {
  return {
    /** A page, newest first; `q` finds the file name or alt text anywhere, `type` one format. */
    async list(query: MediaQuery): Promise<{ rows: MediaRow[]; total: number }> {
      const where = ["site = $1"];
      const values: unknown[] = [site];
      if (query.q) {
        values.push(`%${escapeLike(query.q.toLowerCase())}%`);
        where.push(`(lower(file_name) like $${values.length} or lower(alt) like $${values.length})`);
      }
      if (query.type) {
        values.push(query.type);
        where.push(`format = $${values.length}`);
      }
      const clause = where.join(" and ");
      const [count] = await db.query<{ total: number }>(
        `select count(*)::int as total from media where ${clause}`,
        values,
      );
      const rows = await db.query<MediaRow>(
        `select * from media where ${clause} order by id desc limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
        values,
      );
      return { rows, total: count?.total ?? 0 };
    },
    async get(id: string): Promise<MediaRow | undefined> {
      const [row] = await db.query<MediaRow>("select * from media where site = $1 and id = $2", [site, id]);
      return row;
    },
    /** The site's image of the same uploaded bytes, if any. */
    async byHash(hash: string): Promise<MediaRow | undefined> {
      const [row] = await db.query<MediaRow>("select * from media where site = $1 and hash = $2", [
        site,
        hash,
      ]);
      return row;
    },
    /** Adds the image; undefined when the same bytes were added meanwhile (the unique hash). */
    async create(input: NewMedia): Promise<MediaRow | undefined> {
      const [row] = await db.query<MediaRow>(
        `insert into media (id, site, file_name, file, format, bytes, width, height, hash)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (site, hash) do nothing returning *`,
        [
          newId(),
          site,
          input.file_name,
          input.file,
          input.format,
          input.bytes,
          input.width,
          input.height,
          input.hash,
        ],
      );
      return row;
    },
    async setAlt(id: string, alt: string): Promise<MediaRow | undefined> {
      const current = await this.get(id);
      // Nothing to change: the image as it is (no History entry for a no-op).
      if (!current || current.alt === alt) return current;
      const [row] = await db.query<MediaRow>(
        "update media set alt = $3, updated_at = now() where site = $1 and id = $2 returning *",
        [site, id, alt],
      );
      return row;
    },
    /** True when it existed; its row goes to the Trash (audit triggers), its files stay for a restore. */
    async remove(id: string): Promise<boolean> {
      const rows = await db.query("delete from media where site = $1 and id = $2 returning id", [site, id]);
      return rows.length > 0;
    },
  };
}

/** The images of every site still waiting for their variants, oldest first (the media-variants job). */
export async function pendingMedia(db: Queryable, limit: number): Promise<MediaRow[]> {
  return db.query<MediaRow>("select * from media where status = 'pending' order by id limit $1", [limit]);
}

/** Sets an image's variants and status once the job made them (outside any admin's audit context). */
export async function finishMedia(
  db: Queryable,
  id: string,
  status: "ready" | "failed",
  variants: StoredVariant[],
): Promise<void> {
  await db.query("update media set status = $2, variants = $3::jsonb where id = $1", [
    id,
    status,
    JSON.stringify(variants),
  ]);
}
