import type { HistoryEntry } from "@backoffice/contracts";
import { RotateCcw } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { recordLabel } from "@/components/history/history-texts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useCanWrite } from "@/hooks/use-access";
import { useCurrentSite } from "@/hooks/use-current-site";
import { toastError, toastSuccess } from "@/lib/toast";
import { useRestoreTrash } from "@/lib/undo";
import { recordLink, historyMessages as texts } from "../utils/history-filters";

/**
 * An entry's record: a link to it on its screen; for a delete, that it is deleted, with Restore
 * while it waits in the Trash, or that it was restored since (a link again, as it is back).
 * `children` is the record's (possibly shortened) name.
 */
export function HistoryRecord({ entry, children }: { entry: HistoryEntry; children: ReactNode }) {
  const site = useCurrentSite();
  const restore = useRestoreTrash(site);
  const canWrite = useCanWrite(site.key);
  const label = recordLabel(entry);
  const to = label === "-" ? null : recordLink(site, entry);
  const link = to ? (
    <Link to={to} className="font-medium text-primary underline underline-offset-4 hover:decoration-2">
      {children}
    </Link>
  ) : (
    children
  );
  if (entry.action === "delete" && entry.restored) {
    return (
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="min-w-0">{link}</span>
        <Badge variant="outline">{texts.restoredSince}</Badge>
      </span>
    );
  }
  if (entry.action === "delete") {
    const trashId = entry.trashId;
    const onRestore = async () => {
      if (!trashId) return;
      try {
        await restore.mutateAsync([trashId]);
        toastSuccess(texts.restored, texts.restoredRecord(label));
      } catch (error) {
        toastError(texts.restoreFailed, error, texts.notRestored);
      }
    };
    return (
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="min-w-0">{children}</span>
        {trashId ? (
          <>
            <Badge variant="secondary">{texts.deleted}</Badge>
            {canWrite && (
              <Button
                size="sm"
                variant="outline"
                className="h-7"
                onClick={onRestore}
                disabled={restore.isPending}
                aria-label={`Restore ${label}`}
              >
                {restore.isPending ? <Spinner /> : <RotateCcw aria-hidden="true" />}
                Restore
              </Button>
            )}
          </>
        ) : (
          <span className="text-muted-foreground">{texts.purged}</span>
        )}
      </span>
    );
  }
  return link;
}
