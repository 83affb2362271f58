import type { SiteKey } from "@/sites/keys";

/** The route table's fixed paths; site screens come from `sites/`. */
export const paths = {
  root: "/",
  login: "/login",
  forgotPassword: "/forgot-password",
  /** All sites' jobs, from the account menu. */
  jobs: "/settings/jobs",
  site: (site: SiteKey) => `/${site}`,
} as const;
