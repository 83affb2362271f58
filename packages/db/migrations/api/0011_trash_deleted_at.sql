-- The trash's purge of items older than 30 days runs before every Trash page and hourly: with an
-- index on the deletion time it reads only what expired, not the whole trash (a sequential scan of
-- a million items took 150-500 ms; docs/PERFORMANCE.md, "Ten times the data").
create index trash_deleted_at_idx on trash (deleted_at);
