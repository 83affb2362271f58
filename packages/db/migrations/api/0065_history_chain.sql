-- History's hash chain and retention (docs/PRODUCT-RULES.md#history-trash-and-undo, decision 026).
--
-- Each entry carries, in its row of `audit_log_chain`, its place in the chain (`seq`), the hash of the
-- entry before it (`prev_hash`) and its own hash (`hash` = SHA-256 of the previous hash, the place and
-- the entry's fields, audit_entry_hash).
-- The hashes are computed in the transaction that writes the entries, at its commit: a deferred
-- constraint trigger locks the one row of `audit_chain` (the chain's head) and links every entry the
-- transaction wrote, in id order. The lock is taken last and held only until the commit, so
-- concurrent writers on PostgreSQL queue for the head one after the other (the chain follows the
-- commit order) and cannot deadlock on it. `npm run history -- verify` (apps/api/src/cli/history.ts)
-- recomputes the chain from the oldest kept entry.
--
-- Retention (`history_settings.retention_days`, null = forever) removes the oldest entries as a
-- prefix of the chain; `audit_chain.anchor_seq`/`anchor_hash` keep the place and hash of the last
-- removed one, so the verification starts from there.

-- The links live beside the entries, one row each: linking writes one narrow row per entry (two
-- index entries) instead of rewriting the entry with its hashes (a second version of a row with ten
-- indexes), which made a 100,000-entry statement 2.5 times slower on PostgreSQL.
create table audit_log_chain (
  seq bigint primary key,
  entry_id bigint not null unique,
  prev_hash text not null,
  hash text not null
);

create table audit_chain (
  id boolean primary key default true check (id),
  -- The newest linked entry: the next one gets head_seq + 1 and links to head_hash.
  head_seq bigint not null default 0,
  head_hash text not null default repeat('0', 64),
  -- The last entry removed by retention (0 and 64 zeros while none was).
  anchor_seq bigint not null default 0,
  anchor_hash text not null default repeat('0', 64)
);
insert into audit_chain (id) values (true);

-- One row: how long History keeps its entries (an Owner's setting; null keeps them for ever).
create table history_settings (
  id boolean primary key default true check (id),
  retention_days int check (retention_days >= 30),
  updated_by text,
  updated_at timestamptz not null default now()
);
insert into history_settings (id) values (true);

-- The entry's place and fields as one text: the time in UTC to the microsecond (not the session's
-- time zone), before/after in jsonb's own canonical form.
create function audit_entry_hash(prev text, seq bigint, e audit_log) returns text language sql stable as $$
  select encode(sha256(convert_to(prev || jsonb_build_array(
    seq, e.id, to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'), e.batch, e.actor_id,
    e.actor_email, e.address, e.site, e.resource, e.record_id, e.action, e.before, e.after
  )::text, 'UTF8')), 'hex')
$$;

-- Links the transaction's new entries after the head (all of them on the first call; the calls of
-- the entries already linked return at once).
create function audit_chain_link() returns trigger language plpgsql as $$
declare
  linked bigint := coalesce(nullif(current_setting('audit.linked', true), '')::bigint, 0);
  head audit_chain;
  entry audit_log;
  ids bigint[] := '{}';
  seqs bigint[] := '{}';
  prevs text[] := '{}';
  hashes text[] := '{}';
begin
  if new.id <= linked then
    return null;
  end if;
  select * into head from audit_chain where id for update;
  if not found then
    -- A database restored from a backup made before this migration: the chain starts again.
    insert into audit_chain (id) values (true) returning * into head;
  end if;
  for entry in
    select * from audit_log where tx = pg_current_xact_id() and id > linked order by id
  loop
    seqs := seqs || (head.head_seq + 1);
    prevs := prevs || head.head_hash;
    head.head_seq := head.head_seq + 1;
    head.head_hash := audit_entry_hash(head.head_hash, head.head_seq, entry);
    ids := ids || entry.id;
    hashes := hashes || head.head_hash;
    linked := greatest(linked, entry.id);
  end loop;
  insert into audit_log_chain (seq, entry_id, prev_hash, hash) select * from unnest(seqs, ids, prevs, hashes);
  update audit_chain set head_seq = head.head_seq, head_hash = head.head_hash where id;
  perform set_config('audit.linked', greatest(linked, new.id)::text, true);
  return null;
end
$$;

create constraint trigger audit_log_chain after insert on audit_log
  deferrable initially deferred for each row execute function audit_chain_link();

-- The entries written before this migration, linked in id order.
do $$
declare
  head audit_chain;
  entry audit_log;
  hash text;
begin
  select * into head from audit_chain where id for update;
  for entry in select * from audit_log order by id loop
    hash := audit_entry_hash(head.head_hash, head.head_seq + 1, entry);
    insert into audit_log_chain (seq, entry_id, prev_hash, hash) values (head.head_seq + 1, entry.id, head.head_hash, hash);
    head.head_seq := head.head_seq + 1;
    head.head_hash := hash;
  end loop;
  update audit_chain set head_seq = head.head_seq, head_hash = head.head_hash where id;
end
$$;
