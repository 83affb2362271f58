import type { MovieGenre, MovieItem, MovieKind, MoviePatchBody } from "@backoffice/contracts";
import { newId, type Queryable, versionCondition } from "@backoffice/db";

export interface TitleRow {
  id: string;
  type: MovieKind;
  tmdb_id: number | null;
  title: string;
  overview: string;
  status: string | null;
  featured: boolean;
  featured_starts_at: Date | string | null;
  featured_ends_at: Date | string | null;
  locker_selected: boolean;
  poster_path: string | null;
  vote_average: number | null;
  release_date: string | null;
  genres: MovieGenre[];
  created_at: Date;
  updated_at: Date;
}

/** What an import (or the demo data) stores about a title. */
export interface TitleInput {
  type: MovieKind;
  tmdbId: number | null;
  title: string;
  overview: string;
  status: string | null;
  poster_path: string | null;
  vote_average: number | null;
  releaseDate: string | null;
  genres: MovieGenre[];
  featured: boolean;
  lockerSelected?: boolean;
}

const instant = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A title as the dashboard reads it: its flags as set, the Featured flag's window beside it. */
export function toMovieItem(row: TitleRow): MovieItem {
  return {
    _id: row.id,
    title: row.title,
    overview: row.overview,
    type: row.type,
    status: row.status,
    featured: row.featured,
    featuredStartsAt: instant(row.featured_starts_at),
    featuredEndsAt: instant(row.featured_ends_at),
    lockerSelected: row.locker_selected,
    poster_path: row.poster_path,
    vote_average: row.vote_average,
    releaseDate: row.release_date,
    genres: row.genres,
    tmdbId: row.tmdb_id,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

// Editable fields and their columns: the only names that ever reach the SQL text of an update.
const EDITABLE: Record<keyof MoviePatchBody, string> = {
  title: "title",
  overview: "overview",
  status: "status",
  featured: "featured",
  featuredStartsAt: "featured_starts_at",
  featuredEndsAt: "featured_ends_at",
  poster_path: "poster_path",
  vote_average: "vote_average",
  lockerSelected: "locker_selected",
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function titlesRepository(db: Queryable) {
  return {
    /** Newest first (ids start with their creation time). */
    async list(filter: { type?: MovieKind | undefined; search?: string | undefined }): Promise<TitleRow[]> {
      const conditions: string[] = [];
      const params: unknown[] = [];
      if (filter.type) {
        params.push(filter.type);
        conditions.push(`type = $${params.length}`);
      }
      if (filter.search) {
        params.push(likePattern(filter.search));
        conditions.push(`(title ilike $${params.length} or overview ilike $${params.length})`);
      }
      const where = conditions.length ? `where ${conditions.join(" and ")}` : "";
      return db.query<TitleRow>(`select * from titles ${where} order by id desc`, params);
    },
    async findById(id: string): Promise<TitleRow | undefined> {
      const [row] = await db.query<TitleRow>("select * from titles where id = $1", [id]);
      return row;
    },
    /**
     * Changes the fields given; with `expectedUpdatedAt` (an `updatedAt` as answered), only while the
     * title still has that version, in the same statement, so two saves of one version cannot both
     * pass (docs/PRODUCT-RULES.md#live-updates). Undefined when no row matched: no such title, or
     * its version moved.
     */
    async update(
      id: string,
      changes: MoviePatchBody,
      expectedUpdatedAt?: string,
    ): Promise<TitleRow | undefined> {
      const sets: string[] = [];
      const params: unknown[] = [id];
      for (const [field, column] of Object.entries(EDITABLE) as [keyof MoviePatchBody, string][]) {
        if (!(field in changes)) continue;
        params.push(changes[field] ?? null);
        sets.push(`${column} = $${params.length}`);
      }
      sets.push("updated_at = now()");
      const check = versionCondition(expectedUpdatedAt, params.length + 1);
      const [row] = await db.query<TitleRow>(
        `update titles set ${sets.join(", ")} where id = $1${check.sql} returning *`,
        [...params, ...check.values],
      );
      return row;
    },
    async deleteMany(ids: string[]): Promise<number> {
      const rows = await db.query("delete from titles where id = any($1::char(24)[]) returning id", [ids]);
      return rows.length;
    },
    /**
     * Adds a title or, when its movie-database id and kind are already stored, refreshes it from the
     * movie database. A re-import can feature a title but never unfeatures it (the import screen
     * always sends `featured: false`), and leaves the locker flag alone.
     */
    async findByTmdbId(type: MovieKind, tmdbId: number): Promise<TitleRow | undefined> {
      const [row] = await db.query<TitleRow>("select * from titles where type = $1 and tmdb_id = $2", [
        type,
        tmdbId,
      ]);
      return row;
    },
    /** Adds a title; undefined when the same movie-database title is already stored. */
    async insert(input: TitleInput, now: Date = new Date()): Promise<TitleRow | undefined> {
      const [row] = await db.query<TitleRow>(
        `insert into titles (id, type, tmdb_id, title, overview, status, poster_path, vote_average,
           release_date, genres, featured, locker_selected, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, $13)
         on conflict (type, tmdb_id) do nothing
         returning *`,
        [
          newId(now.getTime()),
          input.type,
          input.tmdbId,
          input.title,
          input.overview,
          input.status,
          input.poster_path,
          input.vote_average,
          input.releaseDate,
          JSON.stringify(input.genres),
          input.featured,
          input.lockerSelected ?? false,
          now,
        ],
      );
      return row;
    },
    /** Puts deleted titles back with their ids and dates; one already there (or re-imported) is skipped. */
    async restore(items: MovieItem[]): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `insert into titles (id, type, tmdb_id, title, overview, status, poster_path, vote_average,
           release_date, genres, featured, featured_starts_at, featured_ends_at, locker_selected, created_at, updated_at)
         select "_id", type, "tmdbId", title, overview, status, poster_path, vote_average,
           "releaseDate", genres, featured, "featuredStartsAt", "featuredEndsAt", "lockerSelected", "createdAt", "updatedAt"
         from jsonb_to_recordset($1::jsonb) as t("_id" text, type text, "tmdbId" integer, title text,
           overview text, status text, poster_path text, vote_average double precision, "releaseDate" text,
           genres jsonb, featured boolean, "featuredStartsAt" timestamptz, "featuredEndsAt" timestamptz,
           "lockerSelected" boolean, "createdAt" timestamptz, "updatedAt" timestamptz)
         on conflict do nothing
         returning id`,
        [JSON.stringify(items)],
      );
      return rows.map((row) => row.id);
    },
    async count(): Promise<number> {
      const [row] = await db.query<{ count: number }>("select count(*)::int as count from titles");
      return row!.count;
    },
  };
}
