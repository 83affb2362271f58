-- Inbox search matches any part of an address (docs/PRODUCT-RULES.md#emails-and-contacts): "gmail"
-- finds x@gmail.com. `lower(email) like '%gmail%'` is answered by a trigram index (pg_trgm): a
-- trusted extension of PostgreSQL (13 and later: the database's owner may create it) and one of
-- PGlite's bundled contrib modules, which packages/db loads with every embedded database. Searches
-- shorter than three characters keep the prefix indexes of migration 0009 (lib/inbox-page.ts).
-- On a large table the index takes a while to build and blocks intake meanwhile (docs/DEPLOYMENT.md).
create extension if not exists pg_trgm;
create index email_subscriptions_email_trgm_idx on email_subscriptions using gin (lower(email) gin_trgm_ops);
create index contact_messages_email_trgm_idx on contact_messages using gin (lower(email) gin_trgm_ops);
