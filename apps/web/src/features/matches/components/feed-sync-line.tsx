import { Loader2, RefreshCcw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useCanWrite } from "@/hooks/use-access";
import { useJobAction } from "@/hooks/use-jobs";
import { formatDateTime } from "@/lib/format";
import { toastError, toastSuccess } from "@/lib/toast";
import type { SiteSettings } from "@/sites";
import { useFeedCallsLeft, useFeedStatus } from "../api/feed";

/** The sync job of accepted fixtures (docs/PRODUCT-RULES.md#matches-and-the-sports-feed). */
const FEED_SYNC_JOB = "feed-sync";

/**
 * Fetch Matches: the feed's calls left today, when accepted fixtures were last synced, and Run now
 * for the sync job. One quota line: our count of today's calls, or the provider's own figure from
 * its last answer on this screen (`providerRemaining`) when that is lower (another client of the
 * same key used some), docs/PRODUCT-RULES.md#matches-and-the-sports-feed.
 */
export function FeedSyncLine({
  site,
  providerRemaining,
}: {
  site: SiteSettings;
  providerRemaining?: number;
}) {
  const status = useFeedStatus(site);
  const action = useJobAction();
  const canWrite = useCanWrite(site.key);
  const left = useFeedCallsLeft(site, providerRemaining);
  const data = status.data;
  const runNow = () =>
    action.mutate(
      { name: FEED_SYNC_JOB, action: "run" },
      {
        onSuccess: (answer) =>
          toastSuccess("Feed sync", answer.message, "The feed sync will run in a few seconds."),
        onError: (error) => toastError("Feed sync", error, "The feed sync could not be started."),
      },
    );
  return (
    <div
      className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground"
      data-slot="feed-sync"
    >
      <p aria-live="polite">
        {data && left
          ? `Feed quota: ${left.remaining} of ${left.limit} calls left today · Last sync: ${
              data.lastSync ? formatDateTime(data.lastSync) : "never"
            }`
          : status.isError
            ? "Feed quota unavailable"
            : "Loading feed quota..."}
      </p>
      {canWrite && (
        <Button variant="outline" size="sm" onClick={runNow} disabled={action.isPending}>
          {action.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <RefreshCcw aria-hidden="true" />
          )}
          Run now
        </Button>
      )}
    </div>
  );
}
