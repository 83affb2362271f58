-- Sports matches of a site and the extra stream servers attached to them.
create table matches (
  id char(24) primary key,
  site text not null,
  status text not null check (status in ('live', 'upcoming', 'finished')),
  type text not null,
  league_name text not null,
  league_logo text not null,
  home_name text not null,
  home_logo text not null,
  home_score integer,
  away_name text not null,
  away_logo text not null,
  away_score integer,
  day text not null,
  time text not null,
  end_time text not null,
  type_match text not null check (type_match in ('video', 'iframe')),
  is_first boolean not null default false,
  match_url text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- The same sport, teams and day is one match: accepting a fixture twice never makes a second (409).
create unique index matches_site_fixture_key on matches (site, type, lower(home_name), lower(away_name), day);
create index matches_site_id_idx on matches (site, id desc);

create table other_servers (
  id char(24) primary key,
  site text not null,
  match_id char(24) not null references matches (id) on delete cascade,
  name text not null,
  url text not null,
  created_at timestamptz not null default now()
);
create index other_servers_match_idx on other_servers (match_id);
