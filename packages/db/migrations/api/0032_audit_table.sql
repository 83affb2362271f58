-- One line per audited table (docs/ARCHITECTURE.md, "History, trash and Undo"): a table joins
-- History (and, through its kind's descriptor, the Trash) with
--   select audit_table('widgets', 'widgets');
-- which creates the statement triggers that migration 0007 writes out by hand for each table
-- (<table>_audit_insert, _update and _delete, each handing its transition table to audit_changes).
-- `events` leaves some out (a table whose rows are only added, say); `hidden` names the columns kept
-- out of the log, whose change is noted as "(changed)" only:
--   select audit_table('users', 'profile', array['update'], array['password_hash']);
-- The triggers of the tables before this migration stay as 0007 and 0008 created them.

create function audit_table(
  target regclass,
  kind text,
  events text[] default array['insert', 'update', 'delete'],
  hidden text[] default '{}'
) returns void language plpgsql as $$
declare
  table_name text := (select relname from pg_class where oid = target);
  arguments text := (select string_agg(quote_literal(argument), ', ') from unnest(array[kind] || hidden) argument);
  event text;
begin
  if kind is null or kind = '' then
    raise exception 'audit_table: the kind of record is required';
  end if;
  foreach event in array events loop
    if event is null or event not in ('insert', 'update', 'delete') then
      raise exception 'audit_table: % is not insert, update or delete', coalesce(event, 'null');
    end if;
    execute format(
      'create trigger %I after %s on %s referencing %s for each statement execute function audit_changes(%s)',
      table_name || '_audit_' || event,
      event,
      target,
      case event
        when 'insert' then 'new table as new_rows'
        when 'update' then 'old table as old_rows new table as new_rows'
        else 'old table as old_rows'
      end,
      arguments
    );
  end loop;
end
$$;
