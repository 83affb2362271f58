import type { MovieItem } from "@backoffice/contracts";

/** A catalogue title for tests: a movie with nothing optional set, plus `extra`. */
export const movieItem = (id: string, title: string, extra: Partial<MovieItem> = {}): MovieItem => ({
  _id: id,
  title,
  overview: "",
  type: "movie",
  status: null,
  featured: false,
  featuredStartsAt: null,
  featuredEndsAt: null,
  lockerSelected: false,
  poster_path: null,
  vote_average: null,
  releaseDate: null,
  genres: [],
  tmdbId: null,
  createdAt: "",
  updatedAt: "",
  ...extra,
});
