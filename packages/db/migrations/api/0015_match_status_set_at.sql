-- The match lifecycle (docs/PRODUCT-RULES.md#matches-and-the-sports-feed): the status stored is the one
-- set at status_set_at (by an admin or the feed); reads show it until the clock crosses the next
-- kick-off or end after that moment. Existing matches keep their status from now on.
alter table matches add column status_set_at timestamptz not null default now();
