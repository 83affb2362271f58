import type { MovieItem } from "@backoffice/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Download, Lock, LockOpen, MoreVertical, Plus, RefreshCw, Trash2 } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { useConfirm } from "@/components/confirm-dialog";
import { PageHeader } from "@/components/layout/page-header";
import { ClearFiltersButton, ListBody } from "@/components/list/list-body";
import { SelectAll, ToggleButtons } from "@/components/list/toggle-buttons";
import { SearchBox, useUrlFilters } from "@/components/list/url-filters";
import { useConfirmedDelete } from "@/components/list/use-confirmed-delete";
import { usePageParam } from "@/components/list/use-page-param";
import { useSelection } from "@/components/list/use-selection";
import { OptionsSelect } from "@/components/options-select";
import { Pagination } from "@/components/pagination";
import { ListSkeleton } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Switch } from "@/components/ui/switch";
import { useCanWrite } from "@/hooks/use-access";
import { useBreakpoint } from "@/hooks/use-breakpoint";
import { useCurrentSite } from "@/hooks/use-current-site";
import { SEARCH_PAUSE_MS, useDebouncedValue } from "@/hooks/use-debounced-value";
import { useErrorToast } from "@/hooks/use-error-toast";
import { toast, toastError, toastSuccess } from "@/lib/toast";
import { useUndo } from "@/lib/undo";
import {
  catalogKey,
  setTitleLocker,
  useCatalog,
  useDeleteTitles,
  useTitleLocker,
  useUpdateTitle,
} from "../api/catalog";
import {
  catalogTotals,
  failureText,
  movieMessages,
  PAGE_SIZE,
  sortTitles,
  TYPE_FILTERS,
  typeFilterOf,
} from "../utils/movie-texts";
import { MovieEditDialog, QuickAddDialog } from "./movie-dialogs";
import { MovieRow } from "./movie-row";

/** Per-item locker calls run this many at a time (one call per item, in parallel). */
const LOCKER_CONCURRENCY = 6;

const namesOf = (items: readonly MovieItem[]) =>
  items.length <= 3
    ? items.map((item) => item.title).join(", ")
    : `${items
        .slice(0, 3)
        .map((item) => item.title)
        .join(", ")} and ${items.length - 3} more`;

