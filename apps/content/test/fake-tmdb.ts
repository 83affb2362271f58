import Fastify from "fastify";

export const FAKE_TMDB_KEY = "fake-tmdb-key";

/** TMDB's `GET /movie/603` answer (trimmed of nothing the import reads). */
export function matrixDetails(overrides: Record<string, unknown> = {}) {
  return {
    adult: false,
    backdrop_path: "/fNG7i7RqMErkcqhohV2a6cV1Ehy.jpg",
    belongs_to_collection: {
      id: 2344,
      name: "The Matrix Collection",
      poster_path: "/bV9qTVHTVf0gkW0j7p7M0ILD4pG.jpg",
      backdrop_path: "/bRm2DEgUiYciDw3myHuYFInD7la.jpg",
    },
    budget: 63000000,
    genres: [
      { id: 28, name: "Action" },
      { id: 878, name: "Science Fiction" },
    ],
    homepage: "http://www.warnerbros.com/matrix",
    id: 603,
    imdb_id: "tt0133093",
    origin_country: ["US"],
    original_language: "en",
    original_title: "The Matrix",
    overview:
      "Set in the 22nd century, The Matrix tells the story of a computer hacker who joins a group of underground insurgents fighting the vast and powerful computers who now rule the earth.",
    popularity: 92.4,
    poster_path: "/f89U3ADr1oiB1s9GkdPOEpXUk5H.jpg",
    production_companies: [
      { id: 79, logo_path: null, name: "Village Roadshow Pictures", origin_country: "US" },
    ],
    production_countries: [{ iso_3166_1: "US", name: "United States of America" }],
    release_date: "1999-03-31",
    revenue: 463517383,
    runtime: 136,
    spoken_languages: [{ english_name: "English", iso_639_1: "en", name: "English" }],
    status: "Released",
    tagline: "Welcome to the Real World.",
    title: "The Matrix",
    video: false,
    vote_average: 8.2,
    vote_count: 26500,
    ...overrides,
  };
}

/** TMDB's `GET /tv/1396` answer, shortened to its top-level fields. */
export function breakingBadDetails(overrides: Record<string, unknown> = {}) {
  return {
    adult: false,
    backdrop_path: "/tsRy63Mu5cu8etL1X7ZLyf7UP1M.jpg",
    created_by: [{ id: 66633, credit_id: "52542286760ee31328001a7b", name: "Vince Gilligan", gender: 2 }],
    episode_run_time: [45],
    first_air_date: "2008-01-20",
    genres: [
      { id: 18, name: "Drama" },
      { id: 80, name: "Crime" },
    ],
    homepage: "https://www.sonypictures.com/tv/breakingbad",
    id: 1396,
    in_production: false,
    languages: ["en"],
    last_air_date: "2013-09-29",
    name: "Breaking Bad",
    next_episode_to_air: null,
    networks: [{ id: 174, logo_path: "/g8UWyKhOlH7HBc0W4UsmPgpM8rK.png", name: "AMC", origin_country: "US" }],
    number_of_episodes: 62,
    number_of_seasons: 5,
    origin_country: ["US"],
    original_language: "en",
    original_name: "Breaking Bad",
    overview:
      "Walter White, a New Mexico chemistry teacher, is diagnosed with Stage III cancer and given a prognosis of only two years left to live.",
    popularity: 288.6,
    poster_path: "/ztkUQFLlC19CCMYHW9o1zWhJRNq.jpg",
    status: "Ended",
    tagline: "Change the equation.",
    type: "Scripted",
    vote_average: 8.9,
    vote_count: 13000,
    ...overrides,
  };
}

const notFound = {
  success: false,
  status_code: 34,
  status_message: "The resource you requested could not be found.",
};

export interface FakeTmdb {
  /** Base URL to configure as TMDB_BASE_URL (ends in /3, like TMDB's). */
  url: string;
  /** Every request received: path and query. */
  requests: { path: string; query: Record<string, string> }[];
  /** Replaces the answer of one path, e.g. `/movie/603`. */
  answer(path: string, status: number, body: unknown): void;
  close(): Promise<void>;
}

/** A tiny stand-in for TMDB v3 on a random local port. */
export async function startFakeTmdb(): Promise<FakeTmdb> {
  const server = Fastify({ logger: false });
  const requests: FakeTmdb["requests"] = [];
  const answers = new Map<string, { status: number; body: unknown }>([
    ["/movie/603", { status: 200, body: matrixDetails() }],
    ["/tv/1396", { status: 200, body: breakingBadDetails() }],
  ]);
  server.get("/3/*", async (request, reply) => {
    const path = request.url.split("?")[0]!.slice(2);
    const query = request.query as Record<string, string>;
    requests.push({ path, query });
    if (query.api_key !== FAKE_TMDB_KEY) {
      return reply.code(401).send({
        status_code: 7,
        status_message: "Invalid API key: You must be granted a valid key.",
        success: false,
      });
    }
    const found = answers.get(path);
    if (!found) return reply.code(404).send(notFound);
    return reply.code(found.status).send(found.body);
  });
  const address = await server.listen({ port: 0, host: "127.0.0.1" });
  return {
    url: `${address}/3`,
    requests,
    answer(path, status, body) {
      answers.set(path, { status, body });
    },
    close: () => server.close(),
  };
}
