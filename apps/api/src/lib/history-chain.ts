import type { Database } from "@backoffice/db";

/**
 * History's hash chain (migration 0065, decision 026): every entry has its link (`audit_log_chain`:
 * its place, the hash of the entry before it and its own hash), computed by the database when the
 * entry's transaction commits. These functions read it: the verification of `npm run history -- verify` and the
 * retention job, which removes the oldest entries as a prefix of the chain and keeps the last
 * removed one's place and hash as the anchor the verification starts from.
 */

/** Entries read at once: one batch is held in memory, whatever the length of the log. */
const BATCH = 5000;
const DAY_MS = 24 * 3600_000;

export interface ChainProblem {
  /** The entry (audit_log id) the problem is found at; null for the chain as a whole. */
  entryId: string | null;
  message: string;
}

export interface ChainReport {
  /** Entries checked. */
  entries: number;
  problems: ChainProblem[];
  /** The chain's newest place and hash: noted elsewhere, it shows a chain rebuilt since. */
  head: { seq: number; hash: string };
}

interface Head {
  head_seq: string;
  head_hash: string;
  anchor_seq: string;
  anchor_hash: string;
}

/** Stops listing after this many problems (a wholesale change would otherwise print every entry). */
const MAX_PROBLEMS = 1000;

/**
 * Recomputes the chain from the oldest kept entry (the anchor left by retention) to the head, in one
 * snapshot: names each entry changed (its fields no longer give its hash, or its hash was rewritten)
 * and each run of entries removed, with the entries around it.
 */
export async function verifyHistoryChain(db: Database): Promise<ChainReport> {
  return db.transaction(async (tx) => {
    if (db.kind === "postgres") await tx.query("set transaction isolation level repeatable read, read only");
    const problems: ChainProblem[] = [];
    const problem = (entryId: string | null, message: string) => {
      if (problems.length < MAX_PROBLEMS) problems.push({ entryId, message });
    };
    const [head] = await tx.query<Head>(
      "select head_seq::text, head_hash, anchor_seq::text, anchor_hash from audit_chain",
    );
    if (!head) {
      problem(null, "The chain's head (table audit_chain) is missing: it was removed outside the product.");
      return { entries: 0, problems, head: { seq: 0, hash: "" } };
    }
    const unlinked = await tx.query<{ id: string }>(
      `select a.id::text as id from audit_log a
       where not exists (select 1 from audit_log_chain c where c.entry_id = a.id) order by a.id limit ${MAX_PROBLEMS}`,
    );
    for (const { id } of unlinked)
      problem(id, `Entry ${id} has no place in the chain: it was written outside the product.`);

    let previous = { id: null as string | null, seq: Number(head.anchor_seq), hash: head.anchor_hash };
    let entries = 0;
    for (;;) {
      const rows = await tx.query<{
        id: string;
        seq: string;
        prev_hash: string;
        hash: string;
        expected: string | null;
      }>(
        `select c.entry_id::text as id, c.seq::text as seq, c.prev_hash, c.hash,
           case when a.id is not null then audit_entry_hash(c.prev_hash, c.seq, a) end as expected
         from audit_log_chain c left join audit_log a on a.id = c.entry_id
         where c.seq > $1 order by c.seq limit ${BATCH}`,
        [previous.seq],
      );
      for (const row of rows) {
        const seq = Number(row.seq);
        const missing = seq - previous.seq - 1;
        if (missing > 0)
          problem(
            row.id,
            previous.id === null
              ? `${missing} of the oldest entries, before entry ${row.id}, were removed outside the product (retention keeps the chain's anchor).`
              : `${missing} ${missing === 1 ? "entry was" : "entries were"} removed between entry ${previous.id} and entry ${row.id}.`,
          );
        else if (row.prev_hash !== previous.hash)
          problem(
            previous.id ?? row.id,
            previous.id === null
              ? `Entry ${row.id} does not follow the retention anchor: the oldest entries were changed or removed.`
              : `Entry ${previous.id} was changed: its hash was rewritten (entry ${row.id} holds the one it had).`,
          );
        if (row.expected === null)
          problem(
            row.id,
            previous.id === null
              ? `Entry ${row.id} was removed (the oldest entry kept).`
              : `Entry ${row.id} was removed (it followed entry ${previous.id}).`,
          );
        else if (row.hash !== row.expected)
          problem(row.id, `Entry ${row.id} was changed: its fields no longer match its hash.`);
        previous = { id: row.id, seq, hash: row.hash };
        entries += 1;
      }
      if (rows.length < BATCH) break;
    }
    const headSeq = Number(head.head_seq);
    if (previous.seq < headSeq) {
      const missing = headSeq - previous.seq;
      problem(
        previous.id,
        previous.id === null
          ? `All ${missing} entries of the chain were removed outside the product.`
          : `The ${missing} newest ${missing === 1 ? "entry" : "entries"}, after entry ${previous.id}, ${missing === 1 ? "was" : "were"} removed.`,
      );
    } else if (previous.hash !== head.head_hash && previous.id !== null)
      problem(
        previous.id,
        `Entry ${previous.id} was changed: its hash was rewritten (the chain's head holds the one it had).`,
      );
    return { entries, problems, head: { seq: headSeq, hash: head.head_hash } };
  });
}

/** The retention setting: days History keeps its entries, null for ever. */
export async function historyRetentionDays(db: Pick<Database, "query">): Promise<number | null> {
  const [row] = await db.query<{ retention_days: number | null }>(
    "select retention_days from history_settings",
  );
  return row?.retention_days ?? null;
}

/**
 * Removes the entries older than the retention setting, oldest first in chain order, a batch a
 * transaction, and stops at the first entry still within it (so none younger is removed; one written
 * by a long transaction may wait for the entries before it). The last removed entry's place and hash
 * become the chain's anchor in the same transaction. Answers how many were removed.
 */
export async function removeExpiredHistory(db: Database, now = new Date()): Promise<number> {
  const days = await historyRetentionDays(db);
  if (days === null) return 0;
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  let removed = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [chain] = await tx.query<{ anchor_seq: string }>(
        "select anchor_seq::text from audit_chain where id for update",
      );
      if (!chain) return true;
      // An entry already gone (removed outside the product) counts as old: its link goes with the rest.
      const rows = await tx.query<{ seq: string; hash: string; old: boolean }>(
        `select c.seq::text as seq, c.hash, coalesce(a.at < $2, true) as old
         from audit_log_chain c left join audit_log a on a.id = c.entry_id
         where c.seq > $1 order by c.seq limit ${BATCH}`,
        [chain.anchor_seq, cutoff],
      );
      const young = rows.findIndex((row) => !row.old);
      const gone = young === -1 ? rows : rows.slice(0, young);
      const last = gone.at(-1);
      if (!last) return true;
      await tx.query(
        `delete from audit_log where id in
           (select entry_id from audit_log_chain where seq > $1 and seq <= $2)`,
        [chain.anchor_seq, last.seq],
      );
      await tx.query("delete from audit_log_chain where seq > $1 and seq <= $2", [
        chain.anchor_seq,
        last.seq,
      ]);
      await tx.query("update audit_chain set anchor_seq = $1, anchor_hash = $2 where id", [
        last.seq,
        last.hash,
      ]);
      removed += gone.length;
      return gone.length < BATCH;
    });
    if (done) return removed;
  }
}
