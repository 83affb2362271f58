-- Contact messages the movies site's visitors send (public intake); rows scoped by site like the others.
create table contact_messages (
  id char(24) primary key,
  site text not null,
  email text not null,
  first_name text not null default '',
  last_name text not null default '',
  subject text not null default '',
  message text not null,
  page text,
  created_at timestamptz not null default now()
);
create index contact_messages_site_id_idx on contact_messages (site, id desc);
