import {
  MOVIE_DRAFT_STATUS,
  MOVIE_RATING_MAX,
  type MovieItem,
  type MovieKind,
  type TmdbImageSize,
} from "@backoffice/contracts";
import { z } from "zod";
import {
  applyAtFormField,
  checkWindowOrderOf,
  emptyApplyAt,
  flagWindowToForm,
  toFlagWindowBody,
  windowFormFieldsOf,
} from "@/components/window/window-form";
import { API_BASE, ApiError } from "@/lib/api-client";

/** The texts of the movies screens, fixed word for word. */
export const movieMessages = {
  listSubtitle: "Curate the titles the movies site shows: feature, lock, edit and remove them.",
  importSubtitle: "Find titles in the movie database and add them to the catalogue.",
  loading: "Loading…",
  empty: "No items yet",
  filteredEmpty: "No matching titles",
  noMatch: "No titles match the filter and search.",
  featured: "Title featured",
  unfeatured: "Title no longer featured",
  loadFailed: "Failed to load the catalogue",
  selectFirst: "Select items first",
  selectFirstDescription: "Tick the rows to act on, then try again.",
  confirmDeleteOne: "Delete this item?",
  confirmDeleteMany: (n: number) => `Delete ${n} ${n === 1 ? "item" : "items"}?`,
  confirmLocker: (on: boolean, n: number) =>
    `${on ? "Set" : "Clear"} locker for ${n} ${n === 1 ? "item" : "items"}?`,
  deleteFailed: (message: string) => `Delete failed: ${message}`,
  updateFailed: (message: string) => `Update failed: ${message}`,
  featureFailed: (message: string) => `Feature toggle failed: ${message}`,
  lockerFailed: (message: string) => `Locker toggle failed: ${message}`,
  bulkLockerFailed: (message: string) => `Bulk locker failed: ${message}`,
  importFailed: (message: string) => `Import failed: ${message}`,
  imported: "✅ Imported!",
  tmdbIdRequired: "TMDB ID required",
  searchPlaceholder: "Search by title or description…",
  importSearchPlaceholder: "Search by movie-database name or ID…",
  loadingResults: "Loading results…",
  loadingTrending: "Loading trending…",
  noResults: "No results found.",
  startTyping: "Start typing to search movies or TV shows…",
} as const;

export const KIND_LABELS: Record<MovieKind, string> = { movie: "Movie", tv: "TV Show" };
export const TYPE_FILTERS = [
  ["all", "All"],
  ["movie", "Movies"],
  ["tv", "TV Shows"],
] as const;
export type TypeFilter = (typeof TYPE_FILTERS)[number][0];
export const typeFilterOf = (value: string): TypeFilter =>
  value === "movie" || value === "tv" ? value : "all";

export const PAGE_SIZE = 12;

/**
 * A movies alert's message: the server's answer text (the import answers plain text), its
 * message, or the word "error".
 */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (typeof error.body === "string" && error.body.trim()) return error.body.trim();
    if (error.serverMessage) return error.serverMessage;
  }
  return "error";
}

/** A poster: a full URL as given, else a movie-database image path served through the API. */
export function posterUrl(path: string | null | undefined, size: TmdbImageSize): string | null {
  const value = path?.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  return `${API_BASE}/tmdb/images/${size}/${value.replace(/^\/+/, "")}`;
}

// One collator for every comparison: localeCompare with options builds one per call, which is slow
// when 5,000 titles are sorted on every toggle (measured by bench/).
const byTitle = new Intl.Collator(undefined, { sensitivity: "base" });

/**
 * A to Z by title, or newest added first: ids are 24 lowercase hex digits whose first 8 are the
 * creation second, so their order is the creation order.
 */
export function sortTitles(items: readonly MovieItem[], newest: boolean): MovieItem[] {
  return [...items].sort((a, b) =>
    newest ? (a._id < b._id ? 1 : a._id > b._id ? -1 : 0) : byTitle.compare(a.title, b.title),
  );
}

