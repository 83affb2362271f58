-- Scheduled changes (docs/PRODUCT-RULES.md#scheduled-changes): an edit sent with `?applyAt=` waits
-- here until its time, then the api applies it once, on whichever instance claims it first
-- (apps/api/src/routes/schedule/apply.ts). `path` and `body` are the edit's own request, replayed
-- through the route, so every check of the route holds when it is applied. `based_on` is the newest
-- History entry of the record when the change was scheduled: a newer one at its time is a conflict.
create table scheduled_changes (
  id uuid primary key,
  site text not null,
  -- The record kind (the resource descriptor's key, as History names it) and the record.
  kind text not null,
  record_id text not null,
  method text not null,
  path text not null,
  body jsonb not null,
  based_on bigint not null default 0,
  apply_at timestamptz not null,
  -- pending, applying (claimed by one instance), applied, conflict, failed.
  status text not null default 'pending'
    check (status in ('pending', 'applying', 'applied', 'conflict', 'failed')),
  -- Why it was not applied: the route's message, or for a conflict the record as it is now.
  outcome jsonb,
  author_id text not null,
  author_email text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  applied_at timestamptz
);
create index scheduled_changes_due_idx on scheduled_changes (apply_at) where status in ('pending', 'applying');
create index scheduled_changes_site_idx on scheduled_changes (site, status, apply_at);
create index scheduled_changes_record_idx on scheduled_changes (kind, record_id) where status = 'pending';
select audit_table('scheduled_changes', 'scheduled');

-- A deleted record takes its pending changes to the Trash with it, in the same transaction and batch,
-- so the delete's Undo brings them back too.
create function scheduled_changes_follow_delete() returns trigger language plpgsql as $$
begin
  delete from scheduled_changes
  where status = 'pending' and kind = new.resource and record_id = new.record_id and site = new.site;
  return null;
end
$$;
create trigger audit_log_scheduled_follow after insert on audit_log
  for each row when (new.action = 'delete' and new.resource <> 'scheduled')
  execute function scheduled_changes_follow_delete();
