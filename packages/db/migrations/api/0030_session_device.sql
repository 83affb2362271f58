-- What tells two browsers apart on the Security screen (docs/PRODUCT-RULES.md#sessions): the name
-- the member gives a session (1-60 characters; null: its browser and system), and the last screen
-- the dashboard showed in it (the path its calls carry in x-screen), written with last_active_at,
-- at most once a minute. Neither is logged in History (no update trigger on sessions).
alter table sessions
  add column name text,
  add column last_screen text;
