-- A run that succeeded with an outcome that needs a look (the link-health round found links failing):
-- the Jobs screen says so instead of a plain success (apps/api/src/lib/jobs.ts, JobOutcome).
alter table job_runs add column warning boolean not null default false;
