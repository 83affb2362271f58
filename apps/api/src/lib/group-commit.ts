/**
 * Group commit for the public intake: each caller hands in one item and waits; the items that arrive
 * in the same turn of the event loop, or while a write is running, go together into the next write
 * (a single multi-row statement, one commit). At low load a write carries one item and waits for
 * nothing but the end of the current turn; under load the database commits once per batch instead
 * of once per request (the embedded database runs on a thread of its own, docs/decisions/018, so this
 * thread keeps parsing requests, which join the next batch, while a batch is written and synced).
 * A caller's promise settles only after the statement holding its item committed, so a 201 still
 * means the row is stored; on either engine the commit returns once its WAL is synced to disk, one
 * sync a batch (docs/decisions/008-durable-embedded-database.md).
 */
export function groupCommit<T, R>(
  write: (items: T[]) => Promise<R[]>,
  maxItems = 500,
): (item: T) => Promise<R> {
  type Waiting = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let running = false;

  async function settle(batch: Waiting[]) {
    try {
      const results = await write(batch.map((waiting) => waiting.item));
      for (const [index, waiting] of batch.entries()) waiting.resolve(results[index]!);
    } catch (error) {
      // One bad item must not fail its neighbours: a failed batch is retried an item at a time.
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const waiting of batch) await settle([waiting]);
    }
  }

  async function drain() {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxItems);
      queue = queue.slice(maxItems);
      await settle(batch);
    }
    running = false;
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!running) {
        running = true;
        setImmediate(drain);
      }
    });
}
