import type { LinkHealth, Match } from "@backoffice/contracts";
import { CircleCheck, CircleDashed, CircleX, RefreshCw, ShieldX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useCanWrite } from "@/hooks/use-access";
import { formatDateTime } from "@/lib/format";
import { toastError, toastSuccess } from "@/lib/toast";
import type { SiteSettings } from "@/sites";
import { useCheckLinks } from "../api/links";
import { useServers } from "../api/servers";

const UNCHECKED: LinkHealth = {
  state: "unchecked",
  status: null,
  reason: null,
  checkedAt: null,
  failingSince: null,
  latencyMs: null,
};

/** A link's health in words (docs/PRODUCT-RULES.md#matches-and-the-sports-feed); the icon only repeats it. */
function healthText(health: LinkHealth = UNCHECKED): string {
  const latency = health.latencyMs === null ? "" : ` · ${health.latencyMs} ms`;
  switch (health.state) {
    case "ok":
      return `OK${latency}`;
    case "failing": {
      const why = health.status ?? health.reason ?? "unknown";
      const since = health.failingSince ? formatDateTime(health.failingSince) : "-";
      return `Failing since ${since} (${why})${latency}`;
    }
    case "blocked":
      return "Blocked address";
    default:
      return "Not checked yet";
  }
}

const ICONS = {
  ok: { icon: CircleCheck, className: "text-[oklch(0.5_0.14_150)]" },
  failing: { icon: CircleX, className: "text-destructive" },
  blocked: { icon: ShieldX, className: "text-destructive" },
  unchecked: { icon: CircleDashed, className: "text-muted-foreground" },
} as const;

export function LinkHealthLine({ health = UNCHECKED, label }: { health?: LinkHealth; label?: string }) {
  const { icon: Icon, className } = ICONS[health.state];
  const checked = health.checkedAt ? `Last checked ${formatDateTime(health.checkedAt)}` : undefined;
  return (
    <p
      className="flex items-start gap-1.5 text-xs"
      data-slot="link-health"
      data-state={health.state}
      title={checked}
    >
      <Icon className={`mt-px size-3.5 shrink-0 ${className}`} aria-hidden="true" />
      <span className="min-w-0 [overflow-wrap:anywhere]">
        {label && <span className="text-muted-foreground">{label}: </span>}
        {healthText(health)}
      </span>
    </p>
  );
}

const links = (n: number) => (n === 1 ? "link" : "links");

/**
 * The match's own URL and each other server, counting only the links checked: "2 of 3 links OK",
 * "1 of 1 checked link OK · 1 not checked yet", or "Not checked yet" before any check (a link
 * never checked is not a failing one).
 */
function linksSummary(states: readonly (LinkHealth["state"] | undefined)[]): string {
  const checked = states.filter((state) => state !== undefined && state !== "unchecked").length;
  const unchecked = states.length - checked;
  if (checked === 0) return "Not checked yet";
  const ok = states.filter((state) => state === "ok").length;
  if (unchecked === 0) return `${ok} of ${checked} ${links(checked)} OK`;
  return `${ok} of ${checked} checked ${links(checked)} OK · ${unchecked} not checked yet`;
}

/**
 * A match's links at a glance: the summary line, its main stream's health and Check links (a probe
 * now). On the Manage Matches cards (with each server's health too, `showServers`) and, through
 * MatchServers, which lists the servers itself, on Other Servers and Edit Match.
 */
export function MatchLinks({
  site,
  match,
  showServers = false,
}: {
  site: SiteSettings;
  match: Match;
  showServers?: boolean;
}) {
  const servers = useServers(site);
  const check = useCheckLinks(site);
  const canWrite = useCanWrite(site.key);
  const mine = (servers.data ?? []).filter((server) => server.match_id === match._id);
  const all = [match.health, ...mine.map((server) => server.health)];
  const title = `${match.homeTeam.name} vs ${match.awayTeam.name}`;
  const onCheck = async () => {
    try {
      const answer = await check.mutateAsync(match._id);
      const found = linksSummary(answer.data.map((link) => link.state));
      // Title the server's words, description what the probe found.
      toastSuccess(answer.message, undefined, `${title}: ${found}.`, {
        key: "links-check",
      });
    } catch (error) {
      toastError("Error", error, undefined, "links-check");
    }
  };
  return (
    <div className="grid grid-cols-1 gap-1.5" data-slot="match-links">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm font-medium" data-slot="links-summary">
          {servers.isPending ? "Checking links..." : linksSummary(all.map((health) => health?.state))}
        </p>
        {canWrite && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="ml-auto"
            disabled={check.isPending}
            onClick={onCheck}
            aria-label={`Check links of ${title}`}
          >
            <RefreshCw aria-hidden="true" className={check.isPending ? "animate-spin" : undefined} />
            Check links
          </Button>
        )}
      </div>
      <LinkHealthLine health={match.health} label="Main stream" />
      {showServers &&
        mine.map((server) => <LinkHealthLine key={server._id} health={server.health} label={server.name} />)}
    </div>
  );
}
