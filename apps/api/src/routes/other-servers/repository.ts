import type { OtherServer, OtherServerBody, OtherServerUpdate, Site } from "@backoffice/contracts";
import { newId, type Queryable } from "@backoffice/db";
import { iso, setClause } from "../../lib/rows.ts";
import { windowChecked, windowColumns, windowOf } from "../../lib/windows.ts";

interface ServerRow {
  id: string;
  match_id: string;
  name: string;
  url: string;
  starts_at: Date | null;
  ends_at: Date | null;
  created_at: Date;
}

const toServer = (row: ServerRow): OtherServer => ({
  _id: row.id,
  match_id: row.match_id,
  name: row.name,
  url: row.url,
  ...windowOf(row),
  createdAt: iso(row.created_at),
});

export function otherServersRepository(db: Queryable, site: Site) {
  return {
    /** Newest first, as the screen lists them. */
    async list(): Promise<OtherServer[]> {
      const rows = await db.query<ServerRow>("select * from other_servers where site = $1 order by id desc", [
        site,
      ]);
      return rows.map(toServer);
    },
    /**
     * What the public read needs of the servers of the matches `matchIds` (the working set), newest
     * first: their names, URLs and windows and their links' health, in one read.
     */
    async publicOf(matchIds: readonly string[]) {
      const rows = await db.query<{
        id: string;
        match_id: string;
        name: string;
        url: string;
        starts_at: Date | null;
        ends_at: Date | null;
        state: "ok" | "failing" | "blocked" | null;
        failing_since: Date | null;
      }>(
        `select s.id, s.match_id, s.name, s.url, s.starts_at, s.ends_at, h.state, h.failing_since
         from other_servers s left join link_health h on h.match_id = s.match_id and h.url = s.url
         where s.site = $1 and s.match_id = any($2) order by s.id desc`,
        [site, matchIds],
      );
      return rows.map((row) => ({ ...row, ...windowOf(row) }));
    },
    /** The servers of the matches `matchIds` (a page of them, the working set), newest first. */
    async ofMatches(matchIds: readonly string[]): Promise<OtherServer[]> {
      const rows = await db.query<ServerRow>(
        "select * from other_servers where site = $1 and match_id = any($2) order by id desc",
        [site, matchIds],
      );
      return rows.map(toServer);
    },
    async create(input: OtherServerBody): Promise<OtherServer> {
      const [row] = await windowChecked(
        db.query<ServerRow>(
          `insert into other_servers (id, site, match_id, name, url, starts_at, ends_at)
           values ($1, $2, $3, $4, $5, $6, $7) returning *`,
          [
            newId(),
            site,
            input.match_id,
            input.name,
            input.url,
            input.startsAt ?? null,
            input.endsAt ?? null,
          ],
        ),
      );
      return toServer(row!);
    },
    /** Changes the fields given, keeping the others; undefined when there is no such server. */
    async update(id: string, patch: OtherServerUpdate): Promise<OtherServer | undefined> {
      const set = setClause({ name: patch.name, url: patch.url, ...windowColumns(patch) }, 3);
      // Nothing to change: the server as it is (a statement of the audit log's with no change is none).
      if (!set.sql) return (await this.get(id)) ?? undefined;
      const [row] = await windowChecked(
        db.query<ServerRow>(`update other_servers set ${set.sql} where site = $1 and id = $2 returning *`, [
          site,
          id,
          ...set.values,
        ]),
      );
      return row && toServer(row);
    },
    async get(id: string): Promise<OtherServer | undefined> {
      const [row] = await db.query<ServerRow>("select * from other_servers where site = $1 and id = $2", [
        site,
        id,
      ]);
      return row && toServer(row);
    },
    /** True when it existed. */
    async remove(id: string): Promise<boolean> {
      const rows = await db.query("delete from other_servers where site = $1 and id = $2 returning id", [
        site,
        id,
      ]);
      return rows.length > 0;
    },
  };
}
