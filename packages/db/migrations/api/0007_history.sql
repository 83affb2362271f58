-- Issue 13: the audit log (History), the trash (Undo, restore, purge after 30 days).
-- Statement triggers write both in the transaction of the change itself, so a change that fails leaves
-- no entry and an entry always has its change. They act only when the api has set `audit.context`
-- (transaction-local JSON: batch, actorId, actorEmail, address, site, action), which it does for
-- admin writes (packages/db/src/audit.ts); public intake, seeds and migrations are not logged.

create table audit_log (
  id bigserial primary key,
  at timestamptz not null default now(),
  -- The request that made the change: the Undo token of its deletes.
  batch uuid,
  actor_id text,
  actor_email text,
  address text,
  -- null for account events (sign-ins, profile changes): every site's History shows them.
  site text,
  resource text not null,
  record_id text,
  action text not null,
  before jsonb,
  after jsonb
);
create index audit_log_site_idx on audit_log (site, id desc);
create index audit_log_record_idx on audit_log (resource, record_id, id desc);

create table trash (
  id bigserial primary key,
  batch uuid not null,
  site text not null,
  resource text not null,
  table_name text not null,
  record_id text not null,
  -- The whole row, restored as it was (same id, so the same place in its list).
  row jsonb not null,
  deleted_at timestamptz not null default now(),
  deleted_by text
);
create index trash_site_idx on trash (site, id desc);
create index trash_batch_idx on trash (batch);
create index trash_deleted_at_idx on trash (deleted_at);

-- tg_argv[0]: the resource's name in the API; tg_argv[1:]: columns kept out of the log (secrets),
-- whose change is noted as "(changed)" only.
create function audit_changes() returns trigger language plpgsql as $$
declare
  ctx jsonb := nullif(current_setting('audit.context', true), '')::jsonb;
  hidden text[] := tg_argv[1:];
begin
  if ctx is null then
    return null;
  end if;
  if tg_op = 'INSERT' then
    insert into audit_log (batch, actor_id, actor_email, address, site, resource, record_id, action, before, after)
    select (ctx->>'batch')::uuid, ctx->>'actorId', ctx->>'actorEmail', ctx->>'address',
      coalesce(to_jsonb(n)->>'site', ctx->>'site'), tg_argv[0], n.id, coalesce(ctx->>'action', 'create'),
      null, to_jsonb(n) - hidden
    from new_rows n;
  elsif tg_op = 'UPDATE' then
    insert into audit_log (batch, actor_id, actor_email, address, site, resource, record_id, action, before, after)
    select (ctx->>'batch')::uuid, ctx->>'actorId', ctx->>'actorEmail', ctx->>'address',
      coalesce(to_jsonb(n)->>'site', ctx->>'site'), tg_argv[0], n.id, 'update',
      to_jsonb(o) - hidden, (to_jsonb(n) - hidden) || changed.mark
    from old_rows o
    join new_rows n on n.id = o.id
    cross join lateral (
      select coalesce(jsonb_object_agg(h, '(changed)'), '{}'::jsonb) as mark
      from unnest(hidden) h where to_jsonb(o)->h is distinct from to_jsonb(n)->h
    ) changed
    -- A save that changes nothing (its updated_at aside) is not a change.
    where to_jsonb(o) - 'updated_at' is distinct from to_jsonb(n) - 'updated_at';
  else
    insert into audit_log (batch, actor_id, actor_email, address, site, resource, record_id, action, before, after)
    select (ctx->>'batch')::uuid, ctx->>'actorId', ctx->>'actorEmail', ctx->>'address',
      coalesce(to_jsonb(o)->>'site', ctx->>'site'), tg_argv[0], o.id, 'delete', to_jsonb(o) - hidden, null
    from old_rows o;
    insert into trash (batch, site, resource, table_name, record_id, row, deleted_by)
    select (ctx->>'batch')::uuid, coalesce(to_jsonb(o)->>'site', ctx->>'site'), tg_argv[0], tg_table_name, o.id,
      to_jsonb(o), ctx->>'actorEmail'
    from old_rows o;
  end if;
  return null;
