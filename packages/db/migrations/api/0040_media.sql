-- The media library (issue 34, docs/MEDIA.md): one row per image of a site. `file` is the stored
-- original's content-hashed name (EXIF removed), `hash` the uploaded bytes' SHA-256, which finds a
-- duplicate upload. `variants` are filled by the media-variants job (status pending → ready).
create table media (
  id text primary key,
  site text not null,
  file_name text not null,
  file text not null,
  format text not null,
  bytes integer not null,
  width integer not null,
  height integer not null,
  hash text not null,
  alt text not null default '',
  status text not null default 'pending' check (status in ('pending', 'ready', 'failed')),
  variants jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index media_site_hash on media (site, hash);
create index media_site_id on media (site, id desc);
create index media_pending on media (id) where status = 'pending';

select audit_table('media', 'media');
