import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Who is changing data, set by the api around an admin write (for History). While a context is active,
 * every statement runs in a transaction that first sets `audit.context`, which the triggers of
 * migration 0007 read to write the audit log and the trash in the change's own transaction.
 */
export interface AuditContext {
  /** The request's id: the Undo token of what it deleted. */
  batch: string;
  actorId: string | null;
  actorEmail: string | null;
  address: string | null;
  /** The site the change was made on; null for account events (sign-in, profile). */
  site: string | null;
  /** Inserts are logged as "create" unless this says otherwise (a restore from the trash). */
  action?: "restore";
}

const current = new AsyncLocalStorage<AuditContext>();

/** Runs `fn` with every database change in it logged as made by `context`. */
export function withAudit<T>(context: AuditContext, fn: () => T): T {
  return current.run(context, fn);
}

/** Runs `fn` outside any audit context (a backup's or restore's own transactions). */
export function withoutAudit<T>(fn: () => T): T {
  return current.exit(fn);
}

export function auditContext(): AuditContext | undefined {
  return current.getStore();
}

/** The statement that hands the context to the triggers, local to the transaction. */
export const SET_AUDIT_CONTEXT = "select set_config('audit.context', $1, true)";
