import type { SiteKey } from "@/sites/keys";

/** The route table's fixed paths; site screens come from `sites/`. */
export const paths = {
  root: "/",
  login: "/login",
  forgotPassword: "/forgot-password",
  /** All sites' jobs, from the account menu. */
  jobs: "/settings/jobs",
  /** The member's sessions and sign-in factors, from the account menu. */
  security: "/settings/security",
  /** The team's members and invitations, from the account menu (Owners). */
  team: "/settings/team",
  /** Backups and restore, from the account menu (Owners). */
  backups: "/settings/backups",
  /** API tokens and webhooks, from the account menu (Owners). */
  integrations: "/settings/integrations",
  /** An invitation link's page (public): `/invitation/{token}`. */
  invitation: "/invitation/:token",
  site: (site: SiteKey) => `/${site}`,
} as const;
