import { type Match, SPORT_LABELS } from "@backoffice/contracts";
import { Plus } from "lucide-react";
import { Link } from "react-router";
import { ImageWithFallback } from "@/components/image-with-fallback";
import { ImportButton } from "@/components/import/import-dialog";
import { PageHeader } from "@/components/layout/page-header";
import { CardGrid, ClearFiltersButton, ListBody } from "@/components/list/list-body";
import { useUrlFilters } from "@/components/list/url-filters";
import { usePageParam } from "@/components/list/use-page-param";
import { Pagination } from "@/components/pagination";
import { ListSkeleton } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useWindowFilter, WindowFilterSelect } from "@/components/window/window-filter";
import { useCanWrite } from "@/hooks/use-access";
import { useCurrentSite } from "@/hooks/use-current-site";
import { useErrorToast } from "@/hooks/use-error-toast";
import { toastError } from "@/lib/toast";
import type { SiteSettings } from "@/sites";
import { useMatchesPage } from "../api/matches";
import { MatchesInView, serversKey, useServers } from "../api/servers";
import { matchesQueryOf } from "../utils/match-form";
import { MatchTime, STATUS_BADGE } from "./match-card";
import { MatchFilters } from "./match-filters";
import { MatchServers } from "./match-servers";
import { SportIcon } from "./sport-icon";

/** The texts of Other Servers, fixed word for word. */
const texts = {
  subtitle: "Manage additional servers for match streaming.",
  loadFailed: { title: "Error", description: "Failed to fetch matches" },
  empty: { title: "No matches found", description: "Try adjusting your search or filter criteria." },
  noMatches: "Servers belong to matches: add a match in Manage Matches first.",
  count: (n: number, capped = false) =>
    `${n.toLocaleString("en-US")}${capped ? "+" : ""} ${n === 1 && !capped ? "match" : "matches"}`,
} as const;

/**
 * Other Servers (sportbn): the extra stream servers of each match, a page of matches at a time (the
 * server filters and pages them, as on Manage Matches), with the servers of that page only.
 */
export function OtherServersScreen() {
  const site = useCurrentSite();
  const { page, setPage, reportPages } = usePageParam();
  const url = useUrlFilters(["q", "sport", "status", "league"] as const, "q");
  const matches = useMatchesPage(
    site,
    matchesQueryOf((key) => (key === "league" ? "" : url.get(key)), page, "latest"),
  );
  reportPages(matches.data?.pagination.numberOfPages);
  const visible = matches.data?.data ?? [];
  return (
    <MatchesInView.Provider value={visible.map((match) => match._id)}>
      <OtherServersList site={site} matches={matches} url={url} page={page} setPage={setPage} />
    </MatchesInView.Provider>
  );
}

function OtherServersList({
  site,
  matches,
  url,
  page,
  setPage,
}: {
  site: SiteSettings;
  matches: ReturnType<typeof useMatchesPage>;
  url: ReturnType<typeof useUrlFilters<"q" | "sport" | "status" | "league">>;
  page: number;
  setPage: (page: number) => void;
}) {
  const servers = useServers(site);
  const canWrite = useCanWrite(site.key);
  // The servers' Window filter (`?window=`): each card lists the servers in that window.
  const windowFilter = useWindowFilter();
  const failed = matches.isError ? matches : servers;
  useErrorToast(failed, (error) => toastError(texts.loadFailed.title, error, texts.loadFailed.description));
  const visible = matches.data?.data ?? [];

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Other Servers"
        description={texts.subtitle}
        actions={
          canWrite && <ImportButton site={site} kind="servers" noun="servers" lists={[serversKey(site)]} />
        }
      />
      <Card className="gap-3">
        <CardContent className="grid gap-3 px-4 sm:px-6">
          <h2 className="text-sm font-semibold">Search &amp; Filter</h2>
          <MatchFilters get={url.get} set={url.set} />
          <WindowFilterSelect value={windowFilter.value} onChange={windowFilter.set} />
          <p role="status" className="text-sm text-muted-foreground">
            {matches.isPending
              ? "Loading matches..."
              : texts.count(matches.data?.result ?? 0, matches.data?.capped)}
          </p>
        </CardContent>
      </Card>
      <ListBody
        query={{
          isPending: matches.isPending || (visible.length > 0 && servers.isPending),
          // Either list missing makes the screen unusable; a failed reload of one keeps what is shown.
          isError: (matches.isError && !matches.data) || (servers.isError && !servers.data),
          data: undefined,
          isFetching: matches.isFetching || servers.isFetching,
          refetch: () => Promise.all([matches.refetch(), servers.refetch()]),
        }}
        loading={<ListSkeleton rows={3} />}
        error={{ title: texts.loadFailed.description }}
        empty={
          visible.length > 0
            ? null
            : url.any
              ? { ...texts.empty, action: <ClearFiltersButton onClick={url.clear} /> }
              : {
                  title: texts.empty.title,
                  description: texts.noMatches,
                  action: (
                    <Button asChild>
                      <Link to={`/${site.key}/matches`}>
                        <Plus aria-hidden="true" />
                        Go to Manage Matches
                      </Link>
                    </Button>
                  ),
                }
        }
      >
        <CardGrid label="Matches" items={visible} className="md:grid-cols-2 xl:grid-cols-3">
          {(match) => <ServersCard site={site} match={match} windowFilter={windowFilter.value} />}
        </CardGrid>
      </ListBody>
      <Pagination
        page={page}
        totalPages={matches.data?.pagination.numberOfPages ?? 1}
        onPageChange={setPage}
      />
    </div>
  );
}

function ServersCard({
  site,
  match,
  windowFilter,
}: {
  site: SiteSettings;
  match: Match;
  windowFilter: string;
}) {
  const title = `${match.homeTeam.name} vs ${match.awayTeam.name}`;
  const team = (side: Match["homeTeam"]) => (
    <div className="flex min-w-0 items-center gap-2">
      <ImageWithFallback
        src={side.logo}
        alt=""
        className="size-7 shrink-0 rounded-full border object-cover"
      />
      <span className="truncate font-medium">{side.name}</span>
      {side.score !== null && side.score !== undefined && (
        <span className="ml-auto font-semibold tabular-nums">{side.score}</span>
      )}
    </div>
  );
  return (
    <Card role="article" aria-label={title} data-slot="servers-card" className="gap-3 px-4 py-4">
      <div className="flex items-center gap-2">
        <SportIcon sport={match.type} decorative className="text-muted-foreground" />
        <Badge variant="outline">{SPORT_LABELS[match.type]}</Badge>
        <Badge className={STATUS_BADGE[match.status]}>{match.status}</Badge>
      </div>
      <h2 className="truncate text-sm text-muted-foreground">{match.league.name}</h2>
      {team(match.homeTeam)}
      {team(match.awayTeam)}
      <p className="text-xs text-muted-foreground">
        <MatchTime day={match.date} time={match.time} />
      </p>
      <MatchServers site={site} match={match} windowFilter={windowFilter} />
    </Card>
  );
}
