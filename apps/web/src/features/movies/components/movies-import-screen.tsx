import type { MovieKind, TmdbItem } from "@backoffice/contracts";
import { CheckCircle2, Download, Star } from "lucide-react";
import { useMemo, useState } from "react";
import { ImageWithFallback } from "@/components/image-with-fallback";
import { PageHeader } from "@/components/layout/page-header";
import { ToggleButtons } from "@/components/list/toggle-buttons";
import { SearchBox, useUrlFilters } from "@/components/list/url-filters";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useCanWriteHere } from "@/hooks/use-access";
import { useCurrentSite } from "@/hooks/use-current-site";
import { SEARCH_PAUSE_MS, useDebouncedValue } from "@/hooks/use-debounced-value";
import { ApiError } from "@/lib/api-client";
import { formatDay } from "@/lib/format";
import { toast, toastSuccess } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { useCatalog, useImportTitle } from "../api/catalog";
import { importKindOf, useTmdbTitles } from "../api/tmdb";
import { KIND_LABELS, movieMessages, posterUrl, ratingText } from "../utils/movie-texts";

const KINDS = [
  ["movie", "Movies"],
  ["tv", "TV Shows"],
] as const;

/** Import Movies & TV: trending or search results from the movie database, one click to import. */
export function MoviesImportScreen() {
  const site = useCurrentSite();
  const url = useUrlFilters(["kind", "q"] as const, "q");
  const kind = importKindOf(url.get("kind"));
  const typed = url.get("q");
  const text = useDebouncedValue(typed.trim(), SEARCH_PAUSE_MS);
  const results = useTmdbTitles(kind, text);
  const catalog = useCatalog(site, { type: kind });
  const importTitle = useImportTitle(site);
  const [importing, setImporting] = useState<number | null>(null);

  // Titles already in the catalogue are marked, so nothing is imported twice.
  const imported = useMemo(
    () => new Set((catalog.data ?? []).map((item) => item.tmdbId).filter((id) => id !== null)),
    [catalog.data],
  );
  const searching = text !== "";
  const items = results.data ?? [];
  const settling = typed.trim() !== text;

  const runImport = async (item: TmdbItem) => {
    setImporting(item.id);
    try {
      const answer = await importTitle.mutateAsync({ tmdbId: item.id, kind, featured: false });
      const message = typeof answer === "string" && answer ? answer : `Imported: ${titleOf(item)}`;
      toastSuccess(message, undefined, "Find it in Movies & TV List.");
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      const body =
        error instanceof ApiError
          ? typeof error.body === "string"
            ? error.body
            : (error.serverMessage ?? "")
          : "";
      toast({
        title: movieMessages.importFailed(`Import failed (${status}): ${body}`),
        description: `${titleOf(item)} was not added to the catalogue.`,
        variant: "destructive",
      });
    } finally {
      setImporting(null);
    }
  };

  const heading = searching
    ? `Results for “${text}”`
    : kind === "movie"
      ? "Trending Movies"
      : "Trending TV Shows";

  return (
    <div className="grid gap-6">
      <PageHeader title="Import Movies & TV" description={movieMessages.importSubtitle} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <ToggleButtons
          legend="Kind"
          value={kind}
          options={KINDS}
          onChange={(value) => url.set("kind", value === "movie" ? "" : value)}
        />
        <SearchBox
          label="Search the movie database"
          placeholder={movieMessages.importSearchPlaceholder}
          value={typed}
          onChange={(value) => url.set("q", value)}
          onClear={() => url.set("q", "")}
          className="flex-1"
        />
      </div>
      <section
        aria-labelledby="import-heading"
        aria-busy={results.isFetching || settling}
        className="grid gap-4"
      >
        <div className="flex items-center gap-2">
          <h2 id="import-heading" className="text-lg font-semibold">
            {heading}
          </h2>
          {(results.isFetching || settling) && !results.isPending && <Spinner aria-hidden="true" />}
        </div>
        {results.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {searching ? movieMessages.loadingResults : movieMessages.loadingTrending}
          </p>
        ) : results.isError ? (
          // A search error in red, a trending error in grey.
          <div
            role="alert"
            className={cn("grid gap-2 text-sm", searching ? "text-destructive" : "text-muted-foreground")}
          >
            <p>{errorText(results.error, searching)}</p>
            <Button variant="outline" size="sm" className="w-fit" onClick={() => results.refetch()}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p role="status" className="text-sm text-muted-foreground">
            {searching ? movieMessages.noResults : movieMessages.startTyping}
          </p>
        ) : (
          <ul
            aria-label={heading}
            className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5"
          >
            {items.map((item) => (
              <li key={item.id}>
                <TmdbCard
                  item={item}
                  kind={kind}
                  inCatalogue={imported.has(item.id)}
                  importing={importing === item.id}
                  onImport={() => runImport(item)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

const titleOf = (item: TmdbItem) => item.title || item.name || "Untitled";

function errorText(error: unknown, searching: boolean): string {
  const message = error instanceof ApiError ? error.serverMessage : undefined;
  if (message) return message;
  return searching ? "Failed to fetch from TMDB" : "Failed to fetch trending from TMDB";
}

/** A movie-database title: poster, name, date, rating, kind, and Import (shown on hover, focus and touch). */
function TmdbCard({
  item,
  kind,
  inCatalogue,
  importing,
  onImport,
}: {
  item: TmdbItem;
  kind: MovieKind;
  inCatalogue: boolean;
  importing: boolean;
  onImport: () => void;
}) {
  const title = titleOf(item);
  const canWrite = useCanWriteHere();
  const date = (item.release_date || item.first_air_date || "").slice(0, 10);
  return (
    <article
      aria-label={title}
      className="group relative grid h-full grid-rows-[auto_1fr] overflow-hidden rounded-xl border bg-card shadow-xs"
      data-slot="tmdb-card"
    >
      <div className="relative aspect-[2/3] bg-muted">
        <ImageWithFallback
          src={posterUrl(item.poster_path, "w500")}
          alt=""
          fallbackText="No Image"
          className="absolute inset-0 size-full"
        />
        <div
          className={cn(
            "absolute inset-x-0 bottom-0 flex justify-center bg-gradient-to-t from-black/70 to-transparent p-3 transition-opacity",
            // Hidden until hover or keyboard focus; always there on touch screens.
            "opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100",
            inCatalogue && "opacity-100",
          )}
        >
          {inCatalogue ? (
            <Badge variant="secondary">
              <CheckCircle2 aria-hidden="true" />
              In catalogue
            </Badge>
          ) : (
            canWrite && (
              <Button size="sm" onClick={onImport} disabled={importing} aria-label={`Import ${title}`}>
                {importing ? <Spinner /> : <Download aria-hidden="true" />}
                <span aria-hidden="true">Import</span>
              </Button>
            )
          )}
        </div>
      </div>
      <div className="grid gap-1 p-3">
        <h3 className="line-clamp-2 text-sm font-medium" title={title}>
          {title}
        </h3>
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
          <span>{date ? formatDay(date) : "-"}</span>
          <span className="inline-flex items-center gap-1">
            <Star className="size-3 fill-current text-amber-500" aria-hidden="true" />
            <span className="sr-only">Rating </span>
            {ratingText(item.vote_average)}
          </span>
          <Badge variant="outline" className="text-[10px]">
            {KIND_LABELS[kind]}
          </Badge>
        </p>
      </div>
    </article>
  );
}
