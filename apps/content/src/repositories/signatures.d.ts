import type { Queryable } from "@backoffice/db";
/** Signatures already accepted, kept until their timestamp leaves the accepted window. */
export declare function usedSignaturesRepository(db: Queryable): {
    /** Records a signature; false when it was already there (a replay). */
    remember(signature: string, expiresAt: Date): Promise<boolean>;
    purge(now: Date): Promise<number>;
};
export type UsedSignatures = ReturnType<typeof usedSignaturesRepository>;
