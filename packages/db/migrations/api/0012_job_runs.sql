-- Durable jobs (apps/api/src/lib/jobs.ts): pg-boss keeps the queue in its own schema; these tables keep
-- what the Jobs screen shows. One row per job for the admin's pause, one per run for its history.
create table job_settings (
  name text primary key,
  paused boolean not null default false,
  updated_at timestamptz not null default now()
);

create table job_runs (
  id bigserial primary key,
  name text not null,
  -- "schedule" or "manual" (Run now); each retry of a failed run is a run of its own.
  trigger text not null,
  attempt integer not null default 1,
  started_at timestamptz not null,
  finished_at timestamptz,
  duration_ms integer,
  -- "running", "succeeded", "failed" or "skipped" (paused when it came due).
  result text not null,
  summary text,
  error text,
  progress integer
);
create index job_runs_name_idx on job_runs (name, started_at desc);
