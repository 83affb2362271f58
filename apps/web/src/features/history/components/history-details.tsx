import type { HistoryEntry } from "@backoffice/contracts";
import { FactList } from "@/components/fact-list";
import { FieldChanges } from "@/components/history/field-changes";
import { actionLabel, changedFields, recordLabel, signInFacts } from "@/components/history/history-texts";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { formatDateTime } from "@/lib/format";

/** One change of the log: who, when, from where, and each field before and after. */
export function HistoryDetails({ entry, onClose }: { entry: HistoryEntry | null; onClose: () => void }) {
  const facts: [string, string][] = entry
    ? [
        ["Record", recordLabel(entry)],
        ["When", formatDateTime(entry.at)],
        ["Admin", entry.admin ?? "-"],
        ["Address", entry.address ?? "-"],
        ...signInFacts(entry),
      ]
    : [];
  return (
    <Dialog open={entry !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="grid-cols-[minmax(0,1fr)] sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{entry ? actionLabel(entry) : "Change details"}</DialogTitle>
          <DialogDescription>What changed, by whom and when.</DialogDescription>
        </DialogHeader>
        {entry && (
          <div className="grid min-w-0 gap-5">
            <FactList facts={facts} className="gap-y-1.5" />
            {entry.resource !== "session" && <FieldChanges changes={changedFields(entry)} />}
          </div>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
