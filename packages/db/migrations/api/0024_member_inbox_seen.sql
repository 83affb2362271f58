-- When each member last opened a site's contact inbox (docs/PRODUCT-RULES.md#overview): the overview's
-- unread figure is the messages received after it. The inbox screen records it on opening
-- (`PUT /{site}/contacts/seen`); a member who never opened it has every message unread.
create table member_inbox_seen (
  user_id char(24) not null references users (id) on delete cascade,
  site text not null,
  seen_at timestamptz not null,
  primary key (user_id, site)
);
