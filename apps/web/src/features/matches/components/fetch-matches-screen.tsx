import {
  acceptPayload,
  dayAndTime,
  FEED_SPORTS,
  type FetchedMatch,
  feedStatus,
  feedStatusWord,
  haltedLabel,
  NORMALISERS,
  STORED_SPORT,
} from "@backoffice/contracts";
import { CheckCheck, CheckCircle2, FilterX, Loader2, RefreshCw } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { ClearFiltersButton } from "@/components/list/list-body";
import { FilterSelect, SearchBox, useUrlFilters } from "@/components/list/url-filters";
import { useSelection } from "@/components/list/use-selection";
import { ShortenedText } from "@/components/shortened-text";
import { EmptyState, ErrorState, LoadingState } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { useCanWrite } from "@/hooks/use-access";
import { useCurrentSite } from "@/hooks/use-current-site";
import { ApiError, serverMessageOf } from "@/lib/api-client";
import { formatAge, formatTime } from "@/lib/format";
import { useConfig } from "@/lib/site-config";
import { toast, toastSuccess } from "@/lib/toast";
import {
  feedSportOf,
  keyOfPayload,
  useAcceptedKeys,
  useAcceptMatch,
  useAcceptMatches,
  useFeed,
  useFeedCallsLeft,
  useRefreshFeed,
} from "../api/feed";
import { acceptSummaryToast } from "../utils/accept-summary";
import { STATUS_OPTIONS } from "../utils/match-form";
import { FeedSyncLine } from "./feed-sync-line";
import { MatchTime, STATUS_BADGE } from "./match-card";
import { SportIcon } from "./sport-icon";

const SPORT_NAMES = { football: "Football", basketball: "Basketball", hockey: "Hockey", nfl: "NFL" } as const;
/** Sport badges have a colour each. */
const SPORT_BADGE = {
  football: "bg-[oklch(0.45_0.12_150)] text-white",
  basketball: "bg-[oklch(0.5_0.15_50)] text-white",
  hockey: "bg-[oklch(0.45_0.12_250)] text-white",
  nfl: "bg-[oklch(0.42_0.13_20)] text-white",
} as const;
const FILTERS = ["q", "sport", "league", "status", "country"] as const;

/** The current time, again every minute: an age on screen ("12 minutes ago") stays true. */
function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * Fetch Matches (sportbn): today's fixtures of four sports as the feed sync and Refresh kept them
 * (a visit asks the feed nothing), with their age; Refresh asks the feed on purpose, one call per
 * sport of the daily quota. Filtered, accepted one by one or as a selection; a finished fixture is
 * not offered. Fixtures already in Manage Matches show as Accepted; a sport that could not be read
 * or refreshed shows why, with Try again, instead of an empty list.
 */
