-- The webhook events that are neither History rows nor public forms (docs/INTEGRATIONS.md#events),
-- each written in the transaction of what it tells, and only while an active endpoint wants it:
-- `link.failing` when a stream link's check turns it failing (not on each failing check after),
-- `job.failed` when a job run ends failed (no site: every endpoint that wants it gets it once), and
-- `window.opened` / `window.closed`, which no write makes: the fan-out pass writes them for the window
-- starts and ends it passed since `windows_until` (lib/webhooks.ts).
alter table webhook_events alter column site drop not null;
alter table webhook_outbox add column windows_until timestamptz;

create function webhook_link_failing() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old.state = 'failing' then return null; end if;
  insert into webhook_events (site, event, record_id, data)
  select new.site, 'link.failing', new.match_id,
    jsonb_build_object('matchId', new.match_id, 'url', new.url, 'status', new.status,
      'reason', new.reason, 'checkedAt', new.checked_at, 'failingSince', new.failing_since)
  where exists (select 1 from webhook_endpoints e
    where e.active and 'link.failing' = any(e.events) and new.site = any(e.sites));
  return null;
end
$$;
create trigger link_health_webhook after insert or update on link_health
  for each row when (new.state = 'failing') execute function webhook_link_failing();

create function webhook_job_failed() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old.result = 'failed' then return null; end if;
  insert into webhook_events (site, event, record_id, data)
  select null, 'job.failed', new.id::text,
    jsonb_build_object('job', new.name, 'trigger', new.trigger, 'attempt', new.attempt,
      'startedAt', new.started_at, 'finishedAt', new.finished_at, 'error', new.error)
  where exists (select 1 from webhook_endpoints e where e.active and 'job.failed' = any(e.events));
  return null;
end
$$;
create trigger job_runs_webhook after insert or update of result on job_runs
  for each row when (new.result = 'failed') execute function webhook_job_failed();
