// What every database of the servers is, embedded or PostgreSQL, on the servers' thread or not.

export interface Queryable {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * A statement, or several without parameters, run as sent (outside any audit context), answering
   * each statement's rows: the shape pg-boss's custom `db.executeSql` expects (apps/api/src/lib/jobs.ts).
   */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult | SqlResult[]>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface SqlResult {
  rows: Record<string, unknown>[];
}