export function FetchMatchesScreen() {
  const site = useCurrentSite();
  const canWrite = useCanWrite(site.key);
  const config = useConfig();
  const feed = useFeed(site);
  const refresher = useRefreshFeed(site);
  const accept = useAcceptMatch(site);
  const [accepted, setAccepted] = useState<ReadonlySet<string>>(() => new Set());
  const url = useUrlFilters(FILTERS, "q");
  const filter = url.get;
  const setFilter = url.set;
  const now = useNow();
  const refreshNoteId = useId();

  const refreshing = refresher.pending.size > 0;
  const loading = feed.some((q) => q.isFetching) || refreshing;
  const fixtures: FetchedMatch[] = feed.flatMap((q, index) =>
    (q.data?.response ?? []).map((record) => NORMALISERS[feedSportOf(index)](record)),
  );
  const quota = feed.map((q) => q.data?.quota.remaining).filter((n): n is number => typeof n === "number");
  const providerRemaining = quota.length > 0 ? Math.min(...quota) : undefined;
  const left = useFeedCallsLeft(site, providerRemaining);
  const refreshNote = `Refresh uses ${FEED_SPORTS.length} of the sports feed's daily calls${
    left ? `: ${left.remaining} of ${left.limit} remain today` : ""
  }.`;
  // The oldest of the sports' answers: no fixture on screen is older than this.
  const fetched = feed.map((q) => q.data?.fetchedAt).filter((at): at is string => typeof at === "string");
  const asOf = fetched.length > 0 ? fetched.reduce((a, b) => (a < b ? a : b)) : undefined;
  const notFetched = feed.every((q) => q.data?.fetchedAt === null);
  const leagues = [...new Set(fixtures.map((f) => f.league).filter(Boolean))].sort();
  const countries = [...new Set(fixtures.map((f) => f.country).filter(Boolean))].sort();
  const needle = filter("q").trim().toLowerCase();
  const visible = fixtures.filter(
    (f) =>
      (!filter("sport") || f.sport === filter("sport")) &&
      (!filter("league") || f.league === filter("league")) &&
      (!filter("status") || feedStatus(f.status) === filter("status")) &&
      (!filter("country") || f.country === filter("country")) &&
      (!needle || [f.homeTeam, f.awayTeam, f.league, f.venue].some((t) => t.toLowerCase().includes(needle))),
  );
  const keyOf = (f: FetchedMatch) => `${f.sport}:${f.id}`;
  const acceptedKeys = useAcceptedKeys(site);
  const acceptMany = useAcceptMatches(site);
  const selection = useSelection();
  // The config may still be loading, or name no URL for the site: the placeholder stands in.
  const matchUrl = config.data?.sites[site.key]?.url ?? site.fallbackUrl;
  // Accepted on this screen, or before: the same match is in Manage Matches (also after a reload).
  const isAccepted = (f: FetchedMatch) =>
    accepted.has(keyOf(f)) || acceptedKeys.has(keyOfPayload(acceptPayload(f, { matchUrl })));
  // A finished fixture is not offered for Accept (the api refuses it with 409 too).
  const isFinished = (f: FetchedMatch) => feedStatus(f.status) === "finished";
  const chosen = visible.filter((f) => selection.has(keyOf(f)) && !isAccepted(f) && !isFinished(f));
  const failedSports = feed.filter((q) => q.isError);
  const failedRefresh = FEED_SPORTS.filter((sport) => sport in refresher.failed);
  const nothingLoaded = fixtures.length === 0 && (loading || failedSports.length > 0);
  const refreshAll = () => refresher.refresh(FEED_SPORTS);

  const refreshButton = (variant: "default" | "outline") => (
    <Button
      variant={variant}
      onClick={refreshAll}
      disabled={loading}
      aria-describedby={refreshNoteId}
      className="w-full sm:w-auto"
    >
      {refreshing ? (
        <Loader2 className="animate-spin" aria-hidden="true" />
      ) : (
        <RefreshCw aria-hidden="true" />
      )}
      Refresh fixtures
    </Button>
  );

  const onAcceptSelected = async () => {
    const targets = chosen;
    const summary = await acceptMany.mutateAsync(
      targets.map((f) => acceptPayload(f, { matchUrl, warn: console.warn })),
    );
    selection.forget(targets.map(keyOf));
    toast(acceptSummaryToast(summary));
  };

  const onAccept = async (fixture: FetchedMatch) => {
    try {
      await accept.mutateAsync(acceptPayload(fixture, { matchUrl, warn: console.warn }));
      setAccepted((current) => new Set(current).add(keyOf(fixture)));
      toastSuccess("Success", undefined, "Match accepted successfully");
    } catch (error) {
      // Already in Manage Matches (409): the card says so too.
      if (error instanceof ApiError && error.status === 409)
        setAccepted((current) => new Set(current).add(keyOf(fixture)));
      toast({
        title: "Error",
        description: serverMessageOf(error, "Failed to accept match"),
        variant: "destructive",
      });
    }
  };

  const select = (
    key: (typeof FILTERS)[number],
    label: string,
    all: string,
    options: readonly (readonly [string, string])[],
  ) => (
    <FilterSelect
      label={label}
      all={all}
      value={filter(key)}
      options={options}
      onChange={(v) => setFilter(key, v)}
    />
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Fetch Matches"
        description="Today's fixtures from the sports feed; accept the ones the site streams."
        actions={canWrite && refreshButton("default")}
      />
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        {asOf && (
          <p data-slot="fixtures-age">
            Fixtures as of {formatTime(asOf)}, {formatAge(asOf, Math.max(now, Date.now()))}
          </p>
        )}
        {/* Always in the page: the Refresh buttons' description. */}
        <p id={refreshNoteId} className={canWrite ? undefined : "sr-only"}>
          {refreshNote}
        </p>
      </div>
      <ul aria-label="Feed progress" className="grid gap-2 sm:grid-cols-4">
        {feed.map((q, index) => {
          const sport = feedSportOf(index);
          const busy = q.isFetching || refresher.pending.has(sport);
          const error = q.isError ? q.error : refresher.failed[sport];
          return (
            <li
              key={sport}
              data-slot="feed-sport"
              data-state={
                busy ? "loading" : error ? "failed" : q.data?.fetchedAt === null ? "not-fetched" : "done"
              }
            >
              <Card className="gap-1 px-3 py-2 text-sm">
                <span className="font-medium">{SPORT_NAMES[sport]}</span>
                <span className={error ? "text-destructive" : "text-muted-foreground"}>
                  {busy
                    ? "Loading..."
                    : error
                      ? serverMessageOf(error, "Failed to load")
                      : q.data?.fetchedAt === null
                        ? "Not fetched today"
                        : `${q.data?.response.length ?? 0} fixtures`}
                </span>
              </Card>
            </li>
          );
        })}
      </ul>
      <FeedSyncLine site={site} providerRemaining={providerRemaining} />
      <Card className="gap-3">
        <CardContent className="grid gap-3">
          <SearchBox
            label="Search fixtures"
            placeholder="Search teams, leagues, venues..."
            value={filter("q")}
            onChange={(v) => setFilter("q", v)}
          />
          <div className="grid gap-3 sm:grid-cols-4">
            {select("sport", "Sport", "All Sports", Object.entries(SPORT_NAMES))}
            {select(
              "league",
              "League",
              "All Leagues",
              leagues.map((l) => [l, l] as const),
            )}
            {select("status", "Status", "All Status", STATUS_OPTIONS)}
            {select(
              "country",
              "Country",
              "All Countries",
              countries.map((c) => [c, c] as const),
            )}
          </div>
          <Button variant="outline" onClick={url.clear} className="justify-self-start">
            <FilterX aria-hidden="true" />
            Clear Filters
          </Button>
        </CardContent>
      </Card>
      {failedSports.length > 0 && (
        <ErrorState
          title={
            failedSports.length === feed.length
              ? "The sports feed could not be loaded"
              : "Some sports could not be loaded"
          }
          description={failedSports
            .map((q) => serverMessageOf(q.error, "The feed did not answer").replace(/\.?$/, "."))
            .join(" ")}
          onRetry={() => {
            for (const q of failedSports) q.refetch();
          }}
          retrying={loading}
        />
      )}
      {failedRefresh.length > 0 && (
        <ErrorState
          title={
            failedRefresh.length === FEED_SPORTS.length
              ? "The sports feed could not be refreshed"
              : "Some sports could not be refreshed"
          }
          description={failedRefresh
            .map((sport) =>
              serverMessageOf(refresher.failed[sport], "The feed did not answer").replace(/\.?$/, "."),
            )
            .join(" ")}
          onRetry={() => refresher.refresh(failedRefresh)}
          retrying={refreshing}
        />
      )}
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">Matches ({visible.length})</h2>
        {canWrite && chosen.length > 0 && (
          <Button className="ml-auto" onClick={onAcceptSelected} disabled={acceptMany.isPending}>
            {acceptMany.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <CheckCheck aria-hidden="true" />
            )}
            Accept selected ({chosen.length})
          </Button>
        )}
      </div>
      {nothingLoaded ? (
        failedSports.length === 0 && (
          <LoadingState label={refreshing ? "Fetching fixtures..." : "Loading fixtures..."} />
        )
      ) : fixtures.length === 0 && notFetched ? (
        <EmptyState
          title="Today's fixtures have not been fetched yet."
          description={
            canWrite
              ? "Refresh asks the sports feed for them; the feed sync keeps them fresh after that."
              : "They show here once the feed sync or an editor's Refresh has fetched them."
          }
          action={canWrite && refreshButton("outline")}
        />
      ) : visible.length === 0 ? (
        <EmptyState
          title="No matches found. Try adjusting your filters."
          action={
            url.any ? (
              <ClearFiltersButton onClick={url.clear}>Clear Filters</ClearFiltersButton>
            ) : (
              canWrite && refreshButton("outline")
            )
          }
        />
      ) : (
        // Each card spans four rows of the list's grid and takes its tracks (subgrid): head, teams,
        // league and actions line up across a row whatever the sport and the names' lengths.
        <ul aria-label="Fixtures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {visible.map((f) => {
            const { date, time } = dayAndTime(f.date, f.timeZone);
            const status = feedStatus(f.status);
            const halted = haltedLabel(f.status);
            const done = isAccepted(f);
            const finished = isFinished(f);
            const name = (text: string, slot: string) => (
              <ShortenedText slot={slot} text={text} limits={site.truncation.fetchTeamName} />
            );
            return (
              <li key={keyOf(f)} className="row-span-4 grid min-w-0 grid-rows-subgrid gap-2">
                <Card
                  role="article"
                  aria-label={`${f.homeTeam} vs ${f.awayTeam}`}
                  data-slot="fixture-card"
                  className="row-span-4 grid grid-rows-subgrid gap-2 px-4 py-4"
                >
                  <div data-slot="fixture-head" className="flex flex-wrap items-center gap-2">
                    <Badge className={SPORT_BADGE[f.sport]}>
                      <SportIcon sport={STORED_SPORT[f.sport]} decorative className="size-3.5" />
                      {SPORT_NAMES[f.sport]}
                    </Badge>
                    {halted ? (
                      <Badge variant="destructive" data-slot="fixture-halted">
                        {halted}
                      </Badge>
                    ) : (
                      <Badge className={STATUS_BADGE[status]} data-slot="fixture-status">
                        {feedStatusWord(f.status)}
                      </Badge>
                    )}
                    <span className="ml-auto text-xs text-muted-foreground">
                      <MatchTime day={date} time={time} timeZone={f.timeZone} />
                    </span>
                  </div>
                  <p data-slot="fixture-teams" className="font-medium">
                    {name(f.homeTeam, "fixture-home")} <span className="text-muted-foreground">vs</span>{" "}
                    {name(f.awayTeam, "fixture-away")}
                  </p>
                  <p data-slot="fixture-league" className="truncate text-sm text-muted-foreground">
                    {f.league}
                    {f.country && ` · ${f.country}`}
                  </p>
                  <div data-slot="fixture-actions" className="flex items-center gap-3">
                    {done && (!canWrite || finished) ? (
                      <Badge variant="outline">Accepted</Badge>
                    ) : finished ? (
                      <p className="text-sm text-muted-foreground">Finished: not offered for Accept</p>
                    ) : (
                      canWrite && (
                        <>
                          {!done && (
                            <Checkbox
                              checked={selection.has(keyOf(f))}
                              onCheckedChange={(value) => selection.set(keyOf(f), value === true)}
                              aria-label={`Select ${f.homeTeam} vs ${f.awayTeam}`}
                            />
                          )}
                          <Button
                            size="sm"
                            className="flex-1"
                            variant={done ? "outline" : "default"}
                            disabled={done || accept.isPending || acceptMany.isPending}
                            onClick={() => onAccept(f)}
                            aria-label={`${done ? "Accepted" : "Accept"} ${f.homeTeam} vs ${f.awayTeam}`}
                          >
                            {done ? <CheckCircle2 aria-hidden="true" /> : null}
                            {done ? "Accepted" : "Accept"}
                          </Button>
                        </>
                      )
                    )}
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
