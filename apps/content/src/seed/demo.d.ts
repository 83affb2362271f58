import type { Queryable } from "@backoffice/db";
/** Adds the demo titles, spaced an hour apart so the newest-first order is the listed order. */
export declare function seedDemoTitles(db: Queryable, now?: number): Promise<number>;
