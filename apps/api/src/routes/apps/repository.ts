import {
  type App,
  type AppCategory,
  type AppDetails,
  type AppInput,
  appInputIssues,
} from "@backoffice/contracts";
import { newId, type Queryable, type SentVersion } from "@backoffice/db";
import { badRequest } from "@backoffice/server";
import { definedOnly, iso, mergedUpdate } from "../../lib/rows.ts";
import { flagWindowColumns, flagWindowsOf, windowChecked } from "../../lib/windows.ts";

/** The flags' windows of an answer (migration 0035). */
type FlagWindows = Pick<App, "trendingStartsAt" | "trendingEndsAt" | "sliderStartsAt" | "sliderEndsAt">;

interface AppRow extends AppDetails {
  id: string;
  trending: boolean;
  slider: boolean;
  supported_devices: string[];
  is_first: boolean;
  it: string | null;
  key: string | null;
  created_at: Date;
  updated_at: Date;
}

const toApp = (row: AppRow): App => ({
  _id: row.id,
  title: row.title,
  type: row.type,
  icon_app: row.icon_app,
  bg_app: row.bg_app,
  content: row.content,
  rating: row.rating,
  size: row.size,
  download: row.download,
  developer: row.developer,
  category: row.category,
  trending: row.trending,
  slider: row.slider,
  ...(flagWindowsOf("apps", row) as FlagWindows),
  supportedDevices: row.supported_devices,
  isFirst: row.is_first,
  it: row.it,
  key: row.key,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/** Column values of an app input; undefined fields are left out (kept on update). */
function columns(input: AppInput) {
  return {
    title: input.title,
    type: input.type,
    icon_app: input.icon_app,
    bg_app: input.bg_app,
    content: input.content,
    rating: input.rating,
    size: input.size,
    download: input.download,
    developer: input.developer,
    category: input.category,
    trending: input.trending,
    slider: input.slider,
    ...flagWindowColumns("apps", input),
    supported_devices: input.supportedDevices,
    is_first: input.isFirst,
    it: input.it,
    key: input.key,
  };
}

export function appsRepository(db: Queryable) {
  return {
    async list(category?: AppCategory): Promise<App[]> {
      const rows = await db.query<AppRow>(
        "select * from apps where ($1::text is null or category = $1) order by is_first desc, id desc",
        [category ?? null],
      );
      return rows.map(toApp);
    },
    async find(id: string): Promise<App | undefined> {
      const [row] = await db.query<AppRow>("select * from apps where id = $1", [id]);
      return row && toApp(row);
    },
    async create(input: Required<Pick<AppInput, "title">> & AppInput): Promise<App> {
      const values = { trending: false, slider: false, is_first: false, ...definedOnly(columns(input)) };
      const names = Object.keys(values);
      const [row] = await windowChecked(
        db.query<AppRow>(
          `insert into apps (id, ${names.join(", ")}) values ($1, ${names.map((_, index) => `$${index + 2}`).join(", ")}) returning *`,
          [newId(), ...Object.values(values)],
        ),
      );
      return toApp(row!);
    },
    /**
     * Changes the fields given, keeping the others; the merged app must still satisfy the create rules
     * (400 with the first one broken), checked in the update's transaction on the stored row.
     * Undefined when no row matched: no such app, or its version is no longer `version` (when given).
     */
    async update(id: string, input: AppInput, version?: SentVersion): Promise<App | undefined> {
      const row = await windowChecked(
        mergedUpdate<AppRow>(db, "apps", { id }, version, (stored) => {
          const [issue] = appInputIssues({ ...toApp(stored), ...definedOnly(input) });
          if (issue) throw badRequest(issue.message);
          return columns(input);
        }),
      );
      return row && toApp(row);
    },
    /** Deletes the given ids; returns the ones that existed. */
    async remove(ids: string[]): Promise<string[]> {
      const rows = await db.query<{ id: string }>("delete from apps where id = any($1) returning id", [ids]);
      return rows.map((row) => row.id);
    },
  };
}
