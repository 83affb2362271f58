-- API tokens (docs/INTEGRATIONS.md#api-tokens): machines call the site routes with
-- `Authorization: Bearer bo_…`. The token is answered once and kept only as its SHA-256 (it is 32
-- random bytes, so a fast hash is enough); `prefix` (bo_ and 8 more characters) tells tokens apart
-- in the list. A read token reads, a write token reads and writes, each on its sites only. A revoked
-- or expired token answers 401.
create table api_tokens (
  id char(24) primary key,
  name text not null,
  sites text[] not null,
  access text not null check (access in ('read', 'write')),
  prefix text not null,
  token_hash text not null unique,
  created_by text,
  created_at timestamptz not null default now(),
  expires_at timestamptz,
  last_used_at timestamptz,
  last_used_address text,
  revoked_at timestamptz
);
