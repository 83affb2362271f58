-- Inbox search and sort (docs/PRODUCT-RULES.md#emails-and-contacts): a search is the start of an
-- address, name or subject in any case, `lower(x) like 'q%'`, which these btree indexes answer on
-- PostgreSQL and on the embedded PGlite alike (text_pattern_ops: a prefix range in any collation;
-- no extension needed). The date range and both orders use the (site, id) indexes: an id starts with
-- its creation second.
create index email_subscriptions_site_email_prefix_idx
  on email_subscriptions (site, lower(email) text_pattern_ops);
create index contact_messages_site_email_prefix_idx
  on contact_messages (site, lower(email) text_pattern_ops);
create index contact_messages_site_name_prefix_idx
  on contact_messages (site, lower(first_name || ' ' || last_name) text_pattern_ops);
create index contact_messages_site_last_name_prefix_idx
  on contact_messages (site, lower(last_name) text_pattern_ops);
create index contact_messages_site_subject_prefix_idx
  on contact_messages (site, lower(subject) text_pattern_ops);

-- Contacts as an inbox that gets answered: unread until an admin opens it, answered once a reply went.
alter table contact_messages add column read_at timestamptz, add column answered_at timestamptz;

-- The replies sent from the dashboard, kept with the message (no foreign key: a message restored
-- from the trash keeps its id and finds its replies again).
create table contact_replies (
  id char(24) primary key,
  site text not null,
  message_id char(24) not null,
  from_address text not null,
  to_address text not null,
  subject text not null,
  message text not null,
  sent_by text,
  sent_at timestamptz not null default now()
);
create index contact_replies_message_idx on contact_replies (site, message_id, id);

-- Each reply is a History entry ("Created reply"); read marks are not logged.
create trigger contact_replies_audit_insert after insert on contact_replies
referencing new table as new_rows for each statement execute function audit_changes('replies');
