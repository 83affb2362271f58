import { flagWindowOf, type MovieItem } from "@backoffice/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { ClearFiltersButton, ListBody } from "@/components/list/list-body";
import { useUrlFilters } from "@/components/list/url-filters";
import { usePageParam } from "@/components/list/use-page-param";
import { useSelection } from "@/components/list/use-selection";
import { Pagination } from "@/components/pagination";
import { ListSkeleton } from "@/components/states";
import { Button } from "@/components/ui/button";
import { useWindowClock } from "@/components/window/window-badge";
import { inWindowFilter, WINDOW_FILTER_KEY } from "@/components/window/window-state";
import { useCanWrite } from "@/hooks/use-access";
import { useBreakpoint } from "@/hooks/use-breakpoint";
import { useCurrentSite } from "@/hooks/use-current-site";
import { SEARCH_PAUSE_MS, useDebouncedValue } from "@/hooks/use-debounced-value";
import { useErrorToast } from "@/hooks/use-error-toast";
import { toastError } from "@/lib/toast";
import { catalogKey, useCatalog } from "../api/catalog";
import {
  catalogTotals,
  failureText,
  movieMessages,
  PAGE_SIZE,
  sortTitles,
  typeFilterOf,
} from "../utils/movie-texts";
import { MovieEditDialog, QuickAddDialog } from "./movie-dialogs";
import { MovieRow } from "./movie-row";
import { importLink, MoviesHeaderActions } from "./movies-header-actions";
import { MoviesToolbar } from "./movies-toolbar";
import { useBulkLocker, useTitleDelete, useTitleSwitches } from "./use-title-writes";

/** The Featured flag's window of a title, switched on by the flag (docs/PRODUCT-RULES.md#windows). */
const featuredWindowOf = (item: MovieItem) => flagWindowOf(item, "featured");

/** Movies & TV Shows list: filters, search, toolbar, rows, 12 a page on the client. */
export function MoviesListScreen() {
  const site = useCurrentSite();
  const canWrite = useCanWrite(site.key);
  const { mobile } = useBreakpoint();
  const queryClient = useQueryClient();

  // Filter, search, sort and page live in the URL; a change of any goes back to page 1. The search
  // is asked for once typing pauses, as on every list.
  const url = useUrlFilters(["type", "q", "sort", WINDOW_FILTER_KEY] as const, "q");
  const type = typeFilterOf(url.get("type"));
  const typed = url.get("q");
  const search = useDebouncedValue(typed.trim(), SEARCH_PAUSE_MS);
  const newest = url.get("sort") === "newest";

  const query = useCatalog(site, { type: type === "all" ? undefined : type, search: search || undefined });
  // The totals line counts the whole catalogue (the same query as the list when nothing is filtered).
  const everything = useCatalog(site);
  const selection = useSelection(`movies-selection:${site.key}`);
  const { page, setPage, reportPages } = usePageParam();
  const [editing, setEditing] = useState<MovieItem | null>(null);
  const [quickAdd, setQuickAdd] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: catalogKey(site) });
  const switches = useTitleSwitches(site);
  const remove = useTitleDelete(site, selection);
  const bulkLocker = useBulkLocker(site, refresh);

  useErrorToast(query, (error) => toastError(movieMessages.loadFailed, error));

  // The Featured windows follow the clock: rows and the Window filter change at each boundary.
  const featuredWindows = useMemo(() => (query.data ?? []).map(featuredWindowOf), [query.data]);
  const now = useWindowClock(featuredWindows);
  const windowFilter = url.get(WINDOW_FILTER_KEY);
  const items = useMemo(
    () =>
      sortTitles(query.data ?? [], newest).filter((item) =>
        inWindowFilter(featuredWindowOf(item), windowFilter, now),
      ),
    [query.data, newest, windowFilter, now],
  );
  // A reload keeps the selection only for titles still in the result.
  const { prune } = selection;
  useEffect(() => {
    if (query.data) prune(query.data.map((item) => item._id));
  }, [query.data, prune]);

  const totalPages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  if (query.data) reportPages(totalPages);
  const pageItems = items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const pageIds = pageItems.map((item) => item._id);
  const chosen = items.filter((item) => selection.has(item._id));
  const filtered = type !== "all" || search !== "" || windowFilter !== "";
  const busy = remove.pending || bulkLocker.progress !== null;

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Movies & TV List"
        description={movieMessages.listSubtitle}
        actions={
          <MoviesHeaderActions
            site={site}
            canWrite={canWrite}
            onQuickAdd={() => setQuickAdd(true)}
            onRefresh={() => void refresh()}
          />
        }
      />
      <MoviesToolbar
        totals={catalogTotals(everything.data ?? [])}
        view={{
          type,
          onTypeChange: (value) => url.set("type", value === "all" ? "" : value),
          search: typed,
          onSearchChange: (value) => url.set("q", value),
          newest,
          onNewestChange: (on) => url.set("sort", on ? "newest" : ""),
          window: windowFilter,
          onWindowChange: (value) => url.set(WINDOW_FILTER_KEY, value),
        }}
        selection={{
          view: selection.inView(pageIds),
          onSelectPage: (on) => selection.setMany(pageIds, on),
          pageEmpty: pageIds.length === 0,
          chosen: chosen.length,
          onLocker: (on) => bulkLocker.run(on, chosen),
          onDelete: () => remove.run(chosen, false),
        }}
        mobile={mobile}
        canWrite={canWrite}
        busy={busy}
        progress={bulkLocker.progress}
        announcement={switches.announcement}
      />
      <ListBody
        query={query}
        loading={
          <div className="grid gap-3">
            <p role="status" className="text-sm text-muted-foreground">
              {movieMessages.loading}
            </p>
            <ListSkeleton rows={4} />
          </div>
        }
        error={{ title: movieMessages.loadFailed, description: failureText(query.error) }}
        empty={
          items.length > 0
            ? null
            : filtered
              ? {
                  // The catalogue is not empty: the filter and search hide every title.
                  title: movieMessages.filteredEmpty,
                  description: movieMessages.noMatch,
                  action: <ClearFiltersButton onClick={url.clear} />,
                }
              : {
                  title: movieMessages.empty,
                  description: "Import titles from the movie database to fill the list.",
                  action: canWrite && (
                    <div className="flex flex-wrap justify-center gap-2">
                      <Button onClick={() => setQuickAdd(true)}>
                        <Plus aria-hidden="true" />
                        Quick Add
                      </Button>
                      <Button variant="outline" asChild>
                        {importLink(site)}
                      </Button>
                    </div>
                  ),
                }
        }
      >
        <ul aria-label="Titles" className="grid gap-3">
          {pageItems.map((item) => (
            <li key={item._id}>
              <MovieRow
                item={item}
                selected={selection.has(item._id)}
                onSelectedChange={(on) => selection.set(item._id, on)}
                onToggleLocker={() => switches.toggleLocker(item)}
                onToggleFeatured={() => switches.toggleFeatured(item)}
                onEdit={() => setEditing(item)}
                onDelete={() => remove.run([item], true)}
                busy={busy}
                now={now}
              />
            </li>
          ))}
        </ul>
        <Pagination
          page={page}
          totalPages={totalPages}
          onPageChange={setPage}
          mode="window"
          compact={mobile}
        />
      </ListBody>
      <MovieEditDialog site={site} item={editing} onClose={() => setEditing(null)} />
      <QuickAddDialog site={site} open={quickAdd} onClose={() => setQuickAdd(false)} />
    </div>
  );
}
