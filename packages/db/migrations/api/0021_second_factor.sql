-- Second factor (docs/PRODUCT-RULES.md#second-factor): TOTP, recovery codes, passkeys, the
-- sign-in code step and the Owner's "require a second factor for everyone".
--
-- `users.totp_enabled_at` says a member's TOTP is on (the Team screen reads it; a change of it is a
-- Profile entry in History). The secret and the last used time step live in `totp_secrets`, which
-- has no audit trigger, so no secret ever reaches History.
alter table users add column totp_enabled_at timestamptz;

create table totp_secrets (
  user_id char(24) primary key references users (id) on delete cascade,
  -- Base32 (RFC 4648); a set-up not yet confirmed keeps its secret in `pending_secret`.
  secret text,
  pending_secret text,
  -- The RFC 6238 time step of the last accepted code: a code of that step or earlier is refused.
  last_step bigint not null default 0
);

-- Ten single-use recovery codes per member, stored as SHA-256 of the code.
create table recovery_codes (
  id char(24) primary key,
  user_id char(24) not null references users (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz
);
create index recovery_codes_user_idx on recovery_codes (user_id);

create table passkeys (
  id char(24) primary key,
  user_id char(24) not null references users (id) on delete cascade,
  name text not null,
  -- WebAuthn credential id (base64url), its COSE public key and signature counter.
  credential_id text not null unique,
  public_key bytea not null,
  counter bigint not null default 0,
  transports text[] not null default '{}',
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index passkeys_user_idx on passkeys (user_id);

-- Short-lived, single-use challenges: the code step after a correct password (`secret` is the SHA-256
-- of the token the client holds) and WebAuthn ceremonies (`secret` is the challenge itself).
create table second_factor_challenges (
  id char(24) primary key,
  kind text not null check (kind in ('sign-in', 'passkey-register', 'passkey-sign-in')),
  user_id char(24) references users (id) on delete cascade,
  secret text not null unique,
  expires_at timestamptz not null
);
create index second_factor_challenges_expiry_idx on second_factor_challenges (expires_at);

-- One row: the Owner's security settings.
create table security_settings (
  id boolean primary key default true check (id),
  second_factor_required boolean not null default false,
  updated_at timestamptz not null default now()
);
insert into security_settings (id) values (true);
