-- A member's new email waiting for proof (docs/PRODUCT-RULES.md#passwords-and-the-profile): the
-- address takes effect only once the code mailed to it is entered. One per member; the code is kept
-- as its SHA-256, valid 10 minutes, 5 tries.
create table email_changes (
  user_id char(24) primary key references users (id) on delete cascade,
  new_email text not null,
  code_hash text not null,
  tries int not null default 0,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
