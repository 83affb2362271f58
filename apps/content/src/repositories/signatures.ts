import type { Queryable } from "@backoffice/db";

/** Signatures already accepted, kept until their timestamp leaves the accepted window. */
export function usedSignaturesRepository(db: Queryable) {
  return {
    /** Records a signature; false when it was already there (a replay). */
    async remember(signature: string, expiresAt: Date): Promise<boolean> {
      const rows = await db.query(
        `insert into used_signatures (signature, expires_at) values ($1, $2)
         on conflict (signature) do nothing returning signature`,
        [signature, expiresAt],
      );
      return rows.length === 1;
    },
    async purge(now: Date): Promise<number> {
      const rows = await db.query("delete from used_signatures where expires_at < $1 returning signature", [
        now,
      ]);
      return rows.length;
    },
  };
}

export type UsedSignatures = ReturnType<typeof usedSignaturesRepository>;
