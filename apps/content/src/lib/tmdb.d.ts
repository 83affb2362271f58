import { type MovieKind } from "@backoffice/contracts";
import { type TmdbSettings } from "@backoffice/server";
import type { FastifyBaseLogger } from "fastify";
import type { TitleInput } from "../repositories/titles.ts";
/** A failed movie-database call, with the status and plain-text message the import answers. */
export declare class TmdbError extends Error {
    readonly statusCode: 404 | 502;
    constructor(statusCode: 404 | 502, message: string);
}
/** Fetches a title's details from the movie database and maps them to what the content service stores. */
export declare function fetchTmdbTitle(settings: TmdbSettings, kind: MovieKind, tmdbId: number, log: FastifyBaseLogger): Promise<Omit<TitleInput, "featured">>;
