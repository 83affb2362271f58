-- Accounts, sessions and one-time codes.
create table users (
  id char(24) primary key,
  email text not null,
  password_hash text not null,
  role text not null default 'admin',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));

create table sessions (
  id char(24) primary key,
  user_id char(24) not null references users (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_user_idx on sessions (user_id);

create table otp_codes (
  id char(24) primary key,
  user_id char(24) not null references users (id) on delete cascade,
  email text not null,
  code_hash text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  failed_attempts integer not null default 0,
  verified_at timestamptz,
  closed_at timestamptz
);
create index otp_codes_user_idx on otp_codes (user_id, created_at);
