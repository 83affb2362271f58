export declare const FAKE_TMDB_KEY = "fake-tmdb-key";
/** TMDB's `GET /movie/603` answer (trimmed of nothing the import reads). */
export declare function matrixDetails(overrides?: Record<string, unknown>): {
    adult: boolean;
    backdrop_path: string;
    belongs_to_collection: {
        id: number;
        name: string;
        poster_path: string;
        backdrop_path: string;
    };
    budget: number;
    genres: {
        id: number;
        name: string;
    }[];
    homepage: string;
    id: number;
    imdb_id: string;
    origin_country: string[];
    original_language: string;
    original_title: string;
    overview: string;
    popularity: number;
    poster_path: string;
    production_companies: {
        id: number;
        logo_path: null;
        name: string;
        origin_country: string;
    }[];
    production_countries: {
        iso_3166_1: string;
        name: string;
    }[];
    release_date: string;
    revenue: number;
    runtime: number;
    spoken_languages: {
        english_name: string;
        iso_639_1: string;
        name: string;
    }[];
    status: string;
    tagline: string;
    title: string;
    video: boolean;
    vote_average: number;
    vote_count: number;
};
/** TMDB's `GET /tv/1396` answer, shortened to its top-level fields. */
export declare function breakingBadDetails(overrides?: Record<string, unknown>): {
    adult: boolean;
    backdrop_path: string;
    created_by: {
        id: number;
        credit_id: string;
        name: string;
        gender: number;
    }[];
    episode_run_time: number[];
    first_air_date: string;
    genres: {
        id: number;
        name: string;
    }[];
    homepage: string;
    id: number;
    in_production: boolean;
    languages: string[];
    last_air_date: string;
    name: string;
    next_episode_to_air: null;
    networks: {
        id: number;
        logo_path: string;
        name: string;
        origin_country: string;
    }[];
    number_of_episodes: number;
    number_of_seasons: number;
    origin_country: string[];
    original_language: string;
    original_name: string;
    overview: string;
    popularity: number;
    poster_path: string;
    status: string;
    tagline: string;
    type: string;
    vote_average: number;
    vote_count: number;
};
export interface FakeTmdb {
    /** Base URL to configure as TMDB_BASE_URL (ends in /3, like TMDB's). */
    url: string;
    /** Every request received: path and query. */
    requests: {
        path: string;
        query: Record<string, string>;
    }[];
    /** Replaces the answer of one path, e.g. `/movie/603`. */
    answer(path: string, status: number, body: unknown): void;
    close(): Promise<void>;
}
/** A tiny stand-in for TMDB v3 on a random local port. */
export declare function startFakeTmdb(): Promise<FakeTmdb>;
