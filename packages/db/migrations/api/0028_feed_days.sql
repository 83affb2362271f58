-- What the sports feed answered for a sport's day, kept (docs/PRODUCT-RULES.md#matches-and-the-sports-feed):
-- the feed sync keeps each day it asks for and Fetch Matches' Refresh keeps today's, so a visit of
-- Fetch Matches reads this and spends none of the provider's daily quota. One row per site, sport and
-- day (the latest answer); rows fetched more than 3 days ago go when a new answer is kept.
create table feed_days (
  site text not null,
  sport text not null,
  day date not null,
  fetched_at timestamptz not null,
  response jsonb not null,
  quota_remaining integer,
  quota_limit integer,
  primary key (site, sport, day)
);
