import type { HistoryEntry } from "@backoffice/contracts";
import { History, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { CursorPagination } from "@/components/cursor-pagination";
import { DayInput } from "@/components/day-input";
import { PageHeader } from "@/components/layout/page-header";
import { ClearFiltersButton, ListBody } from "@/components/list/list-body";
import { FilterSelect, useUrlFilters } from "@/components/list/url-filters";
import { useCursorParam } from "@/components/list/use-cursor-param";
import { ListSkeleton } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { useCurrentSite } from "@/hooks/use-current-site";
import { useErrorToast } from "@/hooks/use-error-toast";
import { toastError } from "@/lib/toast";
import { useHistory } from "../api/get-history";
import { useHistoryAdmins } from "../api/get-history-admins";
import {
  HISTORY_FILTER_KEYS,
  type HistoryFilterKey,
  historyMessages,
  historyQueryOf,
  resourceOptions,
} from "../utils/history-filters";
import { HistoryDetails } from "./history-details";
import { HistoryExport } from "./history-export";
import { HistoryList } from "./history-list";

/**
 * History: the site's audit log, newest first, filtered and paged in the URL: Newer and Older move
 * by keyset pages (the cursor in the URL), so every page costs the same however long the log.
 */
export function HistoryScreen() {
  const site = useCurrentSite();
  const { cursor, setCursor } = useCursorParam();
  const url = useUrlFilters(HISTORY_FILTER_KEYS);
  const query = useHistory(site, historyQueryOf(url.get, cursor));
  const admins = useHistoryAdmins(site);
  const [open, setOpen] = useState<HistoryEntry | null>(null);
  const signInsId = useId();
  useErrorToast(query, (error) =>
    toastError(historyMessages.loadError.title, error, historyMessages.loadError.description),
  );

  const data = query.data;
  const entries = data?.data ?? [];
  // The admin in the URL stays choosable even before (or without) the list of admins.
  const adminOptions = [...new Set([...(admins.data ?? []), url.get("admin")].filter(Boolean))].map(
    (email) => [email, email] as const,
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title="History"
        description={historyMessages.subtitle}
        actions={
          <>
            <HistoryExport site={site} filter={historyQueryOf(url.get, {})} />
            <Button variant="outline" asChild>
              <Link to={`/${site.key}/history/trash`}>
                <Trash2 aria-hidden="true" />
                Trash
              </Link>
            </Button>
          </>
        }
      />
      <Card className="gap-4">
        <CardHeader className="grid gap-4">
          <CardTitle>Changes{data ? ` (${historyMessages.total(data.result, data.capped)})` : ""}</CardTitle>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(2,minmax(0,1fr))_auto_auto_auto_auto]">
            <FilterSelect
              label="Resource"
              all="All resources"
              value={url.get("resource")}
              options={resourceOptions(site.key)}
              onChange={(value) => url.set("resource", value)}
            />
            <FilterSelect
              label="Admin"
              all="All admins"
              value={url.get("admin")}
              options={adminOptions}
              onChange={(value) => url.set("admin", value)}
            />
            <DayFilter label="From" name="from" url={url} />
            <DayFilter label="To" name="to" url={url} />
            <div className="flex items-center gap-2">
              <Switch
                id={signInsId}
                checked={url.get("signIns") === "show"}
                onCheckedChange={(on) => url.set("signIns", on ? "show" : "")}
              />
              <Label htmlFor={signInsId} className="whitespace-nowrap">
                {historyMessages.showSignIns}
              </Label>
            </div>
            {url.any && <ClearFiltersButton onClick={url.clear} />}
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="sr-only" role="status" aria-live="polite">
            {query.isFetching && !query.isPending ? "Loading changes..." : ""}
          </p>
          <ListBody
            query={query}
            loading={
              <div role="status" aria-live="polite">
                <span className="sr-only">Loading changes...</span>
                <ListSkeleton rows={5} className="[&>*]:h-10" />
              </div>
            }
            error={historyMessages.loadError}
            empty={
              entries.length > 0
                ? null
                : url.any
                  ? { ...historyMessages.emptyFiltered, action: <ClearFiltersButton onClick={url.clear} /> }
                  : { ...historyMessages.empty, icon: History }
            }
          >
            <HistoryList entries={entries} onOpen={setOpen} />
          </ListBody>
          <CursorPagination cursor={cursor} newer={data?.newer} older={data?.older} onChange={setCursor} />
        </CardContent>
      </Card>
      <HistoryDetails entry={open} onClose={() => setOpen(null)} />
    </div>
  );
}

/** A From or To day (inclusive), typed as dd/mm/yyyy, kept in the URL as YYYY-MM-DD. */
function DayFilter({
  label,
  name,
  url,
}: {
  label: string;
  name: Extract<HistoryFilterKey, "from" | "to">;
  url: ReturnType<typeof useUrlFilters<HistoryFilterKey>>;
}) {
  return <DayInput label={label} value={url.get(name)} onChange={(day) => url.set(name, day)} />;
}
