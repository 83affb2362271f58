-- The code step after a sign-in remembers how that sign-in began (docs/SSO.md): a member who signs in
-- with SSO and then passes their own code gets an SSO session ('sso' and its provider), not a
-- password one.
alter table second_factor_challenges
  add column sign_in text not null default 'password',
  add column sso_provider text;
