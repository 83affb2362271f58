-- Rows per site and UTC day of the inboxes (email subscriptions, contact messages), so the overview's
-- per-day charts read at most 180 rows whatever the table holds (docs/PRODUCT-RULES.md#overview).
-- Statement triggers keep the counts in the same transaction as the rows they count, like inbox_buckets.
create table daily_counts (
  tbl text not null,
  site text not null,
  day date not null,
  n bigint not null,
  primary key (tbl, site, day)
);

create function daily_counts_add() returns trigger language plpgsql as $$
begin
  insert into daily_counts (tbl, site, day, n)
  select tg_table_name, site, (created_at at time zone 'UTC')::date, count(*) from new_rows
  group by site, (created_at at time zone 'UTC')::date
  on conflict (tbl, site, day) do update set n = daily_counts.n + excluded.n;
  return null;
end
$$;

-- The days are locked in key order first, so two concurrent bulk deletes cannot deadlock on them.
create function daily_counts_remove() returns trigger language plpgsql as $$
declare
  tbl_name text := tg_table_name;
begin
  perform 1 from daily_counts d
  join (select distinct site, (created_at at time zone 'UTC')::date as day from old_rows) gone
    on d.site = gone.site and d.day = gone.day
  where d.tbl = tbl_name order by d.site, d.day for update of d;
  update daily_counts d set n = d.n - gone.n
  from (select site, (created_at at time zone 'UTC')::date as day, count(*) as n from old_rows
        group by site, (created_at at time zone 'UTC')::date) gone
  where d.tbl = tbl_name and d.site = gone.site and d.day = gone.day;
  delete from daily_counts where tbl = tbl_name and n <= 0;
  return null;
end
$$;

create trigger email_subscriptions_daily_add after insert on email_subscriptions
referencing new table as new_rows for each statement execute function daily_counts_add();
create trigger email_subscriptions_daily_remove after delete on email_subscriptions
referencing old table as old_rows for each statement execute function daily_counts_remove();
create trigger contact_messages_daily_add after insert on contact_messages
referencing new table as new_rows for each statement execute function daily_counts_add();
create trigger contact_messages_daily_remove after delete on contact_messages
referencing old table as old_rows for each statement execute function daily_counts_remove();

insert into daily_counts (tbl, site, day, n)
select 'email_subscriptions', site, (created_at at time zone 'UTC')::date, count(*) from email_subscriptions
group by site, (created_at at time zone 'UTC')::date;
insert into daily_counts (tbl, site, day, n)
select 'contact_messages', site, (created_at at time zone 'UTC')::date, count(*) from contact_messages
group by site, (created_at at time zone 'UTC')::date;

-- The overview's unread count: the unread messages only, in the site's index.
create index contact_messages_unread_idx on contact_messages (site, id) where read_at is null;
