// What the product knows about each resource and each kind of record, written once. Zod-free like
// site-rules.ts: the web app reads it outside the forms. The site table, the History and Trash
// kinds, their labels, the screen that owns each kind and History's link to a record all derive
// from `RESOURCES`; a new resource is one entry here (plus its own files), and a record kind cannot
// be left out of a map because no map is written by hand.
import { MATCH_WRITTEN_FIELDS } from "./match-fields.ts";
import { AD_PAGES, SITES, type Site } from "./site-rules.ts";

/** What the Trash shows of a kind whose deleted records it keeps. */
export interface TrashFacts {
  /** The Kind column: what one record is. */
  kind: string;
  /** What a deleted row (its table's columns, snake_case) is called on its screen. */
  recordName: (row: Record<string, unknown>) => string;
}

/**
 * Where History's link to a record of a kind leads: the screen that shows it, narrowed to the record
 * where the screen can be. The record's fields are History's (camelCase, as `before`/`after` hold them).
 */
export interface RecordLink {
  /**
   * The screen: its path below the site's ("apps" is `/{site}/apps`), or the whole path when it
   * starts with "/" (an account screen, outside the sites).
   */
  screen: string;
  /** The field whose value the screen's search (`?q=`) is given, so the list shows the record. */
  search?: string;
  /** The field naming the screen's page (`/{site}/{screen}/{page}`), on the sites whose screen has pages. */
  page?: { field: string; pagesOn: Partial<Record<Site, readonly string[]>> };
}

/**
 * What a CSV or JSON file may fill in a kind's records (docs/INTEGRATIONS.md#import): one importer reads
 * these facts and checks each row with the kind's own create and update schemas.
 */
export interface ImportFacts {
  /** The admin API path below the site's: `POST /{site}/{path}/import`. */
  path: string;
  /** The body fields a file's columns may be mapped to, in the mapping form's order. */
  fields: readonly string[];
  /** Fields a row may be matched by to a stored record (the first is the default); `_id` is the record's id. */
  keys: readonly string[];
  /** Fields holding a list: a CSV cell is a JSON array or its items separated by "|". */
  lists?: readonly string[];
  /** Fields only a new record takes; an update leaves them out. */
  createOnly?: readonly string[];
  /** Other column names that mean a field (an export's header), besides the field's own name. */
  aliases?: Readonly<Record<string, readonly string[]>>;
}

/** A column of a record kind holding an image's address (a media URL or any other). */
export interface ImageField {
  /** The table's column (snake_case). */
  column: string;
  /** The field as its dialog names it. */
  label: string;
}

/** One kind of record: one audited table (the name its triggers pass to `audit_changes`). */
export interface RecordKindFacts {
  /** The kind as its screen names it: History's and the Trash's Resource filter. */
  label: string;
  /** One record in an action: "Updated <noun>". */
  noun: string;
  /** Where History's entries of the kind link to: every kind has a screen its records are on. */
  link: RecordLink;
  /**
   * The table its triggers watch, for the kinds the Schedule reads directly: a pending change's record
   * must exist, and a window's start or end shows on the timeline (docs/PRODUCT-RULES.md#scheduled-changes).
   */
  table?: string;
  /** Set when a delete moves the records to the trash (restorable, with Undo in the toast). */
  trash?: TrashFacts;
  /**
   * Set when a record may have a window (windows.ts, docs/PRODUCT-RULES.md#windows): `startsAt` and
   * `endsAt` in its answers and bodies, and public reads list it only while it is active. `switch`
   * names the field that switches it on (`isActive`); a kind without one is on while its window is open.
   * The Schedule flags windows that make no sense (docs/PRODUCT-RULES.md#scheduled-changes):
   * `oneAtATime` two switched-on records with the same `per` column and a `when` column set whose
   * windows overlap; `withinDayOf` a window outside the day of the match its `key` column names.
   */
  window?: {
    switch?: string;
    oneAtATime?: { per: string; when: string };
    withinDayOf?: { table: string; key: string; day: string };
  };
  /**
   * The record's boolean flags that may have a window of their own (`<flag>StartsAt`,
   * `<flag>EndsAt`): the public reads answer such a flag true only while it is set and now within it.
   */
  flagWindows?: readonly string[];
  /** Set when its records can be imported from a file (its table is `table`). */
  import?: ImportFacts;
  /**
   * The record's image fields (docs/MEDIA.md, "Where used"): the media library finds the records
   * using an image by these columns of `table` (scoped by its `site` column when `perSite`), and a
   * replaced image's address is rewritten in them. Kinds without `table` (titles, kept by the content
   * service) declare theirs but are not searched.
   */
  images?: { fields: readonly ImageField[]; perSite?: boolean };
}

