import type { Job } from "@backoffice/contracts";
import { AlertTriangle, Pause, Play, RotateCw, Timer } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { ListBody } from "@/components/list/list-body";
import { ListSkeleton } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useCanWrite } from "@/hooks/use-access";
import { type JobAction, useJobAction, useJobs } from "@/hooks/use-jobs";
import { formatDateTime } from "@/lib/format";
import { toastError, toastSuccess } from "@/lib/toast";
import {
  durationInWords,
  RESULT_LABELS,
  scheduleInWords,
  siteLabel,
  jobMessages as texts,
} from "../utils/job-texts";

const DONE_TITLES: Record<JobAction, string> = {
  run: texts.runQueued,
  pause: texts.paused,
  resume: texts.resumed,
};

/** Jobs: every site's scheduled work, its last and next run, Run now and pause/resume (admins). */
export function JobsScreen() {
  const query = useJobs();
  const action = useJobAction();

  const act = async (job: Job, kind: JobAction) => {
    try {
      const answer = await action.mutateAsync({ name: job.name, action: kind });
      toastSuccess(DONE_TITLES[kind], answer.message);
    } catch (error) {
      toastError(texts.actionFailed[kind], error, texts.actionFailedDescription);
    }
  };
  const busyWith = (job: Job) =>
    action.isPending && action.variables?.name === job.name ? action.variables.action : null;

  return (
    <div className="grid gap-6">
      <PageHeader title={texts.title} description={texts.subtitle} />
      <ListBody
        query={query}
        loading={<ListSkeleton />}
        error={texts.loadError}
        empty={
          query.data?.length === 0
            ? { icon: Timer, title: texts.empty, description: texts.emptyDescription }
            : null
        }
      >
        <ul className="grid gap-3" aria-label="Jobs">
          {query.data?.map((job) => (
            <JobCard key={job.name} job={job} busy={busyWith(job)} onAction={(kind) => act(job, kind)} />
          ))}
        </ul>
      </ListBody>
    </div>
  );
}

type Run = NonNullable<Job["lastRun"]>;

/**
 * A run's result in words and tone: a success whose outcome needs a look (a link-health round with
 * links failing) says so in the warning tone, never as a green Succeeded.
 */
function resultLabel(run: Run): string {
  return run.result === "succeeded" && run.warning ? texts.needsAttention : RESULT_LABELS[run.result];
}

function resultVariant({ result, warning }: Run) {
  if (result === "succeeded") return warning ? ("warning" as const) : ("success" as const);
  if (result === "failed") return "destructive" as const;
  if (result === "running") return "warning" as const;
  return "secondary" as const;
}

function JobCard({
  job,
  busy,
  onAction,
}: {
  job: Job;
  busy: JobAction | null;
  onAction: (action: JobAction) => void;
}) {
  const run = job.lastRun;
  const headingId = `job-${job.name}`;
  // An all-sites job needs write access to every site (docs/PRODUCT-RULES.md#team-and-access).
  const canWrite = useCanWrite(job.site);
  return (
    <li aria-labelledby={headingId}>
      <Card className="gap-3 py-4">
        <CardContent className="grid gap-3 px-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="grid gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <h2 id={headingId} className="font-semibold">
                  {job.title}
                </h2>
                <Badge variant="outline">{siteLabel(job.site)}</Badge>
                {job.paused && <Badge variant="warning">Paused</Badge>}
              </div>
              <p className="text-sm text-muted-foreground">{scheduleInWords(job.schedule)}</p>
              {job.scheduleHere && (
                <p className="text-sm text-warning-text" data-slot="schedule-here">
                  {texts.scheduleHere(scheduleInWords(job.scheduleHere))}
                </p>
              )}
            </div>
            {canWrite && (
              <div className="flex flex-wrap gap-2">
                <Button size="sm" disabled={busy !== null} onClick={() => onAction("run")}>
                  {busy === "run" ? (
                    <RotateCw className="animate-spin" aria-hidden="true" />
                  ) : (
                    <Play aria-hidden="true" />
                  )}
                  Run now
                </Button>
                {job.paused ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy !== null}
                    onClick={() => onAction("resume")}
                  >
                    <Play aria-hidden="true" />
                    Resume
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy !== null}
                    onClick={() => onAction("pause")}
                  >
                    <Pause aria-hidden="true" />
                    Pause
                  </Button>
                )}
              </div>
            )}
          </div>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
            <Fact label="Last run">
              {run ? (
                <span className="flex flex-wrap items-center gap-2">
                  <time dateTime={run.at}>{formatDateTime(run.at)}</time>
                  <Badge variant={resultVariant(run)} data-variant={resultVariant(run)}>
                    {resultLabel(run)}
                    {run.result === "running" && job.progress !== null ? ` ${job.progress}%` : ""}
                  </Badge>
                </span>
              ) : (
                texts.never
              )}
            </Fact>
            <Fact label="Duration">
              {run && run.result !== "running" ? durationInWords(run.durationMs) : "-"}
            </Fact>
            <Fact label="Next run">
              {job.nextRunAt ? (
                <time dateTime={job.nextRunAt}>{formatDateTime(job.nextRunAt)}</time>
              ) : job.paused ? (
                "Paused"
              ) : (
                "-"
              )}
            </Fact>
          </dl>
          {run?.result === "running" && job.progress !== null && (
            <div
              role="progressbar"
              aria-label={`${job.title} progress`}
              aria-valuenow={job.progress}
              aria-valuemin={0}
              aria-valuemax={100}
              className="h-2 overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full bg-primary" style={{ width: `${job.progress}%` }} />
            </div>
          )}
          {run?.summary &&
            (run.warning ? (
              <p
                data-tone="warning"
                className="flex items-start gap-2 rounded-md bg-warning/15 px-3 py-2 text-sm text-warning-text"
              >
                <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>{run.summary}</span>
              </p>
            ) : (
              <p className="text-sm">{run.summary}</p>
            ))}
          {run?.error && (
            <p className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm">
              <span className="font-medium">Last error: </span>
              {run.error}
              {run.attempt > 1 ? ` (attempt ${run.attempt})` : ""}
            </p>
          )}
        </CardContent>
      </Card>
    </li>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
