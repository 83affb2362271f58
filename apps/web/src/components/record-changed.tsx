import { AlertTriangle } from "lucide-react";
import { useCurrentSite } from "@/hooks/use-current-site";
import { useRecordChange } from "@/hooks/use-live-events";
import { cn } from "@/lib/utils";

/** Who changed a record, in words: a member's email, or the job that did. */
const actorName = (actor: { email: string | null; job?: string }) =>
  actor.email ?? (actor.job ? `the ${actor.job} job` : "someone else");

/**
 * Said in an open edit dialog (or form) once its record is changed elsewhere (live updates): its
 * save sends the version it loaded, so the api refuses it with 409 (docs/PRODUCT-RULES.md#live-updates),
 * and the notice says so rather than promise an overwrite.
 */
export function RecordChangedNotice({
  resource,
  id,
  again = "close this dialog and open the record again",
  className,
}: {
  resource: string;
  id: string;
  /** How to see the change: a form on a page of its own says "reload the page". */
  again?: string;
  className?: string | undefined;
}) {
  const site = useCurrentSite();
  const actor = useRecordChange(site.key, resource, id);
  if (!actor) return null;
  return (
    <div
      role="alert"
      className={cn(
        "flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2.5 text-sm text-destructive",
        className,
      )}
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        This record was changed by {actorName(actor)} while you were editing it. Saving now would be refused:{" "}
        {again} to see the change.
      </p>
    </div>
  );
}
