// History entries and Trash items of apkw made by the database itself (generate_series), for the
// sections that measure long lists (scale, long-lists).

/** A connection that runs a statement with parameters (the api's Database, or a pg.Client). */
interface Sql {
  query(text: string, params: unknown[]): Promise<unknown>;
}

/** History: changes of apkw's ads, one every `secondsApart` seconds up to now (ids in time order). */
export function insertHistory(db: Sql, count: number, secondsApart: number): Promise<unknown> {
  return db.query(
    `insert into audit_log (at, batch, actor_email, address, site, resource, record_id, action, before, after)
     select now() - make_interval(secs => ($1::int - g) * $2::int), gen_random_uuid(), 'admin@example.com', '10.0.0.1',
       'apkw', 'ads', lpad(to_hex(g % 5000), 24, '0'), case when g % 10 = 0 then 'create' else 'update' end,
       case when g % 10 = 0 then null else jsonb_build_object('url', 'https://ads.example/' || (g - 1)) end,
       jsonb_build_object('url', 'https://ads.example/' || g, 'isActive', g % 2 = 0)
     from generate_series(1, $1::int) g`,
    [count, secondsApart],
  );
}

/** The Trash: deleted emails of apkw, all within the 30 days the Trash keeps them. */
export function insertTrash(db: Sql, count: number): Promise<unknown> {
  return db.query(
    `insert into trash (batch, site, resource, table_name, record_id, row, deleted_at, deleted_by)
     select gen_random_uuid(), 'apkw', 'emails', 'email_subscriptions', lpad(to_hex(g), 24, '0'),
       jsonb_build_object('id', lpad(to_hex(g), 24, '0'), 'site', 'apkw', 'email', 'gone' || g || '@example.com'),
       now() - make_interval(secs => ($1::int - g) * 2000000.0 / $1::int), 'admin@example.com'
     from generate_series(1, $1::int) g`,
    [count],
  );
}
