import type { MovieGenre, MovieItem, MovieKind, MoviePatchBody } from "@backoffice/contracts";
import { type Queryable } from "@backoffice/db";
export interface TitleRow {
    id: string;
    type: MovieKind;
    tmdb_id: number | null;
    title: string;
    overview: string;
    status: string | null;
    featured: boolean;
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
export declare function toMovieItem(row: TitleRow): MovieItem;
export declare function titlesRepository(db: Queryable): {
    /** Newest first (ids start with their creation time). */
    list(filter: {
        type?: MovieKind | undefined;
        search?: string | undefined;
    }): Promise<TitleRow[]>;
    findById(id: string): Promise<TitleRow | undefined>;
    update(id: string, changes: MoviePatchBody): Promise<TitleRow | undefined>;
    deleteMany(ids: string[]): Promise<number>;
    /**
     * Adds a title or, when its movie-database id and kind are already stored, refreshes it from the
     * movie database. A re-import can feature a title but never unfeatures it (the import screen
     * always sends `featured: false`), and leaves the locker flag alone.
     */
    findByTmdbId(type: MovieKind, tmdbId: number): Promise<TitleRow | undefined>;
    /** Adds a title; undefined when the same movie-database title is already stored. */
    insert(input: TitleInput, now?: Date): Promise<TitleRow | undefined>;
    /** Puts deleted titles back with their ids and dates; one already there (or re-imported) is skipped. */
    restore(items: MovieItem[]): Promise<string[]>;
    count(): Promise<number>;
};
export type Titles = ReturnType<typeof titlesRepository>;
