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
