import { HISTORY_RESOURCES, RECORD_KINDS, type RecordKind, type Site, siteHas } from "@backoffice/contracts";
import type {
  Media,
  MediaFormat,
  MediaQuery,
  MediaUse,
  MediaVariant,
  PublicImage,
} from "@backoffice/contracts/media";
import { type Database, newId, type Queryable } from "@backoffice/db";
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
export const toMedia = (row: MediaRow, base: string, uses: MediaUse[] = []): Media => ({
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
  uses,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

export type NewMedia = Pick<
  MediaRow,
  "file_name" | "file" | "format" | "bytes" | "width" | "height" | "hash"
>;

/**
 * The record kinds of the api's database with image fields on a site (their descriptors' `images`
 * and `table`, packages/contracts resources.ts): where "where used" looks and a replace rewrites.
 */
function imageKinds(
  site: Site,
): (RecordKind & { table: string; images: NonNullable<RecordKind["images"]> })[] {
  return HISTORY_RESOURCES.map((name) => RECORD_KINDS[name]).filter(
    (kind): kind is RecordKind & { table: string; images: NonNullable<RecordKind["images"]> } =>
      Boolean(kind.images && kind.table && siteHas(site, kind.resource)),
  );
}

/** An image's stem: its stored name without the extension; its sizes are `<stem>-<width>.<ext>`. */
const stemOf = (file: string) => file.replace(/\.\w+$/, "");

/** SQL: `column` holds an address of the image whose stem is `stem` (an SQL expression). */
const holds = (column: string, stem: string) => `strpos(${column}, '/media/' || ${stem}) > 0`;

/** SQL: some record of the site uses the `media` row in scope (the list's filter by use). */
function usedClause(site: Site): string {
  const stem = "split_part(media.file, '.', 1)";
  const checks = imageKinds(site).map(({ table, images }) => {
    const own = images.perSite ? "r.site = media.site and " : "";
    const any = images.fields.map(({ column }) => holds(`r.${column}`, stem)).join(" or ");
    return `exists (select 1 from ${table} r where ${own}(${any}))`;
  });
  return checks.length > 0 ? `(${checks.join(" or ")})` : "false";
}

const camelToSnake = (name: string) => name.replace(/[A-Z]/g, (char) => `_${char.toLowerCase()}`);

/** The records of the site using each of these images (any of their addresses), by media file. */
export async function usesOf(db: Queryable, site: Site, files: string[]): Promise<Map<string, MediaUse[]>> {
  const found = new Map<string, MediaUse[]>(files.map((file) => [file, []]));
  if (files.length === 0) return found;
  const stems = files.map(stemOf);
  for (const kind of imageKinds(site)) {
    const { table, images } = kind;
    const any = images.fields.map(({ column }) => holds(`r.${column}`, "m.stem")).join(" or ");
    const rows = await db.query<Record<string, unknown> & { id: string; stem: string }>(
      `select r.*, m.stem from ${table} r join unnest($1::text[]) as m(stem) on (${any})
       ${images.perSite ? "where r.site = $2" : ""} order by r.id`,
      images.perSite ? [stems, site] : [stems],
    );
    const search = kind.link.search ? camelToSnake(kind.link.search) : undefined;
    for (const row of rows) {
      const file = files[stems.indexOf(row.stem)] as string;
      for (const field of images.fields) {
        const value = row[field.column];
        if (typeof value !== "string" || !value.includes(`/media/${row.stem}`)) continue;
        found.get(file)?.push({
          resource: kind.name,
          id: String(row.id).trim(),
          name: kind.trash?.recordName(row) ?? String(row.id).trim(),
          field: field.label,
          search: search && typeof row[search] === "string" ? (row[search] as string) : "",
        });
      }
    }
  }
  return found;
}

/**
 * Replaces an image's file (docs/MEDIA.md, "Replace"): in one transaction, the row takes the new
 * file (pending its sizes) and every record of the site using the old one is rewritten to the new
 * original's address, keeping the address's start; the audit triggers record each change in History.
 */
export async function replaceMedia(
  db: Database,
  site: Site,
  id: string,
  next: NewMedia,
): Promise<MediaRow | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx.query<MediaRow>("select * from media where site = $1 and id = $2 for update", [
      site,
      id,
    ]);
    if (!current) return undefined;
    const [row] = await tx.query<MediaRow>(
      `update media set file_name = $3, file = $4, format = $5, bytes = $6, width = $7, height = $8,
       hash = $9, status = 'pending', variants = '[]', updated_at = now() where site = $1 and id = $2 returning *`,
      [site, id, next.file_name, next.file, next.format, next.bytes, next.width, next.height, next.hash],
    );
    const old = stemOf(current.file);
    for (const { table, images } of imageKinds(site)) {
      const sets = images.fields.map(
        ({ column }) =>
          `${column} = case when ${holds(column, "$1::text")} then substr(${column}, 1, strpos(${column}, '/media/' || $1) - 1) || '/media/' || $2 else ${column} end`,
      );
      const any = images.fields.map(({ column }) => holds(column, "$1::text")).join(" or ");
      await tx.query(
        `update ${table} set ${sets.join(", ")}, updated_at = now() where (${any})${images.perSite ? " and site = $3" : ""}`,
        images.perSite ? [old, next.file, site] : [old, next.file],
      );
    }
    return row;
  });
}

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
      if (query.used) where.push(`${query.used === "unused" ? "not " : ""}${usedClause(site)}`);
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
  facts?: { bytes: number; width: number; height: number },
): Promise<void> {
  await db.query(
    `update media set status = $2, variants = $3::jsonb, bytes = coalesce($4, bytes),
     width = coalesce($5, width), height = coalesce($6, height) where id = $1`,
    [id, status, JSON.stringify(variants), facts?.bytes ?? null, facts?.width ?? null, facts?.height ?? null],
  );
}

/** The stem of a media address (original or size), or undefined for any other address. */
const stemOfUrl = (url: string) => /\/media\/([0-9a-f]{64})(?:-\d+)?\.\w+$/.exec(url)?.[1];

/**
 * The public reads' images (docs/MEDIA.md, "Public reads"): for each record, its image fields
 * (`fields`: column → address) that hold a ready media image of the site, with absolute sizes and
 * srcset. One query for every record of the answer.
 */
export async function publicImagesOf(
  db: Queryable,
  site: Site,
  base: string,
  records: Record<string, string>[],
): Promise<Record<string, PublicImage>[]> {
  const stems = [
    ...new Set(records.flatMap((fields) => Object.values(fields).map(stemOfUrl)).filter(Boolean)),
  ];
  const rows =
    stems.length === 0
      ? []
      : await db.query<MediaRow>(
          "select * from media where site = $1 and status = 'ready' and split_part(file, '.', 1) = any($2::text[])",
          [site, stems],
        );
  const byStem = new Map(
    rows.map((row): [string, PublicImage] => {
      const item = toMedia(row, base);
      const srcset = (format: "webp" | "avif") =>
        item.variants
          .filter((variant) => variant.format === format)
          .map((variant) => `${variant.url} ${variant.width}w`)
          .join(", ");
      const image = { url: item.url, width: item.width, height: item.height, alt: item.alt };
      return [
        stemOf(row.file),
        { ...image, srcset: { webp: srcset("webp"), avif: srcset("avif") }, variants: item.variants },
      ];
    }),
  );
  return records.map((fields) => {
    const images: Record<string, PublicImage> = {};
    for (const [column, url] of Object.entries(fields)) {
      const image = byStem.get(stemOfUrl(url) ?? "");
      if (image) images[column] = image;
    }
    return images;
  });
}
