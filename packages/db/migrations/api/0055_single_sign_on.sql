-- Single sign-on with OpenID Connect (docs/SSO.md).
-- Providers an Owner adds on the Team screen (the environment's OIDC_* provider is not stored). The
-- client secret is kept here and never answered back.
create table sso_providers (
  id text primary key,
  label text not null,
  issuer text not null,
  client_id text not null,
  client_secret text not null,
  -- Optional mapping of the provider's groups claim to a level and sites: [{group, level, sites}],
  -- the claim's name, an extra scope that makes the provider send it, and whether the provider is
  -- the source of truth (each sign-in sets the member's access; a manual change is refused).
  group_rules jsonb not null default '[]',
  groups_claim text not null default 'groups',
  groups_scope text,
  groups_authoritative boolean not null default false,
  created_at timestamptz not null default now()
);

-- Email domains whose verified identities join the team on their first SSO sign-in, at a level and
-- sites an Owner chose (lowercase ASCII domain, exact match: no subdomains).
create table sso_domains (
  domain text primary key,
  level text not null check (level in ('owner', 'editor', 'viewer')),
  sites text[]
);

-- A sign-in sent to a provider and not back yet: its state (as SHA-256), the PKCE verifier, the nonce
-- and the browser it was started in (the SHA-256 of its short-lived cookie). Taken once.
create table sso_logins (
  state_hash text primary key,
  provider_id text not null,
  browser_hash text not null,
  code_verifier text not null,
  nonce text not null,
  expires_at timestamptz not null
);

-- A completed provider sign-in handed to the browser as a one-time code (its SHA-256 here), which the
-- dashboard exchanges for the session: the session token never travels in a URL.
create table sso_handoffs (
  code_hash text primary key,
  user_id text not null references users (id) on delete cascade,
  provider_id text not null,
  browser_hash text not null,
  provider_mfa boolean not null,
  expires_at timestamptz not null
);

-- "Sign in with SSO only" (password sign-in refused but for break-glass Owners).
alter table security_settings add column sso_only boolean not null default false;
alter table users
  add column break_glass boolean not null default false,
  -- The provider whose groups set this member's access (a source-of-truth provider), or null.
  add column access_from_provider text;

-- How the session began ('password' or 'sso'), shown in its History sign-in entry; a provider's
-- second factor (its amr) stands for the member's own under "Require a second factor"; the provider
-- of an SSO session, whose sign-out page the dashboard's sign-out visits (RP-initiated logout).
alter table sessions
  add column sign_in text not null default 'password',
  add column provider_mfa boolean not null default false,
  add column sso_provider text;