/** A resource: an admin API module and its screens, on the sites that have it. */
export interface ResourceFacts {
  /** The sites that have it; elsewhere its routes answer 404 and its screens are absent. */
  sites: readonly Site[];
  /** The kinds of record it owns, in History's order; a site's History and Trash show them where it is. */
  records: Readonly<Record<string, RecordKindFacts>>;
  /**
   * Set when its routes read or change records of every kind (History, Trash, Overview, Schedule): an
   * API token limited to some resources cannot use them (docs/INTEGRATIONS.md#resource-limited-tokens).
   */
  spansKinds?: true;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * Every resource, in the order History and the Trash list their kinds. `account` is the signed-in
 * admin's own records (profile changes and sign-ins) and the team's changes: on every site's History, never in the trash.
 */
export const RESOURCES = {
  apps: {
    sites: ["apkw"],
    records: {
      apps: {
        label: "Apps & Games",
        noun: "app",
        link: { screen: "apps", search: "title" },
        table: "apps",
        trash: { kind: "App", recordName: (row) => text(row.title) },
        flagWindows: ["trending", "slider"],
        import: {
          path: "apps",
          fields: [
            "title",
            "type",
            "icon_app",
            "bg_app",
            "content",
            "rating",
            "size",
            "download",
            "developer",
            "category",
            "trending",
            "trendingStartsAt",
            "trendingEndsAt",
            "slider",
            "sliderStartsAt",
            "sliderEndsAt",
            "isFirst",
            "supportedDevices",
            "it",
            "key",
          ],
          keys: ["title", "_id"],
          lists: ["supportedDevices"],
        },
        images: {
          fields: [
            { column: "icon_app", label: "Icon URL" },
            { column: "bg_app", label: "Background URL" },
          ],
        },
      },
    },
  },
  ads: {
    sites: SITES,
    records: {
      ads: {
        label: "Ads",
        noun: "ad",
        // Movies has a list per ad page, each at its own URL.
        link: { screen: "ads", page: { field: "page", pagesOn: AD_PAGES } },
        table: "ads",
        trash: { kind: "Ad", recordName: (row) => text(row.url) },
        // Two head scripts on one page at once load twice on the public site.
        window: { switch: "isActive", oneAtATime: { per: "page", when: "head" } },
      },
    },
  },
  emails: {
    sites: ["apkw", "sportbn"],
    records: {
      emails: {
        label: "Emails",
        noun: "email",
        link: { screen: "emails", search: "email" },
        table: "email_subscriptions",
        trash: { kind: "Email", recordName: (row) => text(row.email) },
        // The export's columns (Email, Page, Subscribed at) import back as they are.
        import: { path: "emails", fields: ["email", "url"], keys: ["email"], aliases: { url: ["Page"] } },
      },
    },
  },
  contacts: {
    sites: ["movies"],
    records: {
      // Movies keeps the /emails path for its contact inbox.
      contacts: {
        label: "Contacts",
        noun: "contact message",
        link: { screen: "emails", search: "email" },
        trash: {
          kind: "Contact message",
          recordName: (row) => [text(row.subject), text(row.email)].filter(Boolean).join(" · "),
        },
      },
      // A reply sent from the dashboard, shown with its message; replies are never deleted.
      replies: { label: "Replies", noun: "reply", link: { screen: "emails", search: "toAddress" } },
    },
  },
  locker: {
    sites: ["sportbn", "movies"],
    records: {
      locker: {
        label: "Locker",
        noun: "locker",
        link: { screen: "locker" },
        table: "lockers",
        window: { switch: "isActive" },
      },
    },
  },
  matches: {
    sites: ["sportbn"],
    records: {
      matches: {
        label: "Matches",
        noun: "match",
        link: { screen: "matches", search: "homeName" },
        table: "matches",
        trash: { kind: "Match", recordName: (row) => `${text(row.home_name)} vs ${text(row.away_name)}` },
        import: {
          path: "matches",
          fields: MATCH_WRITTEN_FIELDS,
          keys: ["_id", "matchUrl"],
        },
        images: {
          fields: [
            { column: "league_logo", label: "League logo URL" },
            { column: "home_logo", label: "Home team logo URL" },
            { column: "away_logo", label: "Away team logo URL" },
          ],
          perSite: true,
        },
      },
      // A match's extra stream servers, on the Other Servers screen.
      servers: {
        label: "Servers",
        noun: "server",
        link: { screen: "servers" },
        table: "other_servers",
        trash: { kind: "Server", recordName: (row) => text(row.name) },
        // A stream link is for its match's day.
        window: { withinDayOf: { table: "matches", key: "match_id", day: "day" } },
        import: {
          path: "other-servers",
          fields: ["match_id", "name", "url", "startsAt", "endsAt"],
          keys: ["url", "_id"],
          createOnly: ["match_id"],
        },
      },
    },
  },
  // The movie & TV titles of the content service; the api keeps their history and trash.
  catalog: {
    sites: ["movies"],
    records: {
      titles: {
        label: "Movies & TV",
        noun: "title",
        link: { screen: "list", search: "title" },
        trash: { kind: "Movie or TV show", recordName: (row) => text(row.title) },
        // Kept by the content service (no table here): the Schedule asks it for the windows.
        flagWindows: ["featured"],
        images: {
          fields: [{ column: "poster_path", label: "Poster URL" }],
        },
      },
    },
  },
  // The media library (issue 34): each site's uploaded images, used by URL in its image fields.
  media: {
    sites: SITES,
    records: {
      media: {
        label: "Media",
        noun: "image",
        link: { screen: "media", search: "fileName" },
        trash: { kind: "Image", recordName: (row) => text(row.file_name) },
      },
    },
  },
  // The audit log and the trash themselves.
  history: { sites: SITES, records: {}, spansKinds: true },
  // Every site's Schedule screen (routes/schedule): the changes waiting for their time.
  schedule: {
    sites: SITES,
    spansKinds: true,
    records: {
      scheduled: {
        label: "Scheduled changes",
        noun: "scheduled change",
        link: { screen: "schedule" },
        trash: { kind: "Scheduled change", recordName: (row) => `${text(row.kind)} ${text(row.apply_at)}` },
      },
    },
  },
  account: {
    sites: SITES,
    records: {
      profile: { label: "Profile", noun: "profile", link: { screen: "profile" } },
      // A member's sessions are listed on Security.
      session: { label: "Sign-ins", noun: "session", link: { screen: "/settings/security" } },
      // Team changes by an Owner (routes/team): invitations, levels and sites, disable, sign-out, remove.
      team: { label: "Team", noun: "member", link: { screen: "/settings/team" } },
    },
  },
} as const satisfies Record<string, ResourceFacts>;

type Resources = typeof RESOURCES;
export type SiteResource = keyof Resources;
type KindsOf<R extends SiteResource> = keyof Resources[R]["records"] & string;
/** The kinds of record the history names, one per audited table. `session` rows are sign-ins. */
export type HistoryResource = { [R in SiteResource]: KindsOf<R> }[SiteResource];
/** What can be in the trash: every kind whose descriptor has `trash`. */
export type TrashResource = {
  [R in SiteResource]: {
    [K in KindsOf<R>]: Resources[R]["records"][K] extends { trash: TrashFacts } ? K : never;
  }[KindsOf<R>];
}[SiteResource];

/** A record kind's facts, with its name and the resource (and so the screen and sites) it belongs to. */
export interface RecordKind extends RecordKindFacts {
  name: HistoryResource;
  resource: SiteResource;
}

const resourceNames = Object.keys(RESOURCES) as SiteResource[];

/** Every record kind by name. */
export const RECORD_KINDS = Object.fromEntries(
  resourceNames.flatMap((resource) =>
    Object.entries(RESOURCES[resource].records as Record<string, RecordKindFacts>).map(([name, facts]) => [
      name,
      { ...facts, name, resource },
    ]),
  ),
) as Record<HistoryResource, RecordKind>;

export const HISTORY_RESOURCES = Object.keys(RECORD_KINDS) as readonly HistoryResource[];

export const TRASH_RESOURCES = HISTORY_RESOURCES.filter(
  (kind) => RECORD_KINDS[kind].trash,
) as readonly TrashResource[];

/** The kinds whose records may have a window (windows.ts): those whose descriptor says `window`. */
export type WindowedKind = {
  [R in SiteResource]: {
    [K in KindsOf<R>]: Resources[R]["records"][K] extends { window: object } ? K : never;
  }[KindsOf<R>];
}[SiteResource];

export const WINDOWED_KINDS = HISTORY_RESOURCES.filter(
  (kind) => RECORD_KINDS[kind].window,
) as readonly WindowedKind[];

/** The kinds whose records can be imported from a file: those whose descriptor says `import`. */
export type ImportKind = {
  [R in SiteResource]: {
    [K in KindsOf<R>]: Resources[R]["records"][K] extends { import: ImportFacts } ? K : never;
  }[KindsOf<R>];
}[SiteResource];

export const IMPORT_KINDS = HISTORY_RESOURCES.filter(
  (kind) => RECORD_KINDS[kind].import,
) as readonly ImportKind[];

/** An importable kind's facts. */
export const importFactsOf = (kind: ImportKind): ImportFacts => RECORD_KINDS[kind].import as ImportFacts;

/** A trashable kind's Trash facts. */
export const trashFactsOf = (kind: TrashResource): TrashFacts => RECORD_KINDS[kind].trash as TrashFacts;

/** Which site has which resource; everywhere else the resource answers 404. */
export const SITE_RESOURCES = Object.fromEntries(
  resourceNames.map((resource): [SiteResource, readonly Site[]] => [resource, RESOURCES[resource].sites]),
) as Readonly<Record<SiteResource, readonly Site[]>>;

export function siteHas(site: Site, resource: SiteResource): boolean {
  return SITE_RESOURCES[resource].includes(site);
}

/** The kinds a site's History and Trash can hold: those of the resources the site has. */
export function kindsOn<K extends HistoryResource>(site: Site, kinds: readonly K[]): K[] {
  return kinds.filter((kind) => siteHas(site, RECORD_KINDS[kind].resource));
}

/**
 * The resources an API token may be limited to (docs/INTEGRATIONS.md#resource-limited-tokens): those
 * owning records of a site's data, not the signed-in member's account nor those spanning every kind.
 */
export const TOKEN_RESOURCES = resourceNames.filter(
  (resource) =>
    resource !== "account" &&
    !(RESOURCES[resource] as ResourceFacts).spansKinds &&
    Object.keys(RESOURCES[resource].records).length > 0,
);

export type TokenResource = (typeof TOKEN_RESOURCES)[number];

/** How the token dialog and list name a resource: its kinds' labels ("Matches, Servers"). */
export const resourceLabel = (resource: SiteResource): string =>
  Object.values(RESOURCES[resource].records as Record<string, RecordKindFacts>)
    .map((kind) => kind.label)
    .join(", ");
