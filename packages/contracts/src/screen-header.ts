// Zod-free, like site-rules.ts: the web app's API client reads it, and the sign-in bundle must stay small.

/**
 * The header every signed-in dashboard call carries: the path of the screen it was made from. The
 * api keeps it as the session's last screen when it marks the session active, at most once a minute
 * (docs/PRODUCT-RULES.md#sessions).
 */
export const SCREEN_HEADER = "x-screen";
