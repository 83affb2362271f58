-- Windows (issue 33, docs/PRODUCT-RULES.md#windows): the record kinds whose descriptor says `window`
-- (packages/contracts/src/resources.ts) get when they start and end, either open (null). Whether a
-- record is active is computed at read time from these and its switch (apps/api/src/lib/windows.ts),
-- so no job moves anything at a boundary. An end must come after its start: the check is named
-- `<table>_window_check`, and the api answers its refusal as a 400 naming `endsAt`.
alter table ads add column starts_at timestamptz, add column ends_at timestamptz,
  add constraint ads_window_check check (ends_at > starts_at);
alter table other_servers add column starts_at timestamptz, add column ends_at timestamptz,
  add constraint other_servers_window_check check (ends_at > starts_at);
alter table lockers add column starts_at timestamptz, add column ends_at timestamptz,
  add constraint lockers_window_check check (ends_at > starts_at);
