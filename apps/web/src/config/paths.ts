import type { SiteKey } from "@/sites/keys";

/** The route table's fixed paths; site screens come from `sites/`. */
export const paths = {
  root: "/",
  login: "/login",
  forgotPassword: "/forgot-password",
  site: (site: SiteKey) => `/${site}`,
} as const;
