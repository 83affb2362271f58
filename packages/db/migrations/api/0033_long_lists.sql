-- Lists that stay fast however long they grow (issue 39, docs/PERFORMANCE.md "Long lists").

-- Matches leave the working set (docs/PRODUCT-RULES.md#matches-and-the-sports-feed): a match finished
-- more than MATCHES_PUBLIC_FINISHED_DAYS days ago is marked archived by the read that finds it so
-- (routes/matches/repository.ts, `workingSet`: its status follows the clock in the feed's time zone,
-- which only the api knows), and any later change of its status or times takes the mark off. Every
-- read that needs the statuses of this moment (Manage Matches, the overview, the public read, the
-- stream-link round) reads the matches without the mark only; "Finished earlier" reads the others
-- by their own indexes, a page at a time.
alter table matches add column archived_at timestamptz;
create index matches_working_idx on matches (site, id) where archived_at is null;
create index matches_archived_latest_idx on matches (site, is_first desc, day desc, time desc, id desc)
  where archived_at is not null;
create index matches_archived_earliest_idx on matches (site, day, time, is_first desc, id desc)
  where archived_at is not null;
-- A site's matches' version, moved by every statement that writes them (admins, the feed sync, the
-- archive mark, a restore, a seed): an instance keeps the working set it read and reads it again only
-- once the version moved (routes/matches/repository.ts), whichever instance or process wrote.
create table matches_versions (
  site text primary key,
  version bigint not null
);

create function matches_version_bump() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    insert into matches_versions (site, version)
    select distinct site, 1 from old_rows order by site
    on conflict (site) do update set version = matches_versions.version + 1;
  else
    insert into matches_versions (site, version)
    select distinct site, 1 from new_rows order by site
    on conflict (site) do update set version = matches_versions.version + 1;
  end if;
  return null;
end
$$;

create trigger matches_version_insert after insert on matches
referencing new table as new_rows for each statement execute function matches_version_bump();
create trigger matches_version_update after update on matches
referencing new table as new_rows for each statement execute function matches_version_bump();
create trigger matches_version_delete after delete on matches
referencing old table as old_rows for each statement execute function matches_version_bump();

-- Every league a site's matches name, one index step each (the league filter's choices).
create index matches_site_league_idx on matches (site, league_name);
-- A search of the matches finished earlier: teams and league, any part of them (pg_trgm, migration
-- 0027), one text with the three separated by a line break a search never holds.
create extension if not exists pg_trgm;
create index matches_archived_search_idx on matches
  using gin ((lower(home_name) || E'\n' || lower(away_name) || E'\n' || lower(league_name)) gin_trgm_ops)
  where archived_at is not null;
-- A match's stream links' health, read for the matches of a page or of the working set.
create index link_health_site_match_idx on link_health (site, match_id);

-- History and the Trash are read by keyset pages (docs/ARCHITECTURE.md#paging-long-lists); their
-- totals are kept here by statement triggers in the transaction of the rows they count, per site
-- ('' for the account events of audit_log, which belong to no site) and kind, instead of a count(*)
-- per page (0.3-0.4 s for a million entries).
create table list_counts (
  tbl text not null,
  site text not null,
  resource text not null,
  n bigint not null,
  primary key (tbl, site, resource)
);

create function list_counts_add() returns trigger language plpgsql as $$
begin
  insert into list_counts (tbl, site, resource, n)
  select tg_table_name, coalesce(site, ''), resource, count(*) from new_rows
  group by coalesce(site, ''), resource order by 2, 3
  on conflict (tbl, site, resource) do update set n = list_counts.n + excluded.n;
  return null;
end
$$;

-- The counts are locked in key order first, so two concurrent deletes cannot deadlock on them.
create function list_counts_remove() returns trigger language plpgsql as $$
declare
  tbl_name text := tg_table_name;
begin
  perform 1 from list_counts c
  join (select distinct coalesce(site, '') as site, resource from old_rows) gone
    on c.site = gone.site and c.resource = gone.resource
  where c.tbl = tbl_name order by c.site, c.resource for update of c;
  update list_counts c set n = c.n - gone.n
  from (select coalesce(site, '') as site, resource, count(*) as n from old_rows
        group by coalesce(site, ''), resource) gone
  where c.tbl = tbl_name and c.site = gone.site and c.resource = gone.resource;
  return null;
end
$$;

create trigger audit_log_counts_add after insert on audit_log
referencing new table as new_rows for each statement execute function list_counts_add();
create trigger audit_log_counts_remove after delete on audit_log
referencing old table as old_rows for each statement execute function list_counts_remove();
create trigger trash_counts_add after insert on trash
referencing new table as new_rows for each statement execute function list_counts_add();
create trigger trash_counts_remove after delete on trash
referencing old table as old_rows for each statement execute function list_counts_remove();

insert into list_counts (tbl, site, resource, n)
select 'audit_log', coalesce(site, ''), resource, count(*) from audit_log group by 2, 3;
insert into list_counts (tbl, site, resource, n)
select 'trash', site, resource, count(*) from trash group by 2, 3;

-- Keyset pages of one kind, of one admin's changes, of a few days, and of the account events other
-- than sign-ins (History hides sign-ins unless asked), each read on an index in id order.
create index audit_log_site_resource_idx on audit_log (site, resource, id desc);
create index audit_log_actor_idx on audit_log (lower(actor_email), id desc);
create index audit_log_at_idx on audit_log (at);
create index audit_log_account_idx on audit_log (id desc) where site is null and resource <> 'session';
create index trash_site_resource_idx on trash (site, resource, id desc);
