import { type Job, SITE_NAMES } from "@backoffice/contracts";

export const jobMessages = {
  title: "Jobs",
  subtitle: "Scheduled work of all sites: when it ran, how it went and when it runs next.",
  empty: "No jobs yet",
  emptyDescription: "Jobs appear here once a feature schedules one.",
  loadError: { title: "Could not load the jobs", description: "Check your connection and try again." },
  runQueued: "Run queued",
  paused: "Job paused",
  resumed: "Job resumed",
  actionFailed: {
    run: "Could not run the job",
    pause: "Could not pause the job",
    resume: "Could not resume the job",
  },
  actionFailedDescription: "Nothing changed. Try again in a moment.",
  never: "Not run yet",
  /** A run that succeeded with an outcome that needs a look (links failing), instead of Succeeded. */
  needsAttention: "Needs attention",
  /** This instance was started with another schedule than the one the runs follow (docs/DEPLOYMENT.md). */
  scheduleHere: (words: string) =>
    `This server's setting says ${words.charAt(0).toLowerCase()}${words.slice(1)}: the instances' settings differ.`,
};

const two = (n: number) => String(n).padStart(2, "0");
const isNumber = (part: string) => /^\d+$/.test(part);

/** A cron expression (UTC) in words for the common shapes; anything else is shown as written. */
export function scheduleInWords(cron: string): string {
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5) return cron;
  const [minute = "", hour = "", day, month, weekday] = parts;
  const everyDay = day === "*" && month === "*" && weekday === "*";
  if (!everyDay) return `Cron: ${cron} (UTC)`;
  if (minute === "*" && hour === "*") return "Every minute";
  const step = /^\*\/(\d+)$/.exec(minute);
  if (step && hour === "*") return `Every ${step[1]} minutes`;
  if (isNumber(minute) && hour === "*") return `Every hour at :${two(Number(minute))}`;
  if (isNumber(minute) && isNumber(hour))
    return `Every day at ${two(Number(hour))}:${two(Number(minute))} UTC`;
  return `Cron: ${cron} (UTC)`;
}

/** "850 ms", "12.4 s", "3 min 5 s". */
export function durationInWords(ms: number | null): string {
  if (ms === null) return "-";
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

export const RESULT_LABELS: Record<NonNullable<Job["lastRun"]>["result"], string> = {
  running: "Running",
  succeeded: "Succeeded",
  failed: "Failed",
  skipped: "Skipped",
};

export const siteLabel = (site: Job["site"]) => (site === "all" ? "All sites" : SITE_NAMES[site]);