end
$$;

-- Puts trash items back in their tables. A row whose parent is not back yet (a match's servers, when
-- the match comes later in the same restore) is tried again after the others, as long as that helps.
-- An item whose record was made again since (a unique key taken) or whose parent is gone stays.
create function restore_trash(item_ids bigint[]) returns bigint[] language plpgsql as $$
declare
  item record;
  inserted integer;
  pending bigint[] := item_ids;
  waiting bigint[];
  restored bigint[] := '{}';
begin
  loop
    waiting := '{}';
    for item in select * from trash where id = any(pending) order by id for update loop
      begin
        execute format(
          'insert into %I select * from jsonb_populate_record(null::%I, $1) on conflict do nothing',
          item.table_name, item.table_name
        ) using item.row;
        get diagnostics inserted = row_count;
        if inserted > 0 then
          restored := restored || item.id;
        end if;
      exception when foreign_key_violation then
        waiting := waiting || item.id;
      end;
    end loop;
    exit when cardinality(waiting) = 0 or cardinality(waiting) = cardinality(pending);
    pending := waiting;
  end loop;
  delete from trash where id = any(restored);
  return restored;
end
$$;

create trigger apps_audit_insert after insert on apps
referencing new table as new_rows for each statement execute function audit_changes('apps');
create trigger apps_audit_update after update on apps
referencing old table as old_rows new table as new_rows for each statement execute function audit_changes('apps');
create trigger apps_audit_delete after delete on apps
referencing old table as old_rows for each statement execute function audit_changes('apps');

create trigger ads_audit_insert after insert on ads
referencing new table as new_rows for each statement execute function audit_changes('ads');
create trigger ads_audit_update after update on ads
referencing old table as old_rows new table as new_rows for each statement execute function audit_changes('ads');
create trigger ads_audit_delete after delete on ads
referencing old table as old_rows for each statement execute function audit_changes('ads');

create trigger email_subscriptions_audit_insert after insert on email_subscriptions
referencing new table as new_rows for each statement execute function audit_changes('emails');
create trigger email_subscriptions_audit_delete after delete on email_subscriptions
referencing old table as old_rows for each statement execute function audit_changes('emails');

create trigger contact_messages_audit_insert after insert on contact_messages
referencing new table as new_rows for each statement execute function audit_changes('contacts');
create trigger contact_messages_audit_delete after delete on contact_messages
referencing old table as old_rows for each statement execute function audit_changes('contacts');

create trigger lockers_audit_update after update on lockers
referencing old table as old_rows new table as new_rows for each statement execute function audit_changes('locker');

create trigger matches_audit_insert after insert on matches
referencing new table as new_rows for each statement execute function audit_changes('matches');
create trigger matches_audit_update after update on matches
referencing old table as old_rows new table as new_rows for each statement execute function audit_changes('matches');
create trigger matches_audit_delete after delete on matches
referencing old table as old_rows for each statement execute function audit_changes('matches');

create trigger other_servers_audit_insert after insert on other_servers
referencing new table as new_rows for each statement execute function audit_changes('servers');
create trigger other_servers_audit_update after update on other_servers
referencing old table as old_rows new table as new_rows for each statement execute function audit_changes('servers');
create trigger other_servers_audit_delete after delete on other_servers
referencing old table as old_rows for each statement execute function audit_changes('servers');

-- Account events: profile changes (the password hash never logged) and sign-ins (new sessions).
create trigger users_audit_update after update on users
referencing old table as old_rows new table as new_rows for each statement execute function audit_changes('profile', 'password_hash');
create trigger sessions_audit_insert after insert on sessions
referencing new table as new_rows for each statement execute function audit_changes('session', 'token_hash');
