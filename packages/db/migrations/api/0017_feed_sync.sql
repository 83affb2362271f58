-- Feed sync (docs/PRODUCT-RULES.md#matches-and-the-sports-feed): an accepted fixture remembers its
-- provider sport and fixture id, the feed's own status code (PST, CANC, ...), the values the feed last
-- wrote to the fields it manages (status, home_score, away_score: a field whose value differs was
-- changed by an admin and is kept) and when it was last synced. Matches made by hand keep nulls.
alter table matches
  add column feed_sport text,
  add column feed_fixture_id text,
  add column feed_status text,
  add column feed_values jsonb,
  add column feed_synced_at timestamptz;

-- The provider's daily quota: every call counted per provider and UTC day (its quota resets then).
create table feed_calls (
  provider text not null,
  day date not null,
  used integer not null default 0,
  primary key (provider, day)
);

-- When each site's feed sync last ran, and what it said.
create table feed_syncs (
  site text primary key,
  at timestamptz not null,
  summary text not null
);
