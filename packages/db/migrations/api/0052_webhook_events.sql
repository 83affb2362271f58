-- Webhook events that are not History rows (docs/INTEGRATIONS.md#events), starting with
-- `contact.received`: a message from a public site's form is not an admin change, so it has no
-- History row. A statement trigger writes the event in the message's own transaction (an outbox
-- for these events only: changes stay in History), and only while an active endpoint wants it, so
-- the public intake pays nothing otherwise. The fan-out reads it as it reads History (decision 022).
create table webhook_events (
  id bigserial primary key,
  tx xid8 not null default pg_current_xact_id(),
  at timestamptz not null default now(),
  site text not null,
  event text not null,
  record_id text,
  data jsonb not null
);
create index webhook_events_tx_idx on webhook_events (tx, id);
alter table webhook_outbox add column events_horizon xid8, add column events_after_id bigint not null default 0;
update webhook_outbox set events_horizon = pg_current_xact_id();

create function webhook_contact_received() returns trigger language plpgsql as $$
begin
  insert into webhook_events (site, event, record_id, data)
  select n.site, 'contact.received', n.id,
    jsonb_build_object('email', n.email, 'firstName', n.first_name, 'lastName', n.last_name,
      'subject', n.subject, 'message', n.message, 'page', n.page, 'createdAt', n.created_at)
  from new_rows n
  -- From a public form only: a restore from the trash (an admin write, with an audit context) is
  -- the History row's contacts.created.
  where coalesce(current_setting('audit.context', true), '') = ''
    and exists (select 1 from webhook_endpoints e
    where e.active and 'contact.received' = any(e.events) and n.site = any(e.sites));
  return null;
end
$$;
create trigger contact_messages_webhook after insert on contact_messages
  referencing new table as new_rows for each statement execute function webhook_contact_received();

-- A delivery of such an event names it here (audit_id stays null); one per event and endpoint.
alter table webhook_deliveries add column event_id bigint;
create unique index webhook_deliveries_event_key on webhook_deliveries (endpoint_id, event_id, event)
  where event_id is not null;
