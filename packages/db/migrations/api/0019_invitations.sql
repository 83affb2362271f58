-- Team invitations (docs/PRODUCT-RULES.md#team-screen-and-invitations): an Owner invites an email
-- with a level and sites; the mailed link carries a random token, kept here only as its SHA-256. A
-- resend replaces the hash (the old link dies), a revoke or an acceptance closes the row. The link
-- works 72 hours.
create table invitations (
  id char(24) primary key,
  email text not null,
  level text not null check (level in ('owner', 'editor', 'viewer')),
  sites text[],
  token_hash text not null unique,
  invited_by text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  revoked_at timestamptz
);
-- One open invitation per address: a new one to the same address closes the earlier.
create unique index invitations_open_email_key on invitations (lower(email))
  where accepted_at is null and revoked_at is null;
