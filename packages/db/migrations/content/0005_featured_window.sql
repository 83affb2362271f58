-- The window of a title's Featured flag (issue 33, docs/PRODUCT-RULES.md#windows): the public list
-- answers `featured` true only while it is set and now within it, either end open (null). An end must
-- come after its start (`titles_featured_window_check`, answered as a 400 naming `featuredEndsAt`).
alter table titles add column featured_starts_at timestamptz, add column featured_ends_at timestamptz,
  add constraint titles_featured_window_check check (featured_ends_at > featured_starts_at);
