-- Row counts of the inboxes (email subscriptions, contact messages) per site and id prefix, so a page
-- of a million-row list and its total cost the same on the last page as on the first
-- (docs/PRODUCT-RULES.md#performance-goals).
-- Ids start with their creation second in hex; the first 4 digits make a bucket of 65,536 seconds (18 h).
-- Statement triggers keep the counts in the same transaction as the rows they count.
create table inbox_buckets (
  tbl text not null,
  site text not null,
  bucket text not null,
  n bigint not null,
  primary key (tbl, site, bucket)
);

create function inbox_buckets_add() returns trigger language plpgsql as $$
begin
  insert into inbox_buckets (tbl, site, bucket, n)
  select tg_table_name, site, left(id, 4), count(*) from new_rows group by site, left(id, 4)
  on conflict (tbl, site, bucket) do update set n = inbox_buckets.n + excluded.n;
  return null;
end
$$;

-- The buckets are locked in key order first, so two concurrent bulk deletes cannot deadlock on them.
create function inbox_buckets_remove() returns trigger language plpgsql as $$
declare
  -- As text: compared with the name-typed tg_table_name, the primary key would not be used.
  tbl_name text := tg_table_name;
begin
  perform 1 from inbox_buckets b
  join (select distinct site, left(id, 4) as bucket from old_rows) gone on b.site = gone.site and b.bucket = gone.bucket
  where b.tbl = tbl_name order by b.site, b.bucket for update of b;
  update inbox_buckets b set n = b.n - gone.n
  from (select site, left(id, 4) as bucket, count(*) as n from old_rows group by site, left(id, 4)) gone
  where b.tbl = tbl_name and b.site = gone.site and b.bucket = gone.bucket;
  delete from inbox_buckets where tbl = tbl_name and n <= 0;
  return null;
end
$$;

create trigger email_subscriptions_count_add after insert on email_subscriptions
referencing new table as new_rows for each statement execute function inbox_buckets_add();
create trigger email_subscriptions_count_remove after delete on email_subscriptions
referencing old table as old_rows for each statement execute function inbox_buckets_remove();
create trigger contact_messages_count_add after insert on contact_messages
referencing new table as new_rows for each statement execute function inbox_buckets_add();
create trigger contact_messages_count_remove after delete on contact_messages
referencing old table as old_rows for each statement execute function inbox_buckets_remove();

insert into inbox_buckets (tbl, site, bucket, n)
select 'email_subscriptions', site, left(id, 4), count(*) from email_subscriptions group by site, left(id, 4);
insert into inbox_buckets (tbl, site, bucket, n)
select 'contact_messages', site, left(id, 4), count(*) from contact_messages group by site, left(id, 4);
