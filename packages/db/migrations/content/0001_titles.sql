-- Movie and TV titles of the content service; one row per movie-database title and kind.
create table titles (
  id char(24) primary key,
  type text not null check (type in ('movie', 'tv')),
  tmdb_id integer,
  title text not null,
  overview text not null default '',
  -- The movie database's own status text (Released, Returning Series, ...); null shows as "draft".
  status text,
  featured boolean not null default false,
  locker_selected boolean not null default false,
  poster_path text,
  vote_average double precision check (vote_average between 0 and 10),
  release_date text,
  genres jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- Re-importing a title updates its row instead of adding a second one.
create unique index titles_type_tmdb_id_key on titles (type, tmdb_id);
create index titles_type_id_idx on titles (type, id desc);

-- Signatures accepted within the timestamp window, so a captured request cannot be replayed.
create table used_signatures (
  signature char(64) primary key,
  expires_at timestamptz not null
);
create index used_signatures_expires_at_idx on used_signatures (expires_at);

-- One-time facts about this database (first start, demo data added).
create table service_state (
  key text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
