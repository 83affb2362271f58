-- The History chain's link at commit (0065) wrote the transaction's new entries in chunks of 1,000
-- instead of all at once: an import of 100,000 rows built arrays of 100,000 hashes in one trigger
-- run, and the embedded database's memory, once grown, is never given back.
create or replace function audit_chain_link() returns trigger language plpgsql as $$
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
    -- A database restored from a backup made before 0065: the chain starts again.
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
    if cardinality(ids) >= 1000 then
      insert into audit_log_chain (seq, entry_id, prev_hash, hash) select * from unnest(seqs, ids, prevs, hashes);
      ids := '{}';
      seqs := '{}';
      prevs := '{}';
      hashes := '{}';
    end if;
  end loop;
  insert into audit_log_chain (seq, entry_id, prev_hash, hash) select * from unnest(seqs, ids, prevs, hashes);
  update audit_chain set head_seq = head.head_seq, head_hash = head.head_hash where id;
  perform set_config('audit.linked', greatest(linked, new.id)::text, true);
  return null;
end
$$;
