import { z } from "zod";
import { SITES } from "./site-rules.ts";

/** A durable job as the Jobs screen shows it (GET /api/v1/jobs; apps/api/src/lib/jobs.ts). */
export const jobSchema = z.object({
  name: z.string(),
  title: z.string(),
  site: z.enum([...SITES, "all"]),
  /**
   * Cron, in UTC: the schedule pg-boss holds, which every instance's runs follow (the last instance
   * started wrote it), or this instance's while the job is paused (pg-boss then holds none).
   */
  schedule: z.string(),
  /**
   * This instance's own schedule when it differs from the one pg-boss holds (instances started with
   * different settings, e.g. FEED_SYNC_MINUTES during a rolling deploy: docs/DEPLOYMENT.md).
   */
  scheduleHere: z.string().optional(),
  paused: z.boolean(),
  lastRun: z
    .object({
      at: z.string(),
      durationMs: z.number().int().nullable(),
      result: z.enum(["running", "succeeded", "failed", "skipped"]),
      trigger: z.enum(["schedule", "manual"]),
      attempt: z.number().int(),
      summary: z.string().nullable(),
      /** Succeeded, but the outcome needs a look (a link-health round with links failing). */
      warning: z.boolean(),
      error: z.string().nullable(),
    })
    .nullable(),
  nextRunAt: z.string().nullable(),
  progress: z.number().int().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobsAnswer = z.object({ status: z.literal("success"), data: z.array(jobSchema) });

export const jobNameParams = z.object({
  name: z.string().regex(/^[a-z0-9-]{1,64}$/, "name must be a job's name"),
});

export const JOB_MESSAGES = {
  notFound: "Job not found.",
  queued: (title: string) => `${title} will run in a few seconds.`,
  alreadyQueued: (title: string) => `${title} is already waiting to run.`,
  paused: (title: string) => `${title} is paused: it will not run on its schedule until resumed.`,
  resumed: (title: string) => `${title} runs on its schedule again.`,
};
