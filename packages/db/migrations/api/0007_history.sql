-- The audit log (History), the trash (Undo, restore, purge after 30 days):
-- docs/PRODUCT-RULES.md#history-trash-and-undo.
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
    -- Each deleted row made into JSON once, for both the log and the trash (bulk deletes of 1,000 rows).
    with gone as (
      select o.id, to_jsonb(o) as data, coalesce(o_site, ctx->>'site') as site
      from old_rows o, lateral (select to_jsonb(o)->>'site' as o_site) s
    ), logged as (
      insert into audit_log (batch, actor_id, actor_email, address, site, resource, record_id, action, before, after)
      select (ctx->>'batch')::uuid, ctx->>'actorId', ctx->>'actorEmail', ctx->>'address', gone.site, tg_argv[0],
        gone.id, 'delete', gone.data - hidden, null
      from gone
    )
    insert into trash (batch, site, resource, table_name, record_id, row, deleted_by)
    select (ctx->>'batch')::uuid, gone.site, tg_argv[0], tg_table_name, gone.id, gone.data, ctx->>'actorEmail'
    from gone;
  end if;
  return null;
end
$$;

-- Puts trash items back in their tables, a table at a time. A table whose rows need a parent that is
-- not back yet (a match's servers, before the match) is tried again after the others, as long as
-- that helps; what still fails then comes back row by row, where it can. An item whose record was
-- made again since (a unique key taken) or whose parent is gone stays in the trash.
create function restore_trash(item_ids bigint[]) returns bigint[] language plpgsql as $$
declare
  tables text[];
  waiting text[];
  tbl text;
  item record;
  inserted integer;
  back text[];
  restored bigint[] := '{}';
begin
  select coalesce(array_agg(distinct table_name), '{}') into tables from trash where id = any(item_ids);
  loop
    waiting := '{}';
    foreach tbl in array tables loop
      begin
        execute format(
          'with back as (
             insert into %1$I select r.* from trash, jsonb_populate_record(null::%1$I, trash.row) r
             where trash.id = any($1) and trash.table_name = %1$L on conflict do nothing returning id::text
           )
           select coalesce(array_agg(id), ''{}'') from back',
          tbl
        ) into back using item_ids;
        -- The trash items whose records came back (a hash of the ids, not a join the planner guesses).
        restored := restored || array(
          select trash.id from trash
          where trash.id = any(item_ids) and trash.table_name = tbl and trash.record_id in (select unnest(back))
        );
      exception when foreign_key_violation then
        waiting := waiting || tbl;
      end;
    end loop;
    exit when cardinality(waiting) = 0 or cardinality(waiting) = cardinality(tables);
    tables := waiting;
  end loop;
  for item in select * from trash where id = any(item_ids) and table_name = any(waiting) order by id loop
    begin
      execute format(
        'insert into %1$I select * from jsonb_populate_record(null::%1$I, $1) on conflict do nothing',
        item.table_name
      ) using item.row;
      get diagnostics inserted = row_count;
      if inserted > 0 then
        restored := restored || item.id;
      end if;
    exception when foreign_key_violation then
      null;
    end;
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