export const statusOf = (item: MovieItem) => item.status?.trim() || MOVIE_DRAFT_STATUS;
export const yearOf = (date: string | null | undefined) =>
  date && /^\d{4}/.test(date) ? date.slice(0, 4) : "-";
export const genresLine = (item: MovieItem) =>
  item.genres
    .slice(0, 2)
    .map((genre) => genre.name)
    .join(" • ");
export const ratingText = (rating: number | null | undefined) =>
  typeof rating === "number" ? rating.toFixed(1) : "-";

/** Up to three titles by name, then how many more ("A, B, C and 2 more"): what a write's toast names. */
export const titleNames = (items: readonly MovieItem[]) =>
  items.length <= 3
    ? items.map((item) => item.title).join(", ")
    : `${items
        .slice(0, 3)
        .map((item) => item.title)
        .join(", ")} and ${items.length - 3} more`;

export function catalogTotals(items: readonly MovieItem[]) {
  const movies = items.filter((item) => item.type === "movie").length;
  return { total: items.length, movies, tv: items.length - movies };
}

/**
 * The Edit dialog's fields; the rating is text in the input and a number (or null) on the wire. The
 * Featured window's ends (docs/PRODUCT-RULES.md#windows) and "Apply at…" are a day and a time each, in
 * the site's time zone.
 */
export const movieFormSchema = z
  .object({
    title: z.string().trim().min(1, "Title is required").max(300, "Title must be at most 300 characters"),
    overview: z.string().max(10_000, "Description must be at most 10000 characters"),
    poster_path: z
      .string()
      .trim()
      .max(2048, "Poster URL must be at most 2048 characters")
      .refine(
        (value) => value === "" || /^(\/\S+|https?:\/\/\S+)$/i.test(value),
        "Poster URL must be a movie-database path starting with / or an http(s) URL",
      ),
    vote_average: z
      .string()
      .trim()
      .refine(
        (value) => value === "" || (/^\d+(\.\d+)?$/.test(value) && Number(value) <= MOVIE_RATING_MAX),
        `Rating must be a number from 0 to ${MOVIE_RATING_MAX}`,
      ),
    featured: z.boolean(),
    ...windowFormFieldsOf("featured"),
    lockerSelected: z.boolean(),
    ...applyAtFormField,
  })
  .superRefine(checkWindowOrderOf("featured"));
export type MovieFormValues = z.infer<typeof movieFormSchema>;

/** A title in the Edit dialog; its Featured window in `timeZone` (the site's). */
export const movieToForm = (item: MovieItem, timeZone: string): MovieFormValues => ({
  title: item.title,
  overview: item.overview,
  poster_path: item.poster_path ?? "",
  vote_average: item.vote_average === null ? "" : String(item.vote_average),
  featured: item.featured,
  ...flagWindowToForm(item, "featured", timeZone),
  lockerSelected: item.lockerSelected,
  ...emptyApplyAt(),
});

/**
 * `PATCH /api/movies/{id}` with the editable fields (its status is kept as it was) and the Featured
 * window as instants of `timeZone`.
 */
export const toMoviePatch = (item: MovieItem, values: MovieFormValues, timeZone: string) => ({
  title: values.title.trim(),
  overview: values.overview,
  status: item.status,
  featured: values.featured,
  ...toFlagWindowBody(values, "featured", timeZone),
  poster_path: values.poster_path.trim() || null,
  vote_average: values.vote_average.trim() === "" ? null : Number(values.vote_average),
  lockerSelected: values.lockerSelected,
});

/** Quick Add: type, movie-database id and Featured. */
export const quickAddSchema = z.object({
  kind: z.enum(["movie", "tv"]),
  tmdbId: z
    .string()
    .trim()
    .min(1, movieMessages.tmdbIdRequired)
    .regex(/^\d{1,10}$/, "TMDB ID must be a positive whole number")
    .refine(
      (value) => Number(value) > 0 && Number(value) <= 2_147_483_647,
      "TMDB ID must be a positive whole number",
    ),
  featured: z.boolean(),
});
export type QuickAddValues = z.infer<typeof quickAddSchema>;
