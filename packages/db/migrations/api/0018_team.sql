-- Team (docs/PRODUCT-RULES.md#team-and-access): every dashboard account keeps role 'admin' for the
-- spec's sign-in rule and gets a level on top: owner (everything, manages the team), editor (reads
-- and writes the sites given), viewer (reads the sites given). `sites` null means every site, now
-- and later; otherwise the subset given. Accounts made before this migration were full admins, so
-- they become owners. A disabled member cannot sign in and has no live session.
alter table users
  add column level text not null default 'owner' check (level in ('owner', 'editor', 'viewer')),
  add column sites text[],
  add column disabled_at timestamptz,
  add column last_sign_in_at timestamptz;

-- What the sessions screen shows of each session, and the idle limit's clock.
alter table sessions
  add column user_agent text,
  add column address text,
  add column last_active_at timestamptz not null default now();
