import type { HistoryEntry } from "@backoffice/contracts";
import { isActiveAt, SPORT_LABELS } from "@backoffice/contracts";
import { OVERVIEW_DAYS, type Overview } from "@backoffice/contracts/overview";
import { WifiOff } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { actionLabel, recordLabel } from "@/components/history/history-texts";
import { PageHeader } from "@/components/layout/page-header";
import { EmptyState, ErrorState, LoadingState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useCurrentSite } from "@/hooks/use-current-site";
import { serverMessageOf } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { overviewDaysOf, useOverview } from "../api/get-overview";
import { formatCount } from "../utils/overview-texts";
import { PerDayChart } from "./per-day-chart";

/** The Dashboard item: the site at a glance, each figure a link to the screen behind it. */
export function OverviewScreen() {
  const site = useCurrentSite();
  const [params, setParams] = useSearchParams();
  const days = overviewDaysOf(params.get("days"));
  const query = useOverview(site, days);
  const base = `/${site.key}`;

  const switcher = (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form's fieldset.
    <div role="group" aria-label="Period" className="inline-flex rounded-md border p-0.5">
      {OVERVIEW_DAYS.map((option) => (
        <Button
          key={option}
          type="button"
          size="sm"
          variant={option === days ? "default" : "ghost"}
          aria-pressed={option === days}
          onClick={() =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (option === 30) next.delete("days");
                else next.set("days", String(option));
                return next;
              },
              { replace: true },
            )
          }
        >
          {option} days
        </Button>
      ))}
    </div>
  );

  return (
    <div className="grid gap-6">
      <PageHeader title="Dashboard" description={`${site.name} at a glance.`} actions={switcher} />
      {query.isPending ? (
        <LoadingState label="Loading the overview..." />
      ) : query.isError ? (
        <ErrorState
          icon={WifiOff}
          title="The overview could not be loaded"
          description={serverMessageOf(query.error, "Check your connection and try again.")}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <OverviewBody data={query.data} base={base} />
      )}
    </div>
  );
}