/** Movies & TV Shows list: filters, search, toolbar, rows, 12 a page on the client. */
export function MoviesListScreen() {
  const site = useCurrentSite();
  const canWrite = useCanWrite(site.key);
  const { mobile } = useBreakpoint();
  const confirm = useConfirm();
  const queryClient = useQueryClient();

  // Filter, search, sort and page live in the URL; a change of any goes back to page 1. The search
  // is asked for once typing pauses, as on every list.
  const url = useUrlFilters(["type", "q", "sort"] as const, "q");
  const type = typeFilterOf(url.get("type"));
  const typed = url.get("q");
  const search = useDebouncedValue(typed.trim(), SEARCH_PAUSE_MS);
  const newest = url.get("sort") === "newest";

  const query = useCatalog(site, { type: type === "all" ? undefined : type, search: search || undefined });
  // The totals line counts the whole catalogue (the same query as the list when nothing is filtered).
  const everything = useCatalog(site);
  const updateTitle = useUpdateTitle(site);
  const titleLocker = useTitleLocker(site);
  const remove = useDeleteTitles(site);
  const selection = useSelection(`movies-selection:${site.key}`);
  const { page, setPage, reportPages } = usePageParam();
  const [editing, setEditing] = useState<MovieItem | null>(null);
  const [quickAdd, setQuickAdd] = useState(false);
  const [progress, setProgress] = useState<{ on: boolean; done: number; total: number } | null>(null);
  const [announcement, setAnnouncement] = useState("");

  useErrorToast(query, (error) => toastError(movieMessages.loadFailed, error));

  const items = useMemo(() => sortTitles(query.data ?? [], newest), [query.data, newest]);
  // A reload keeps the selection only for titles still in the result.
  const { prune } = selection;
  useEffect(() => {
    if (query.data) prune(query.data.map((item) => item._id));
  }, [query.data, prune]);

  const totalPages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  if (query.data) reportPages(totalPages);
  const pageItems = items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const pageIds = pageItems.map((item) => item._id);
  const pageView = selection.inView(pageIds);
  const chosen = items.filter((item) => selection.has(item._id));
  const totals = catalogTotals(everything.data ?? []);
  const filtered = type !== "all" || search !== "";
  const busy = remove.isPending || progress !== null;

  const refresh = () => queryClient.invalidateQueries({ queryKey: catalogKey(site) });

  const selectFirst = () =>
    toast({ title: movieMessages.selectFirst, description: movieMessages.selectFirstDescription });

  const toggleLocker = async (item: MovieItem) => {
    try {
      await titleLocker.mutateAsync({ id: item._id, on: !item.lockerSelected });
      setAnnouncement(`Locker ${item.lockerSelected ? "off" : "on"} for ${item.title}`);
    } catch (error) {
      toast({
        title: movieMessages.lockerFailed(failureText(error)),
        description: `${item.title} was not changed.`,
        variant: "destructive",
      });
    }
  };

  const toggleFeatured = async (item: MovieItem) => {
    try {
      await updateTitle.mutateAsync({ id: item._id, changes: { featured: !item.featured } });
      toastSuccess(
        item.featured ? movieMessages.unfeatured : movieMessages.featured,
        undefined,
        item.featured ? `${item.title} no longer shows first.` : `${item.title} now shows first.`,
        { key: `feature:${item._id}` },
      );
    } catch (error) {
      toast({
        title: movieMessages.featureFailed(failureText(error)),
        description: `${item.title} was not changed.`,
        variant: "destructive",
        key: `feature:${item._id}`,
      });
    }
  };

  const deleteTitles = useConfirmedDelete({
    remove,
    selection,
    undo: useUndo(site, catalogKey(site)),
    ask: (targets: MovieItem[]) => ({
      title: movieMessages.confirmDeleteMany(targets.length),
      description: `${namesOf(targets)} will be removed from the catalogue.`,
    }),
    done: (answer, targets, undo) =>
      toastSuccess(
        targets.length === 1 ? "Item deleted" : "Items deleted",
        answer?.message,
        `${namesOf(targets)} removed.`,
        { ...undo, key: "movie-delete" },
      ),
    failed: (error) =>
      toast({
        title: movieMessages.deleteFailed(failureText(error)),
        description: "Nothing was deleted.",
        variant: "destructive",
        key: "movie-delete",
      }),
  });
  // A row's own Delete asks about "this item"; Delete Selected counts, even for one.
  const runDelete = (targets: MovieItem[], single: boolean) =>
    targets.length === 0
      ? selectFirst()
      : deleteTitles(targets, single ? { title: movieMessages.confirmDeleteOne } : undefined);

  // Set or clear the locker of every selected title: one call per title, with progress.
  const runBulkLocker = async (on: boolean) => {
    const targets = chosen;
    if (targets.length === 0) return selectFirst();
    const ok = await confirm({
      title: movieMessages.confirmLocker(on, targets.length),
      description: namesOf(targets),
      confirmText: on ? "Set Locker" : "Clear Locker",
      destructive: false,
    });
    if (!ok) return;
    const failures: { item: MovieItem; error: unknown }[] = [];
    let done = 0;
    setProgress({ on, done, total: targets.length });
    const queue = [...targets];
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        try {
          await setTitleLocker(site, item._id, on);
        } catch (error) {
          failures.push({ item, error });
        }
        done += 1;
        setProgress({ on, done, total: targets.length });
      }
    };
    await Promise.all(Array.from({ length: Math.min(LOCKER_CONCURRENCY, targets.length) }, worker));
    setProgress(null);
    await refresh();
    if (failures.length > 0) {
      toast({
        title: movieMessages.bulkLockerFailed(failureText(failures[0]!.error)),
        description: `${failures.length} of ${targets.length} ${targets.length === 1 ? "item was" : "items were"} not updated: ${namesOf(failures.map((f) => f.item))}.`,
        variant: "destructive",
      });
    } else {
      toastSuccess(
        on ? "Locker set" : "Locker cleared",
        undefined,
        `${targets.length} ${targets.length === 1 ? "item" : "items"} updated.`,
      );
    }
  };

  const setType = (value: string) => url.set("type", value === "all" ? "" : value);

  const importLink = (
    <Link to={`/${site.key}/import`}>
      <Download aria-hidden="true" />
      Import Movies & TV
    </Link>
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Movies & TV List"
        description={movieMessages.listSubtitle}
        actions={
          <div className="flex w-full gap-2 sm:w-auto">
            {canWrite && (
              <Button onClick={() => setQuickAdd(true)} className="flex-1 sm:flex-none">
                <Plus aria-hidden="true" />
                Quick Add
              </Button>
            )}
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="outline" size="icon" aria-label="More actions">
                  <MoreVertical aria-hidden="true" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuItem onSelect={() => void refresh()}>
                  <RefreshCw aria-hidden="true" />
                  Refresh
                </DropdownMenuItem>
                {canWrite && <DropdownMenuItem asChild>{importLink}</DropdownMenuItem>}
              </DropdownMenuContent>
            </DropdownMenu>
          </div>
        }
      />
      <Card className="gap-4">
        <CardHeader className="gap-1">
          <CardTitle>Movies & TV Shows</CardTitle>
          <p className="text-sm text-muted-foreground" data-slot="movies-totals">
            Total: <strong className="text-foreground tabular-nums">{totals.total}</strong> · Movies:{" "}
            <strong className="text-foreground tabular-nums">{totals.movies}</strong> · TV:{" "}
            <strong className="text-foreground tabular-nums">{totals.tv}</strong>
          </p>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
            {mobile ? (
              <OptionsSelect
                aria-label="Show"
                className="w-full"
                value={type}
                onValueChange={setType}
                options={TYPE_FILTERS}
              />
            ) : (
              <ToggleButtons legend="Show" value={type} options={TYPE_FILTERS} onChange={setType} />
            )}
            <SearchBox
              label="Search titles"
              placeholder={movieMessages.searchPlaceholder}
              value={typed}
              onChange={(value) => url.set("q", value)}
              onClear={() => url.set("q", "")}
              className="flex-1"
            />
          </div>
          <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Selected items">
            <SelectAll
              id="movies-select-all"
              label="Select All"
              view={pageView}
              onChange={(on) => selection.setMany(pageIds, on)}
              disabled={pageIds.length === 0}
            />
            {canWrite && (
              <>
                <Button variant="outline" size="sm" onClick={() => runBulkLocker(true)} disabled={busy}>
                  <Lock aria-hidden="true" />
                  Set Locker
                </Button>
                <Button variant="outline" size="sm" onClick={() => runBulkLocker(false)} disabled={busy}>
                  <LockOpen aria-hidden="true" />
                  Clear Locker
                </Button>
              </>
            )}
            <div className="flex items-center gap-2 px-2">
              <Switch
                id="movies-newest"
                checked={newest}
                onCheckedChange={(on) => url.set("sort", on ? "newest" : "")}
              />
              <label htmlFor="movies-newest" className="text-sm">
                Newest
              </label>
            </div>
            {canWrite && (
              <Button
                variant={chosen.length > 0 ? "destructive" : "outline"}
                size="sm"
                className="sm:ml-auto"
                disabled={busy || chosen.length === 0}
                onClick={() => runDelete(chosen, false)}
              >
                <Trash2 aria-hidden="true" />
                Delete Selected ({chosen.length})
              </Button>
            )}
          </div>
          {progress && (
            <div role="status" className="grid gap-1.5" data-slot="locker-progress">
              <p className="text-sm">
                {progress.on ? "Setting" : "Clearing"} locker: {progress.done} of {progress.total}
              </p>
              <progress
                className="h-2 w-full overflow-hidden rounded-full accent-primary"
                max={progress.total}
                value={progress.done}
                aria-label="Locker progress"
              />
            </div>
          )}
          <p className="sr-only" role="status">
            {announcement}
          </p>
        </CardContent>
      </Card>
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
                        {importLink}
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
                onToggleLocker={() => toggleLocker(item)}
                onToggleFeatured={() => toggleFeatured(item)}
                onEdit={() => setEditing(item)}
                onDelete={() => runDelete([item], true)}
                busy={busy}
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
