import type { MovieKind } from "@backoffice/contracts";
export interface DemoTitle {
    tmdbId: number;
    type: MovieKind;
    title: string;
    overview: string;
    status: string | null;
    poster_path: string;
    vote_average: number;
    releaseDate: string;
    genres: string[];
    featured?: boolean;
    lockerSelected?: boolean;
}
/**
 * Demo titles, newest first: the same ids, texts and image paths the sandbox's movie database
 * answers, so a re-import from it refreshes these rows and their posters render with their titles.
 */
export declare const DEMO_TITLES: readonly DemoTitle[];
