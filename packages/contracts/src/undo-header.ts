// Zod-free, like site-rules.ts: the web app's API client reads it, and the sign-in bundle must stay small.

/** The header of an admin write's answer that moved records to the trash: its Undo token. */
export const UNDO_HEADER = "x-undo-token";
