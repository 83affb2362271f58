import { COMPANIES, COUNTRIES, LANGUAGES, MOVIE_GENRES, NETWORKS, TV_GENRES } from "../data/genres.ts";
import { MOVIES, type MovieRow } from "../data/movies.ts";
import { TV_SHOWS, type TvRow } from "../data/tv.ts";
import { hashString, imagePath, Rng } from "../lib/random.ts";

export type Kind = "movie" | "tv";

/** What a generated image shows for a known file name. */
export interface ImageInfo {
  title: string;
  subtitle: string;
  shape: "poster" | "backdrop";
}

const posterOf = (kind: Kind, id: number, extra = "") => imagePath(`poster:${kind}:${id}${extra}`);
const backdropOf = (kind: Kind, id: number, extra = "") => imagePath(`backdrop:${kind}:${id}${extra}`);

/** File name ("abc.jpg", no slash) to what its image shows. */
export const IMAGE_INDEX = new Map<string, ImageInfo>();
const index = (path: string, info: ImageInfo) => IMAGE_INDEX.set(path.slice(1), info);

for (const movie of MOVIES) {
  const subtitle = `${movie.releaseDate.slice(0, 4)} - Movie`;
  index(posterOf("movie", movie.id), { title: movie.title, subtitle, shape: "poster" });
  index(backdropOf("movie", movie.id), { title: movie.title, subtitle, shape: "backdrop" });
  if (movie.collection) {
    index(posterOf("movie", movie.collection[0], ":collection"), {
      title: movie.collection[1],
      subtitle: "Collection",
      shape: "poster",
    });
  }
}
for (const show of TV_SHOWS) {
  const subtitle = `${show.firstAirDate.slice(0, 4)} - TV Series`;
  index(posterOf("tv", show.id), { title: show.name, subtitle, shape: "poster" });
  index(backdropOf("tv", show.id), { title: show.name, subtitle, shape: "backdrop" });
  index(backdropOf("tv", show.id, ":still"), {
    title: show.name,
    subtitle: "Final episode",
    shape: "backdrop",
  });
  for (let n = 1; n <= show.seasons; n++) {
    index(posterOf("tv", show.id, `:s${n}`), { title: show.name, subtitle: `Season ${n}`, shape: "poster" });
  }
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** Popularity drifts from day to day so the trending order changes daily, deterministically. */
export function popularityOn(kind: Kind, id: number, base: number, day: number): number {
  return round3(base * (0.6 + new Rng(`popularity:${kind}:${id}:${day}`).next() * 0.8));
}

const MOVIE_BY_ID = new Map(MOVIES.map((m) => [m.id, m]));
const TV_BY_ID = new Map(TV_SHOWS.map((s) => [s.id, s]));

export function findMovie(id: number): MovieRow | undefined {
  return MOVIE_BY_ID.get(id);
}

export function findTv(id: number): TvRow | undefined {
  return TV_BY_ID.get(id);
}

/** A movie as listed by trending (with media_type) or search (without). */
export function movieListItem(movie: MovieRow, day: number, withMediaType: boolean) {
  const base = {
    adult: false,
    backdrop_path: backdropOf("movie", movie.id),
    id: movie.id,
    title: movie.title,
    original_title: movie.originalTitle ?? movie.title,
    overview: movie.overview,
    poster_path: posterOf("movie", movie.id),
  };
  return {
    ...base,
    ...(withMediaType ? { media_type: "movie" } : {}),
    original_language: movie.language,
    genre_ids: [...movie.genres],
    popularity: popularityOn("movie", movie.id, movie.popularity, day),
    release_date: movie.releaseDate,
    video: false,
    vote_average: movie.voteAverage,
    vote_count: movie.voteCount,
  };
}

/** A series as listed by trending (with media_type) or search (without). */
export function tvListItem(show: TvRow, day: number, withMediaType: boolean) {
  return {
    adult: false,
    backdrop_path: backdropOf("tv", show.id),
    id: show.id,
    name: show.name,
    original_name: show.originalName ?? show.name,
    overview: show.overview,
    poster_path: posterOf("tv", show.id),
    ...(withMediaType ? { media_type: "tv" } : {}),
    original_language: show.language,
    genre_ids: [...show.genres],
    popularity: popularityOn("tv", show.id, show.popularity, day),
    first_air_date: show.firstAirDate,
    vote_average: show.voteAverage,
    vote_count: show.voteCount,
    origin_country: [show.country],
  };
}

const company = (key: string) => {
  const c = COMPANIES[key] ?? NETWORKS[key];
  if (!c) throw new Error(`unknown company ${key}`);
  return { id: c.id, logo_path: null, name: c.name, origin_country: c.origin_country };
};

const spokenLanguage = (code: string) => ({
  english_name: LANGUAGES[code]?.english_name ?? code,
  iso_639_1: code,
  name: LANGUAGES[code]?.name ?? code,
});

const productionCountry = (code: string) => ({ iso_3166_1: code, name: COUNTRIES[code] ?? code });

/** GET /movie/{id} */
export function movieDetails(movie: MovieRow, day: number) {
  return {
    adult: false,
    backdrop_path: backdropOf("movie", movie.id),
    belongs_to_collection: movie.collection
      ? {
          id: movie.collection[0],
          name: movie.collection[1],
          poster_path: posterOf("movie", movie.collection[0], ":collection"),
          backdrop_path: backdropOf("movie", movie.collection[0], ":collection"),
        }
      : null,
    budget: Math.round(movie.budget * 1_000_000),
    genres: movie.genres.map((id) => ({ id, name: MOVIE_GENRES[id] ?? "Unknown" })),
    homepage: "",
    id: movie.id,
    imdb_id: null,
    origin_country: [movie.country],
    original_language: movie.language,
    original_title: movie.originalTitle ?? movie.title,
    overview: movie.overview,
    popularity: popularityOn("movie", movie.id, movie.popularity, day),
    poster_path: posterOf("movie", movie.id),
    production_companies: movie.companies.map(company),
    production_countries: [productionCountry(movie.country)],
    release_date: movie.releaseDate,
    revenue: Math.round(movie.revenue * 1_000_000),
    runtime: movie.runtime,
    spoken_languages: [spokenLanguage(movie.language)],
    status: "Released",
    tagline: "",
    title: movie.title,
    video: false,
    vote_average: movie.voteAverage,
    vote_count: movie.voteCount,
  };
}

/** Splits the episode count over the seasons, earlier seasons taking the remainder. */
function episodesPerSeason(show: TvRow): number[] {
  const base = Math.floor(show.episodes / show.seasons);
  const extra = show.episodes % show.seasons;
  return Array.from({ length: show.seasons }, (_, i) => base + (i < extra ? 1 : 0));
}

/** Season n's first air date: spread evenly between the first and last air dates. */
function seasonAirDate(show: TvRow, n: number): string {
  const first = Date.parse(show.firstAirDate);
  const last = Date.parse(show.lastAirDate);
  const step = show.seasons > 1 ? (last - first) / show.seasons : 0;
  return new Date(first + step * (n - 1)).toISOString().slice(0, 10);
}

const creditId = (seed: string) => {
  const rng = new Rng(seed);
  return Array.from({ length: 24 }, () => "0123456789abcdef"[rng.int(0, 15)]).join("");
};

/** GET /tv/{id} */
export function tvDetails(show: TvRow, day: number) {
  const perSeason = episodesPerSeason(show);
  const lastSeason = show.seasons;
  const inProduction = show.status === "Returning Series";
  return {
    adult: false,
    backdrop_path: backdropOf("tv", show.id),
    created_by: show.creators.map((name) => ({
      id: 1_000_000 + (hashString(name) % 3_000_000),
      credit_id: creditId(`credit:${show.id}:${name}`),
      name,
      original_name: name,
      gender: 0,
      profile_path: null,
    })),
    episode_run_time: [show.episodeRuntime],
    first_air_date: show.firstAirDate,
    genres: show.genres.map((id) => ({ id, name: TV_GENRES[id] ?? "Unknown" })),
    homepage: "",
    id: show.id,
    in_production: inProduction,
    languages: [show.language],
    last_air_date: show.lastAirDate,
    last_episode_to_air: {
      id: 5_000_000 + show.id,
      name: `Episode ${perSeason[lastSeason - 1] ?? 1}`,
      overview: "",
      vote_average: Math.round(show.voteAverage * 10) / 10,
      vote_count: Math.round(show.voteCount / 100),
      air_date: show.lastAirDate,
      episode_number: perSeason[lastSeason - 1] ?? 1,
      episode_type: inProduction ? "standard" : "finale",
      production_code: "",
      runtime: show.episodeRuntime,
      season_number: lastSeason,
      show_id: show.id,
      still_path: backdropOf("tv", show.id, ":still"),
    },
    name: show.name,
    next_episode_to_air: null,
    networks: [company(show.network)],
    number_of_episodes: show.episodes,
    number_of_seasons: show.seasons,
    origin_country: [show.country],
    original_language: show.language,
    original_name: show.originalName ?? show.name,
    overview: show.overview,
    popularity: popularityOn("tv", show.id, show.popularity, day),
    poster_path: posterOf("tv", show.id),
    production_companies: [company(show.network)],
    production_countries: [productionCountry(show.country)],
    seasons: perSeason.map((episodeCount, i) => ({
      air_date: seasonAirDate(show, i + 1),
      episode_count: episodeCount,
      id: 3_000_000 + show.id * 10 + i,
      name: `Season ${i + 1}`,
      overview: "",
      poster_path: posterOf("tv", show.id, `:s${i + 1}`),
      season_number: i + 1,
      vote_average: Math.round(show.voteAverage * 10) / 10,
    })),
    spoken_languages: [spokenLanguage(show.language)],
    status: show.status,
    tagline: "",
    type: show.type,
    vote_average: show.voteAverage,
    vote_count: show.voteCount,
  };
}

/** Lower-cased and accent-free, so "amelie" finds "Amélie". */
export function searchable(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}