function OverviewBody({ data, base }: { data: Overview; base: string }) {
  const { days } = data;
  return (
    <>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4" aria-label="Figures">
        {data.apps &&
          (["apps", "games"] as const).map((kind) => (
            <FigureCard
              key={kind}
              to={`${base}/apps`}
              label={kind === "apps" ? "Apps" : "Games"}
              value={data.apps![kind].total}
              detail={`${formatCount(data.apps![kind].trending)} trending, ${formatCount(data.apps![kind].slider)} in slider`}
            />
          ))}
        {data.matches && (
          <>
            <FigureCard
              to={`${base}/matches?status=live`}
              label="Live now"
              value={data.matches.live}
              detail="Matches playing"
            />
            <FigureCard
              to={`${base}/matches`}
              label="Today"
              value={data.matches.today}
              detail="Matches today"
            />
            <FigureCard
              to={`${base}/matches?status=upcoming`}
              label="This week"
              value={data.matches.week}
              detail="Upcoming in the next 7 days"
            />
            {/* Every live and upcoming match, later weeks too: its own figure, which its sports add up to. */}
            <FigureCard
              to={`${base}/matches`}
              label="Live and upcoming"
              value={data.matches.bySport.reduce((sum, s) => sum + s.count, 0)}
              detail={
                data.matches.bySport.length
                  ? data.matches.bySport
                      .map((s) => `${SPORT_LABELS[s.sport]} ${formatCount(s.count)}`)
                      .join(", ")
                  : "No live or upcoming matches"
              }
            />
          </>
        )}
        {data.links && (
          <FigureCard
            to={`${base}/servers`}
            label="Stream links failing"
            value={data.links.failing}
            detail={
              data.links.failing === 0
                ? "No failing link on live or upcoming matches"
                : `On ${formatCount(data.links.matches)} live or upcoming ${data.links.matches === 1 ? "match" : "matches"}`
            }
          />
        )}
        {data.feed && (
          <FigureCard
            to={`${base}/fetch-matches`}
            label="Feed calls left today"
            value={data.feed.quota.remaining}
            detail={`Of ${formatCount(data.feed.quota.limit)}; ${
              data.feed.lastSync ? `last sync ${formatDateTime(data.feed.lastSync)}` : "never synced yet"
            }`}
          />
        )}
        {data.titles &&
          (data.titles.available ? (
            <>
              <FigureCard to={`${base}/list`} label="Movies" value={data.titles.movies} detail="Titles" />
              <FigureCard to={`${base}/list`} label="TV shows" value={data.titles.tv} detail="Titles" />
              <FigureCard
                to={`${base}/list`}
                label="Featured"
                value={data.titles.featured}
                detail={`${formatCount(data.titles.inLocker)} in locker`}
              />
            </>
          ) : (
            <FigureCard
              to={`${base}/list`}
              label="Titles"
              value={null}
              detail={`Unavailable: ${data.titles.message}`}
            />
          ))}
        <FigureCard
          to={`${base}/ads`}
          label="Active ads"
          value={data.ads.active}
          detail={
            data.ads.byPage.length > 1
              ? data.ads.byPage.map((p) => `${p.page} ${formatCount(p.active)}`).join(", ")
              : "Running on the site"
          }
        />
        {data.locker !== undefined && (
          <FigureCard
            to={`${base}/locker`}
            label="Locker"
            // On: switched on and within its window, what the public site uses now (docs/PRODUCT-RULES.md#windows).
            value={data.locker ? (isActiveAt(data.locker, Date.now()) ? "On" : "Off") : "Not set"}
            detail={data.locker ? `${data.locker.type}, ${data.locker.seconds} s` : "No locker saved yet"}
          />
        )}
      </ul>
      <div className="grid gap-4 xl:grid-cols-2">
        {data.subscriptions && (
          <PerDayChart
            title="Subscriptions"
            noun="subscriptions"
            perDay={data.subscriptions}
            days={days}
            to={`${base}/emails`}
            linkLabel="Manage Emails"
          />
        )}
        {data.contacts && (
          <PerDayChart
            title="Contact messages"
            noun="messages"
            perDay={data.contacts}
            days={days}
            to={`${base}/emails`}
            linkLabel="Manage Contacts"
            extra={
              <p className="text-sm">
                <Link to={`${base}/emails`} className="font-medium underline underline-offset-4">
                  {formatCount(data.contacts.unread)}
                  {data.contacts.unreadCapped ? "+" : ""} unread
                </Link>{" "}
                <span className="text-muted-foreground">
                  {data.contacts.seenAt
                    ? `(new since you opened the inbox ${formatDateTime(data.contacts.seenAt)})`
                    : "(you have not opened the inbox yet)"}
                </span>
              </p>
            }
          />
        )}
        <RecentHistory entries={data.history} to={`${base}/history`} />
      </div>
    </>
  );
}

function FigureCard({
  to,
  label,
  value,
  detail,
}: {
  to: string;
  label: string;
  value: number | string | null;
  detail: ReactNode;
}) {
  return (
    <li>
      <Link
        to={to}
        className="block h-full rounded-xl border bg-card p-4 text-card-foreground shadow-sm transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <span className="block text-sm text-muted-foreground">{label}</span>
        <span className="block text-2xl font-semibold tabular-nums">
          {value === null ? "—" : typeof value === "number" ? formatCount(value) : value}
        </span>
        <span className="mt-1 block text-sm text-muted-foreground">{detail}</span>
      </Link>
    </li>
  );
}

function RecentHistory({ entries, to }: { entries: readonly HistoryEntry[]; to: string }) {
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-2">
        <CardTitle className="text-base">Latest changes</CardTitle>
        <Link to={to} className="text-sm font-medium underline underline-offset-4">
          History
        </Link>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <EmptyState title="No changes yet" description="Changes made by admins show here." />
        ) : (
          <ol className="grid gap-2" aria-label="Latest changes">
            {entries.map((entry) => (
              <li key={entry._id} className="grid gap-0.5 border-b pb-2 text-sm last:border-b-0">
                <span className="font-medium break-words">
                  {[actionLabel(entry), recordLabel(entry)].filter((part) => part !== "-").join(" ")}
                </span>
                <span className="text-muted-foreground">
                  {entry.admin ?? "-"} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
