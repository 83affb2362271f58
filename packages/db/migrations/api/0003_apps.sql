-- The apkw apps & games catalogue.
create table apps (
  id char(24) primary key,
  title text not null,
  type text not null,
  icon_app text not null,
  bg_app text not null,
  content text not null,
  rating double precision not null,
  size text not null,
  download text not null,
  developer text not null,
  category text not null check (category in ('apps', 'games')),
  trending boolean not null default false,
  slider boolean not null default false,
  supported_devices text[] not null,
  is_first boolean not null default false,
  it text,
  key text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index apps_category_idx on apps (category, id desc);
