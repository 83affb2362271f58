import type { OtherServer, Site } from "@backoffice/contracts";
import { newId, type Queryable } from "@backoffice/db";
import { iso } from "../../lib/rows.ts";

interface ServerRow {
  id: string;
  match_id: string;
  name: string;
  url: string;
  created_at: Date;
}

const toServer = (row: ServerRow): OtherServer => ({
  _id: row.id,
  match_id: row.match_id,
  name: row.name,
  url: row.url,
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
     * What the public read shows of the servers of the matches `matchIds` (the working set), newest
     * first: only their names and URLs and their links' health, in one read.
     */
    async publicOf(matchIds: readonly string[]) {
      return db.query<{
        id: string;
        match_id: string;
        name: string;
        url: string;
        state: "ok" | "failing" | "blocked" | null;
        failing_since: Date | null;
      }>(
        `select s.id, s.match_id, s.name, s.url, h.state, h.failing_since from other_servers s
         left join link_health h on h.match_id = s.match_id and h.url = s.url
         where s.site = $1 and s.match_id = any($2) order by s.id desc`,
        [site, matchIds],
      );
    },
    /** The servers of the matches `matchIds` (a page of them, the working set), newest first. */
    async ofMatches(matchIds: readonly string[]): Promise<OtherServer[]> {
      const rows = await db.query<ServerRow>(
        "select * from other_servers where site = $1 and match_id = any($2) order by id desc",
        [site, matchIds],
      );
      return rows.map(toServer);
    },
    async create(input: { match_id: string; name: string; url: string }): Promise<OtherServer> {
      const [row] = await db.query<ServerRow>(
        "insert into other_servers (id, site, match_id, name, url) values ($1, $2, $3, $4, $5) returning *",
        [newId(), site, input.match_id, input.name, input.url],
      );
      return toServer(row!);
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
