import type { Match } from "@backoffice/contracts";
import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useConfirm } from "@/components/confirm-dialog";
import { ImportButton } from "@/components/import/import-dialog";
import { PageHeader } from "@/components/layout/page-header";
import { CardGrid, ClearFiltersButton, ListBody } from "@/components/list/list-body";
import { SelectAll } from "@/components/list/toggle-buttons";
import { useUrlFilters } from "@/components/list/url-filters";
import { SortSelect, useUrlSort } from "@/components/list/url-sort";
import { useConfirmedDelete } from "@/components/list/use-confirmed-delete";
import { usePageParam } from "@/components/list/use-page-param";
import { useSelection } from "@/components/list/use-selection";
import { Pagination } from "@/components/pagination";
import { ListSkeleton } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useCanWrite } from "@/hooks/use-access";
import { useCurrentSite } from "@/hooks/use-current-site";
import { useErrorToast } from "@/hooks/use-error-toast";
import { useConfig } from "@/lib/site-config";
import { toastError, toastSuccess } from "@/lib/toast";
import { useUndo } from "@/lib/undo";
import { matchesKey, useDeleteMatches, useMatchesPage } from "../api/matches";
import { MatchesInView, serversKey } from "../api/servers";
import { matchesQueryOf, matchMessages } from "../utils/match-form";
import { MATCH_SORTS } from "../utils/match-sort";
import { MatchCard } from "./match-card";
import { MatchDialog, type MatchDialogState } from "./match-dialog";
import { MatchFilters } from "./match-filters";

/**
 * Manage Matches (sportbn): filters, summary, selection, bulk delete, add/edit dialog. The server
 * filters, orders and pages the list (filters, order and page in the URL), so a site with years of
 * matches loads one page of its working set (docs/PRODUCT-RULES.md#matches-and-the-sports-feed).
 */
