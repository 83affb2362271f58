import type { TrashItem } from "@backoffice/contracts";
import { RotateCcw, Trash2 } from "lucide-react";
import { CursorPagination } from "@/components/cursor-pagination";
import { PageHeader } from "@/components/layout/page-header";
import { ClearFiltersButton, ListBody } from "@/components/list/list-body";
import { FilterSelect, useUrlFilters } from "@/components/list/url-filters";
import { useConfirmedDelete } from "@/components/list/use-confirmed-delete";
import { useCursorParam } from "@/components/list/use-cursor-param";
import { useSelection } from "@/components/list/use-selection";
import { ListSkeleton } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useCanWrite } from "@/hooks/use-access";
import { useCurrentSite } from "@/hooks/use-current-site";
import { useErrorToast } from "@/hooks/use-error-toast";
import { toastError, toastSuccess } from "@/lib/toast";
import { useRestoreTrash } from "@/lib/undo";
import { trashResourceOf, useTrash } from "../api/get-trash";
import { usePurgeTrash } from "../api/purge-trash";
import { resourceLabel, trashMessages as texts, trashResourcesOf } from "../utils/trash-texts";
import { TrashList } from "./trash-list";

/** Trash: what was deleted in the last TRASH_DAYS days, to restore or delete forever. */
export function TrashScreen() {
  const site = useCurrentSite();
  const canWrite = useCanWrite(site.key);
  const resources = trashResourcesOf(site.key);
  const url = useUrlFilters(["resource"] as const);
  const resource = trashResourceOf(site, url.get("resource"));
  const { cursor, setCursor } = useCursorParam();
  const query = useTrash(site, cursor, resource);
  useErrorToast(query, (error) => toastError(texts.loadError.title, error, texts.loadError.description));
  const restore = useRestoreTrash(site);
  const purge = usePurgeTrash(site);
  const selection = useSelection();

  const rows = query.data?.data ?? [];
  const rowIds = rows.map((row) => row._id);
  // Only the rows on screen are acted on: another page or kind never leaves hidden rows chosen.
  const chosen = rows.filter((row) => selection.has(row._id));
  const busy = restore.isPending || purge.isPending;

  const runRestore = async (targets: TrashItem[]) => {
    if (targets.length === 0) return;
    const ids = targets.map((row) => row._id);
    try {
      const answer = await restore.mutateAsync(ids);
      selection.forget(ids);
      toastSuccess(texts.restored, texts.restoredItems(targets, answer.skipped));
    } catch (error) {
      toastError(texts.restoreFailed, error, texts.notRestored);
    }
  };

  const runPurge = useConfirmedDelete({
    remove: purge,
    selection,
    ask: (targets: TrashItem[]) => ({
      title: texts.confirmPurge(targets),
      description: texts.purgeWarning(targets.length),
      confirmText: "Delete forever",
    }),
    done: (answer) => toastSuccess(texts.purged, answer.message),
    failed: (error) => toastError(texts.purgeFailed, error, texts.notPurged),
  });

  return (
    <div className="grid gap-6">
      <PageHeader title="Trash" description={texts.subtitle} />
      <Card className="gap-4">
        <CardContent className="grid gap-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <div className="sm:w-56">
              <FilterSelect
                label="Filter by kind"
                all="All items"
                value={resource ?? ""}
                options={resources.map((r) => [r, resourceLabel(r)] as const)}
                onChange={(value) => url.set("resource", value)}
              />
            </div>
            <p role="status" className="text-sm text-muted-foreground" data-slot="trash-count">
              {query.isPending ? "Loading the trash..." : query.data ? texts.count(query.data.result) : ""}
              {chosen.length > 0 && ` · ${chosen.length} selected`}
            </p>
            {/* The selection's actions, shown once there is one (as on Manage Emails). */}
            {canWrite && chosen.length > 0 && (
              <div className="flex flex-wrap gap-2 sm:ml-auto">
                <Button variant="outline" size="sm" disabled={busy} onClick={() => runRestore(chosen)}>
                  {restore.isPending ? <Spinner /> : <RotateCcw aria-hidden="true" />}
                  Restore selected ({chosen.length})
                </Button>
                <Button variant="destructive" size="sm" disabled={busy} onClick={() => runPurge(chosen)}>
                  {purge.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />}
                  Delete forever ({chosen.length})
                </Button>
              </div>
            )}
          </div>
          <ListBody
            query={query}
            loading={
              <div role="status" aria-live="polite">
                <span className="sr-only">Loading the trash...</span>
                <ListSkeleton rows={5} className="[&>*]:h-10" />
              </div>
            }
            error={texts.loadError}
            empty={
              rows.length > 0
                ? null
                : resource
                  ? {
                      ...texts.emptyFiltered,
                      action: <ClearFiltersButton onClick={url.clear}>Show all items</ClearFiltersButton>,
                    }
                  : { ...texts.empty, icon: Trash2 }
            }
          >
            <TrashList
              rows={rows}
              selected={selection.selected}
              onToggle={selection.set}
              onToggleAll={(on) => selection.setMany(rowIds, on)}
              onRestore={(row) => runRestore([row])}
              onPurge={(row) => runPurge([row])}
              busy={busy}
            />
          </ListBody>
          <CursorPagination
            cursor={cursor}
            newer={query.data?.newer}
            older={query.data?.older}
            onChange={setCursor}
          />
        </CardContent>
      </Card>
    </div>
  );
}
