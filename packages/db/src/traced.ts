import type { Database, Queryable } from "./types.ts";

/**
 * Runs `run` in a span named `name` when a trace is active, else runs it alone: the servers pass
 * `Tracing.inSpan` of @backoffice/server (docs/DEPLOYMENT.md, "Traces").
 */
export type SpanRunner = <T>(
  name: string,
  attributes: Record<string, string>,
  run: () => Promise<T>,
  kind: "client",
) => Promise<T>;

const WORD = /^[a-z_][a-z0-9_.]*$/i;
const isSpace = (code: number) => code === 32 || (code >= 9 && code <= 13);

/**
 * A statement's first words (at most three, lower case), never its values: `insert into job_runs`,
 * `update sessions set`, `select` (for `select r.* from …`). A span is named by it.
 */
export function statementSummary(text: string): string {
  const end = Math.min(text.length, 160);
  let summary = "";
  for (let at = 0, words = 0; words < 3; words += 1) {
    while (at < end && isSpace(text.charCodeAt(at))) at += 1;
    const start = at;
    while (at < end && !isSpace(text.charCodeAt(at))) at += 1;
    const word = text.slice(start, at);
    if (!WORD.test(word)) break;
    summary += `${words ? " " : ""}${word.toLowerCase()}`;
  }
  return summary || "sql";
}

/** A statement span's attributes (its name is its summary): one object for all, the SDK copies it. */
const SQL_ATTRIBUTES = Object.freeze({ "db.system.name": "postgresql" });

/**
 * `db` with one CLIENT span per statement (the statement's first words, no parameters), inside a
 * trace only: a request's or a job run's queries become children of its span; the job runner's
 * polling and the start's migrations record nothing. Used only when tracing is on.
 */
export function tracedDatabase(db: Database, span: SpanRunner): Database {
  const traced = (queryable: Queryable): Queryable => ({
    query: (text, params) => {
      return span(statementSummary(text), SQL_ATTRIBUTES, () => queryable.query(text, params), "client");
    },
  });
  const plain = traced(db);
  return {
    kind: db.kind,
    query: plain.query,
    transaction: (fn) => db.transaction((tx) => fn(traced(tx))),
    executeSql: (text, values) => {
      return span(statementSummary(text), SQL_ATTRIBUTES, () => db.executeSql(text, values), "client");
    },
    ping: () => db.ping(),
    close: () => db.close(),
  };
}