export function MatchesScreen() {
  const site = useCurrentSite();
  const canWrite = useCanWrite(site.key);
  const _confirm = useConfirm();
  const config = useConfig();
  const { page, setPage, reportPages } = usePageParam();
  // Filters live in the URL: Back, reload and links keep them.
  const url = useUrlFilters(["q", "sport", "status", "league"] as const, "q");
  const sort = useUrlSort(MATCH_SORTS);
  const query = useMatchesPage(site, matchesQueryOf(url.get, page, sort.value));
  const remove = useDeleteMatches(site);
  const selection = useSelection();
  const [dialog, setDialog] = useState<MatchDialogState | null>(null);
  useErrorToast(query, (error) => toastError(matchMessages.fetchFailed, error));

  const setFilter = url.set;
  const filtered = url.any;

  reportPages(query.data?.pagination.numberOfPages);
  const visible = query.data?.data ?? [];
  const visibleIds = visible.map((m) => m._id);
  const view = selection.inView(visibleIds);
  // Every league the site's matches name, and the one in the URL even before they load.
  const leagues = [...new Set([...(query.data?.leagues ?? []), url.get("league")].filter(Boolean))].sort();
  const summary = query.data?.summary ?? { live: 0, upcoming: 0, finished: 0, leagues: 0, sports: 0 };
  const siteUrl = config.data?.sites[site.key].url ?? site.fallbackUrl;

  const titleOf = (m: Match) => `${m.homeTeam.name} vs ${m.awayTeam.name}`;
  // A match is deleted with its servers: Undo brings both back.
  const undo = useUndo(site, matchesKey(site), serversKey(site));
  const runDelete = useConfirmedDelete({
    remove,
    selection,
    ask: (targets: Match[]) =>
      targets.length === 1
        ? {
            title: matchMessages.confirmOne,
            description: `${titleOf(targets[0]!)} will be removed with its servers.`,
          }
        : {
            title: matchMessages.confirmMany,
            description: `${targets.length} matches will be removed with their servers.`,
          },
    // Its toasts count the matches chosen, Undo's too (the trash also holds their servers).
    done: (answer, targets) => {
      const offer = { ...undo(answer, matchMessages.restored(targets.length)), key: "match-delete" };
      if (targets.length === 1)
        toastSuccess(matchMessages.deleted, undefined, `${titleOf(targets[0]!)} was removed.`, offer);
      else
        toastSuccess(
          matchMessages.deletedMany(targets.length),
          undefined,
          matchMessages.deletedManyDescription,
          offer,
        );
    },
    failed: (error, targets) =>
      toastError(
        targets.length === 1 ? matchMessages.deleteFailed : matchMessages.bulkDeleteFailed,
        error,
        undefined,
        "match-delete",
      ),
  });

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Manage Matches"
        description={matchMessages.subtitle}
        actions={
          canWrite && (
            <>
              <ImportButton
                site={site}
                kind="matches"
                noun="matches"
                lists={[matchesKey(site), serversKey(site)]}
              />
              <Button onClick={() => setDialog({ mode: "create" })} className="w-full sm:w-auto">
                <Plus aria-hidden="true" />
                Add Match
              </Button>
            </>
          )
        }
      />
      {/* One row of five, compact on a phone, so the first match shows without scrolling. */}
      <section aria-labelledby="match-summary" className="grid grid-cols-5 gap-1.5 sm:gap-3">
        <h2 id="match-summary" className="sr-only">
          Match Summary
        </h2>
        {(
          [
            ["Live", summary.live],
            ["Upcoming", summary.upcoming],
            ["Finished", summary.finished],
            ["Leagues", summary.leagues],
            ["Sports", summary.sports],
          ] as const
        ).map(([label, value]) => (
          <Card
            key={label}
            className="min-w-0 gap-0.5 px-1 py-2 text-center sm:gap-1 sm:px-4 sm:py-3 sm:text-left"
            data-slot="summary-item"
          >
            <span className="truncate text-[11px] text-muted-foreground sm:text-xs">{label}</span>
            <span className="text-base font-semibold tabular-nums sm:text-xl">{value}</span>
          </Card>
        ))}
      </section>
      <Card className="gap-4">
        <CardContent className="grid gap-3 px-4 sm:px-6">
          <MatchFilters get={url.get} set={setFilter} leagues={leagues} />
          <div className="flex flex-wrap items-center gap-3">
            <SelectAll
              id="matches-select-all"
              view={view}
              onChange={(on) => selection.setMany(visibleIds, on)}
              disabled={visible.length === 0}
            />
            <p role="status" className="text-sm text-muted-foreground" data-slot="matches-count">
              {query.isPending
                ? "Loading matches..."
                : matchMessages.found(query.data?.result ?? 0, query.data?.capped)}
              {view.ids.length > 0 && ` · ${view.ids.length} selected`}
            </p>
            <SortSelect sort={sort} className="h-8 w-full sm:ml-auto sm:w-48" />
            {canWrite && (
              <Button
                variant="destructive"
                size="sm"
                disabled={view.ids.length === 0 || remove.isPending}
                onClick={() => runDelete(visible.filter((m) => view.ids.includes(m._id)))}
              >
                <Trash2 aria-hidden="true" />
                Delete Selected ({view.ids.length})
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
      <MatchesInView.Provider value={visibleIds}>
        <ListBody
          query={query}
          loading={<ListSkeleton rows={3} />}
          error={{ title: matchMessages.fetchFailed }}
          empty={
            visible.length > 0
              ? null
              : filtered
                ? {
                    title: matchMessages.empty,
                    description: "No match matches the search and filters.",
                    action: <ClearFiltersButton onClick={url.clear} />,
                  }
                : {
                    title: matchMessages.empty,
                    description: "Add the first match.",
                    action: canWrite && (
                      <Button onClick={() => setDialog({ mode: "create" })}>
                        <Plus aria-hidden="true" />
                        Add Match
                      </Button>
                    ),
                  }
          }
        >
          <CardGrid label="Matches" items={visible} className="sm:grid-cols-2 xl:grid-cols-3">
            {(match) => (
              <MatchCard
                match={match}
                site={site}
                selected={selection.has(match._id)}
                onSelectedChange={(on) => selection.set(match._id, on)}
                onEdit={() => setDialog({ mode: "edit", match })}
                onDelete={() => runDelete([match])}
                busy={remove.isPending}
              />
            )}
          </CardGrid>
        </ListBody>
        <Pagination
          page={page}
          totalPages={query.data?.pagination.numberOfPages ?? 1}
          onPageChange={setPage}
        />
        <MatchDialog site={site} siteUrl={siteUrl} state={dialog} onClose={() => setDialog(null)} />
      </MatchesInView.Provider>
    </div>
  );
}
