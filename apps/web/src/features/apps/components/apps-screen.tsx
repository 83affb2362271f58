import type { App } from "@backoffice/contracts";
import { CheckSquare, Plus, Square, Trash2 } from "lucide-react";
import { useDeferredValue, useMemo, useState } from "react";
import { useConfirm } from "@/components/confirm-dialog";
import { ImportButton } from "@/components/import/import-dialog";
import { PageHeader } from "@/components/layout/page-header";
import { CardGrid, ClearFiltersButton, ListBody } from "@/components/list/list-body";
import { SearchBox, useUrlFilters } from "@/components/list/url-filters";
import { SortSelect, useUrlSort } from "@/components/list/url-sort";
import { useSelection } from "@/components/list/use-selection";
import { OptionsSelect } from "@/components/options-select";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { useCanWrite } from "@/hooks/use-access";
import { useCurrentSite } from "@/hooks/use-current-site";
import { useErrorToast } from "@/hooks/use-error-toast";
import { toastError, toastSuccess } from "@/lib/toast";
import { useUndo } from "@/lib/undo";
import { useDeleteApps } from "../api/delete-apps";
import { appsCategoryOf, appsKey, useApps } from "../api/get-apps";
import { matchesSearch } from "../utils/app-form";
import { appMessages, foundText } from "../utils/app-messages";
import { APP_SORTS } from "../utils/app-sort";
import { AppCard } from "./app-card";
import { AppDialog, type AppDialogState, categoryLabels } from "./app-dialog";

