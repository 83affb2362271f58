-- Imports from CSV or JSON files (docs/INTEGRATIONS.md#import, issue 36).

-- The column mapping and matching key a site used last for a kind of record: the next file's
-- mapping starts from it.
create table import_mappings (
  site text not null,
  kind text not null,
  mapping jsonb not null,
  key text not null,
  updated_at timestamptz not null default now(),
  primary key (site, kind)
);

-- Each applied import: its batch is the request id its History entries (audit_log.batch) carry and
-- the Undo token its answer gives. Undo reverts exactly that batch, once.
create table import_batches (
  batch uuid primary key,
  site text not null,
  kind text not null,
  table_name text not null,
  file_name text,
  created integer not null,
  updated integer not null,
  imported_at timestamptz not null default now(),
  imported_by text,
  undone_at timestamptz
);

-- Reverts an import (run in an audit context, so the Undo is in History too): the records it
-- updated get their fields from before it back (History's `before`), and the records it created
-- are deleted (to the trash, like any delete). Answers how many records were put back; 0 when the
-- batch is no import or was undone already.
create function revert_import(import_batch uuid) returns integer language plpgsql as $$
declare
  target import_batches;
  assignments text;
  reverted integer;
  removed integer;
begin
  select * into target from import_batches where batch = import_batch and undone_at is null for update;
  if not found then
    return 0;
  end if;
  select string_agg(format('%I = r.%I', attname, attname), ', ') into assignments
  from pg_attribute
  where attrelid = target.table_name::regclass and attnum > 0 and not attisdropped and attgenerated = ''
    and attname <> 'id';
  execute format(
    'update %1$I t set %2$s from audit_log a, jsonb_populate_record(null::%1$I, a.before) r
     where a.batch = $1 and a.resource = $2 and a.action = ''update'' and t.id = a.record_id',
    target.table_name, assignments
  ) using import_batch, target.kind;
  get diagnostics reverted = row_count;
  execute format(
    'delete from %1$I t using audit_log a
     where a.batch = $1 and a.resource = $2 and a.action = ''create'' and t.id = a.record_id',
    target.table_name
  ) using import_batch, target.kind;
  get diagnostics removed = row_count;
  update import_batches set undone_at = now() where batch = import_batch;
  return reverted + removed;
end
$$;
