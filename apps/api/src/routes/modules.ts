import type { Site, SiteResource } from "@backoffice/contracts";
import type { FastifyPluginAsync } from "fastify";
import adsRoutes from "./ads/admin.ts";
import adsPublicRoutes from "./ads/public.ts";
import appsRoutes from "./apps/admin.ts";
import appsPublicRoutes from "./apps/public.ts";
import catalogRoutes from "./catalog/admin.ts";
import contactsRoutes from "./contacts/admin.ts";
import contactsPublicRoutes from "./contacts/public.ts";
import emailsRoutes from "./emails/admin.ts";
import emailsPublicRoutes from "./emails/public.ts";
import feedRoutes from "./feed/admin.ts";
import historyRoutes from "./history/admin.ts";
import importRoutes from "./import/admin.ts";
import lockerRoutes from "./locker/admin.ts";
import lockerPublicRoutes from "./locker/public.ts";
import matchesRoutes from "./matches/admin.ts";
import matchesPublicRoutes from "./matches/public.ts";
import mediaRoutes from "./media/admin.ts";
import otherServersRoutes from "./other-servers/admin.ts";
import overviewRoutes from "./overview/admin.ts";
import scheduleRoutes from "./schedule/admin.ts";
import trashRoutes from "./trash/admin.ts";

type SitePlugin = FastifyPluginAsync<{ site: Site }>;

/**
 * A resource's route plugins (routes/<resource>/admin.ts and public.ts), each taking `{ site }`.
 * They are mounted on the sites that have the resource (`SITE_RESOURCES`, packages/contracts
 * resources.ts): `admin` under /api/v1/{site} (routes/sites), `public` under /api/v1/public/{site}
 * (routes/public). A new resource adds one line.
 */
export interface ResourceModule {
  resource: SiteResource;
  admin: SitePlugin;
  public?: SitePlugin;
}

export const MODULES: readonly ResourceModule[] = [
  { resource: "ads", admin: adsRoutes, public: adsPublicRoutes },
  { resource: "emails", admin: emailsRoutes, public: emailsPublicRoutes },
  { resource: "locker", admin: lockerRoutes, public: lockerPublicRoutes },
  { resource: "apps", admin: appsRoutes, public: appsPublicRoutes },
  { resource: "matches", admin: matchesRoutes, public: matchesPublicRoutes },
  { resource: "matches", admin: otherServersRoutes },
  { resource: "matches", admin: feedRoutes },
  { resource: "catalog", admin: catalogRoutes },
  { resource: "contacts", admin: contactsRoutes, public: contactsPublicRoutes },
  { resource: "media", admin: mediaRoutes },
  { resource: "history", admin: historyRoutes },
  { resource: "history", admin: trashRoutes },
  { resource: "schedule", admin: scheduleRoutes },
  // Every site has History, so every site has its overview.
  { resource: "history", admin: overviewRoutes },
  // Imports of every importable kind the site has (the descriptor's `import`).
  { resource: "history", admin: importRoutes },
];
