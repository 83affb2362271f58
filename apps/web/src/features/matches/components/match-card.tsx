import { haltedLabel, type Match, SPORT_LABELS } from "@backoffice/contracts";
import { CalendarClock } from "lucide-react";
import { ImageWithFallback } from "@/components/image-with-fallback";
import { DeleteButton, EditButton } from "@/components/item-buttons";
import { ItemCard } from "@/components/item-card";
import { SelectBox } from "@/components/list/selectable-card";
import { ShortenedText } from "@/components/shortened-text";
import { Badge } from "@/components/ui/badge";
import { formatMatchTime } from "@/lib/format";
import { useConfig } from "@/lib/site-config";
import type { SiteSettings } from "@/sites";
import { MatchLinks } from "./link-health";
import { SportIcon } from "./sport-icon";

/** Status badge colours: grey finished, yellow upcoming, green live. */
export const STATUS_BADGE = {
  finished: "bg-muted text-foreground",
  upcoming: "bg-[oklch(0.9_0.12_95)] text-[oklch(0.3_0.06_80)]",
  live: "bg-[oklch(0.5_0.14_150)] text-white",
} as const;

/**
 * A kick-off as the product shows it, "25/11/2026 · 20:00 UTC": a match's day and time are in the
 * feed's time zone (`/config`), named beside them; a fetched fixture says its own.
 */
export function MatchTime({ day, time, timeZone }: { day: string; time: string; timeZone?: string }) {
  const configured = useConfig().data?.timeZone ?? "UTC";
  return <time dateTime={`${day}T${time}`}>{formatMatchTime(day, time, timeZone ?? configured)}</time>;
}

export function MatchCard({
  match,
  site,
  selected,
  onSelectedChange,
  onEdit,
  onDelete,
  busy,
}: {
  match: Match;
  site: SiteSettings;
  selected: boolean;
  onSelectedChange: (on: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
  busy: boolean;
}) {
  const title = `${match.homeTeam.name} vs ${match.awayTeam.name}`;
  const titleId = `match-${match._id}-title`;
  const team = (side: Match["homeTeam"], slot: string) => (
    <div className="flex min-w-0 items-center gap-2">
      <ImageWithFallback
        src={side.logo}
        alt=""
        className="size-7 shrink-0 rounded-full border object-cover"
      />
      <ShortenedText
        slot={slot}
        text={side.name}
        limits={site.truncation.matchTeamName}
        className="truncate font-medium"
      />
      {side.score !== null && side.score !== undefined && (
        <span className="ml-auto font-semibold tabular-nums">{side.score}</span>
      )}
    </div>
  );
  return (
    <ItemCard titleId={titleId} slot="match-card" selected={selected} className="gap-3 px-4 py-4">
      <div className="flex items-center gap-2">
        <SelectBox
          checked={selected}
          onCheckedChange={(on) => onSelectedChange(on === true)}
          aria-label={`Select ${title}`}
          disabled={busy}
        />
        <SportIcon sport={match.type} className="text-muted-foreground" />
        <h2 id={titleId} className="sr-only">
          {title}
        </h2>
        {/* A fixture the feed postponed, cancelled or abandoned says so, never as live. */}
        {haltedLabel(match.feedStatus) ? (
          <Badge variant="destructive" data-slot="match-halted">
            {haltedLabel(match.feedStatus)}
          </Badge>
        ) : (
          <Badge className={STATUS_BADGE[match.status]} data-slot="match-status">
            {match.status}
          </Badge>
        )}
        <span className="ml-auto text-xs text-muted-foreground">{SPORT_LABELS[match.type]}</span>
      </div>
      <div className="grid gap-2">
        {team(match.homeTeam, "match-home")}
        {team(match.awayTeam, "match-away")}
      </div>
      <p className="truncate text-sm text-muted-foreground" data-slot="match-league">
        {match.league.name}
      </p>
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <CalendarClock className="size-3.5" aria-hidden="true" />
        <MatchTime day={match.date} time={match.time} />
      </p>
      <MatchLinks site={site} match={match} showServers />
      <div className="flex gap-2">
        <EditButton itemName={title} onClick={onEdit} disabled={busy} />
        <DeleteButton itemName={title} onClick={onDelete} disabled={busy} />
      </div>
    </ItemCard>
  );
}
