-- Webhooks (docs/INTEGRATIONS.md#webhooks, docs/decisions/022-webhook-outbox.md).
--
-- The outbox is History itself: audit_log rows are written by the statement triggers in the change's
-- own transaction (migrations 0007, 0032), so a rolled-back write leaves no row and sends nothing.
-- Each row now also keeps the id of the transaction that wrote it (`tx`). The delivery pass reads
-- the rows whose transaction is below the oldest one still running (pg_snapshot_xmin): every such
-- transaction has ended, so no row can later appear below that line, whatever order the ids were
-- committed in. `webhook_outbox.horizon` is the line the last pass reached.
-- Rows written before this migration keep tx null: they are never sent.
alter table audit_log add column tx xid8;
alter table audit_log alter column tx set default pg_current_xact_id();
create index audit_log_tx_idx on audit_log (tx) where tx is not null;

create table webhook_outbox (
  only_row boolean primary key default true check (only_row),
  -- Rows after (horizon, after_id) in (tx, id) order are still to fan out; nothing older is sent.
  horizon xid8,
  after_id bigint not null default 0
);
insert into webhook_outbox (horizon) values (pg_current_xact_id());

create table webhook_endpoints (
  id char(24) primary key,
  url text not null,
  sites text[] not null,
  events text[] not null,
  active boolean not null default true,
  -- whsec_… (base64 of 24 random bytes): the receiver holds it too, so it is kept as is.
  secret text not null,
  -- After a rotation the former secret signs as well until then (Standard Webhooks: several signatures).
  previous_secret text,
  previous_secret_until timestamptz,
  -- The first failed attempt since the last success; failing for 24 h switches the endpoint off.
  failing_since timestamptz,
  disabled_reason text,
  created_by text,
  created_at timestamptz not null default now()
);

create table webhook_deliveries (
  id bigserial primary key,
  endpoint_id char(24) not null references webhook_endpoints (id) on delete cascade,
  -- The History row it carries (null for a test event); one delivery per row and endpoint.
  audit_id bigint,
  message_id text not null,
  event text not null,
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempts int not null default 0,
  next_attempt_at timestamptz default now(),
  -- A pass holds a delivery until then while it sends it (several instances never send it twice at once).
  locked_until timestamptz,
  response_status int,
  latency_ms int,
  response text,
  last_attempt_at timestamptz,
  created_at timestamptz not null default now(),
  -- One delivery per History row, event and endpoint (a match's update may also be match.status).
  unique (endpoint_id, audit_id, event)
);
create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, id desc);
