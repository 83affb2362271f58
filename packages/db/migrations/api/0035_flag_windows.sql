-- Windows of flags (issue 33, docs/PRODUCT-RULES.md#windows): an app's Trending and Slider flags are
-- on for the public site only while set and within their own window, either end open (null). The
-- descriptor names them (`flagWindows` in packages/contracts/src/resources.ts); an end must come after
-- its start (`apps_<flag>_window_check`, answered as a 400 naming `<flag>EndsAt`).
alter table apps add column trending_starts_at timestamptz, add column trending_ends_at timestamptz,
  add column slider_starts_at timestamptz, add column slider_ends_at timestamptz,
  add constraint apps_trending_window_check check (trending_ends_at > trending_starts_at),
  add constraint apps_slider_window_check check (slider_ends_at > slider_starts_at);