/** Apps & Games (apkw): search, category filter, selection, bulk delete, Add/Edit dialog. */
export function AppsScreen() {
  const site = useCurrentSite();
  const canWrite = useCanWrite(site.key);
  const confirm = useConfirm();
  // Search and category live in the URL: Back, reload and links keep them.
  const url = useUrlFilters(["q", "category"] as const, "q");
  const search = url.get("q");
  const category = appsCategoryOf(url.get("category"));
  const sort = useUrlSort(APP_SORTS);
  const selection = useSelection();
  const [dialog, setDialog] = useState<AppDialogState | null>(null);
  const [deletingIds, setDeletingIds] = useState<ReadonlySet<string>>(() => new Set());

  const query = useApps(site, category === "all" ? null : category);
  useErrorToast(query, (error) => toastError(appMessages.fetchFailed, error));
  const remove = useDeleteApps(site);
  const undo = useUndo(site, appsKey(site));

  const deferredSearch = useDeferredValue(search);
  const apps = query.data;
  const visible = useMemo(
    () => (apps ?? []).filter((app) => matchesSearch(app, deferredSearch)).sort(sort.compare),
    [apps, deferredSearch, sort.compare],
  );
  // Only what is on screen can be acted on: a filter never leaves hidden apps to be deleted.
  const visibleIds = visible.map((app) => app._id);
  const view = selection.inView(visibleIds);
  const selectedVisible = visible.filter((app) => selection.has(app._id));
  const allSelected = view.all;
  const filtered = search.trim() !== "" || category !== "all";

  const selectAll = () => selection.setMany(visibleIds, true);
  const deselectAll = () => selection.clear();
  const clearFilters = url.clear;

  const runDelete = async (ids: string[], one: boolean, label?: string) => {
    setDeletingIds(new Set(ids));
    try {
      const answer = await remove.mutateAsync(ids);
      selection.forget(ids);
      const title = one ? appMessages.deletedOne : appMessages.deletedMany;
      // The server's message adds something only when some ids were already gone.
      const description = answer.notFound?.length
        ? (answer.message ?? title)
        : one
          ? `${label ?? "The app"} was removed from the catalogue.`
          : `${ids.length} apps were removed from the catalogue.`;
      toastSuccess(title, description, undefined, { ...undo(answer), key: "app-delete" });
    } catch (error) {
      toastError(
        one ? appMessages.deleteFailed : appMessages.bulkDeleteFailed,
        error,
        undefined,
        "app-delete",
      );
    } finally {
      setDeletingIds(new Set());
    }
  };

  const onDeleteOne = async (app: App) => {
    const ok = await confirm({
      title: appMessages.confirmDeleteOne,
      description: `"${app.title}" will be removed from the catalogue.`,
      confirmText: "Delete",
    });
    if (ok) await runDelete([app._id], true, `"${app.title}"`);
  };

  const onDeleteSelected = async () => {
    const targets = selectedVisible;
    if (targets.length === 0) return;
    const one = targets.length === 1;
    const ok = await confirm({
      title: one ? appMessages.confirmDeleteOne : appMessages.confirmDeleteMany,
      description: one
        ? `"${targets[0]!.title}" will be removed from the catalogue.`
        : `${targets.length} apps will be removed from the catalogue.`,
      confirmText: one ? "Delete" : `Delete ${targets.length} apps`,
    });
    if (ok)
      await runDelete(
        targets.map((app) => app._id),
        one,
        one ? `"${targets[0]!.title}"` : undefined,
      );
  };

  const busy = remove.isPending;

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Apps & Games"
        description={appMessages.subtitle}
        actions={
          canWrite && (
            <>
              <ImportButton site={site} kind="apps" noun="apps" lists={[appsKey(site)]} />
              <Button
                onClick={() => setDialog({ mode: "create", category: category === "all" ? null : category })}
              >
                <Plus aria-hidden="true" />
                Add App
              </Button>
            </>
          )
        }
      />

      <Card className="gap-4 py-4">
        <CardContent className="grid gap-4 px-4">
          <div className="flex flex-col gap-3 sm:flex-row">
            <SearchBox
              label="Search apps"
              placeholder="Search apps and games..."
              value={search}
              onChange={(value) => url.set("q", value)}
              className="flex-1"
            />
            <OptionsSelect
              aria-label="Filter by category"
              className="w-full sm:w-44"
              value={category}
              onValueChange={(value) => url.set("category", value)}
              options={[
                ["all", "All categories"],
                ["apps", categoryLabels.apps],
                ["games", categoryLabels.games],
              ]}
            />
            <SortSelect sort={sort} className="w-full sm:w-48" />
          </div>

          <div className="flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
            <p
              role="status"
              aria-live="polite"
              className="flex items-center gap-2 text-sm text-muted-foreground"
            >
              {query.isPending ? (
                "Loading apps..."
              ) : query.isError && !apps ? null : (
                <>
                  <span data-slot="apps-count" className="font-medium text-foreground">
                    {foundText(visible.length)}
                  </span>
                  {selectedVisible.length > 0 && <span>· {selectedVisible.length} selected</span>}
                  {query.isFetching && !query.isPending && <Spinner className="size-3.5" />}
                </>
              )}
            </p>
            {canWrite && (
              <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={selectAll}
                  disabled={busy || visible.length === 0 || allSelected}
                >
                  <CheckSquare aria-hidden="true" />
                  Select All
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={deselectAll}
                  disabled={busy || selectedVisible.length === 0}
                >
                  <Square aria-hidden="true" />
                  Deselect All
                </Button>
                <Button
                  variant={selectedVisible.length > 0 ? "destructive" : "outline"}
                  size="sm"
                  className="col-span-2 data-[empty=true]:text-destructive"
                  data-empty={selectedVisible.length === 0}
                  onClick={onDeleteSelected}
                  disabled={busy || selectedVisible.length === 0}
                >
                  {busy && deletingIds.size > 1 ? <Spinner /> : <Trash2 aria-hidden="true" />}
                  Delete Selected ({selectedVisible.length})
                </Button>
              </div>
            )}
          </div>
        </CardContent>
      </Card>

      <ListBody
        query={query}
        loading={<AppsSkeleton />}
        error={{
          title: appMessages.fetchFailed,
          description: "The catalogue could not be loaded. Check the connection and try again.",
        }}
        empty={
          visible.length > 0
            ? null
            : filtered
              ? {
                  title: appMessages.empty,
                  description: "No app or game matches the search and category.",
                  action: (
                    <ClearFiltersButton onClick={clearFilters}>{appMessages.clearFilters}</ClearFiltersButton>
                  ),
                }
              : {
                  title: appMessages.empty,
                  description: "The catalogue is empty. Add the first app or game.",
                  action: canWrite && (
                    <Button onClick={() => setDialog({ mode: "create", category: null })}>
                      <Plus aria-hidden="true" />
                      Add App
                    </Button>
                  ),
                }
        }
      >
        <CardGrid
          label="Apps and games"
          items={visible}
          className="sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4"
        >
          {(app) => (
            <AppCard
              app={app}
              site={site}
              selected={selection.has(app._id)}
              onSelectedChange={(on) => selection.set(app._id, on)}
              onEdit={(target) => setDialog({ mode: "edit", app: target })}
              onDelete={onDeleteOne}
              deleting={deletingIds.has(app._id)}
              busy={busy}
            />
          )}
        </CardGrid>
      </ListBody>

      <AppDialog site={site} state={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}

function AppsSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4" aria-hidden="true">
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder cards
        <Card key={i} className="gap-0 overflow-hidden py-0">
          <Skeleton className="h-20 rounded-none" />
          <div className="grid gap-3 p-4">
            <Skeleton className="-mt-10 size-14 rounded-xl" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/2" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-8 w-full" />
          </div>
        </Card>
      ))}
    </div>
  );
}
