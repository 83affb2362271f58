-- Ads, email subscriptions and lockers: one table each, rows scoped by site.
create table ads (
  id char(24) primary key,
  site text not null,
  page text not null,
  url text not null,
  head text,
  body text,
  is_active boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index ads_site_page_idx on ads (site, page);

create table email_subscriptions (
  id char(24) primary key,
  site text not null,
  email text not null,
  url text,
  created_at timestamptz not null default now()
);
create unique index email_subscriptions_site_email_key on email_subscriptions (site, lower(email));
create index email_subscriptions_site_id_idx on email_subscriptions (site, id desc);

create table lockers (
  id char(24) primary key,
  site text not null unique,
  type text not null default 'js' check (type in ('js', 'api')),
  seconds integer not null default 30 check (seconds between 1 and 300),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- Each site with a locker has its record from the start (30 s, active, js), so there is always one to
-- update; ids follow the usual time-prefixed form.
insert into lockers (id, site)
select lpad(to_hex(extract(epoch from now())::bigint), 8, '0') || substr(md5(random()::text || site), 1, 16), site
from (values ('sportbn'), ('movies')) as sites (site);
