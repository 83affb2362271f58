-- Browsers that completed a sign-in of an account (docs/decisions/017-device-cookies.md): the device
-- cookie holds a random id, stored here as its SHA-256. Attempts from a known device of the account
-- are limited per device, not by the address and account limits that strangers can fill.
create table known_devices (
  device_hash text not null,
  user_id char(24) not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  primary key (device_hash, user_id)
);
create index known_devices_user_idx on known_devices (user_id);
