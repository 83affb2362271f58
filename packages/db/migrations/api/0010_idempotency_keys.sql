-- Answers of admin writes sent with an Idempotency-Key: a retry with the same key gets the first
-- answer again instead of a second record (docs/PRODUCT-RULES.md#idempotent-writes). A row is
-- claimed before the write runs (status null) and holds its answer once sent; kept 24 hours.
create table idempotency_keys (
  user_id char(24) not null references users (id) on delete cascade,
  key text not null,
  method text not null,
  path text not null,
  fingerprint text not null,
  status integer,
  headers text,
  body text,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
create index idempotency_keys_created_at_idx on idempotency_keys (created_at);
