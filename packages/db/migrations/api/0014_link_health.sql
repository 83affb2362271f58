-- Stream-link health (apps/api/src/lib/link-health.ts): the last probe of each stream URL of a match
-- (its matchUrl and its other servers' URLs). failing_since keeps the first failing check of a run of
-- failures and is cleared by the next success.
create table link_health (
  match_id char(24) not null references matches (id) on delete cascade,
  url text not null,
  site text not null,
  -- "ok", "failing" or "blocked" (the address guard refused it).
  state text not null check (state in ('ok', 'failing', 'blocked')),
  status integer,
  reason text,
  checked_at timestamptz not null,
  failing_since timestamptz,
  latency_ms integer,
  primary key (match_id, url)
);
create index link_health_site_idx on link_health (site);
