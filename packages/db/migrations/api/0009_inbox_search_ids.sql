-- The inbox search's prefix indexes also carry the id: a search within a date range checks the id
-- in the index instead of reading every row the prefix matches (docs/PERFORMANCE.md, inbox search).
drop index email_subscriptions_site_email_prefix_idx;
drop index contact_messages_site_email_prefix_idx;
drop index contact_messages_site_name_prefix_idx;
drop index contact_messages_site_last_name_prefix_idx;
drop index contact_messages_site_subject_prefix_idx;
create index email_subscriptions_site_email_prefix_idx
  on email_subscriptions (site, lower(email) text_pattern_ops, id);
create index contact_messages_site_email_prefix_idx
  on contact_messages (site, lower(email) text_pattern_ops, id);
create index contact_messages_site_name_prefix_idx
  on contact_messages (site, lower(first_name || ' ' || last_name) text_pattern_ops, id);
create index contact_messages_site_last_name_prefix_idx
  on contact_messages (site, lower(last_name) text_pattern_ops, id);
create index contact_messages_site_subject_prefix_idx
  on contact_messages (site, lower(subject) text_pattern_ops, id);
