import { MATCH_MESSAGES, type Match, type MatchBody, type Site } from "@backoffice/contracts";
import { newId, type Queryable } from "@backoffice/db";
import { conflict } from "@backoffice/server";
import { iso } from "../../lib/rows.ts";

interface MatchRow {
  id: string;
  status: Match["status"];
  type: Match["type"];
  league_name: string;
  league_logo: string;
  home_name: string;
  home_logo: string;
  home_score: number | null;
  away_name: string;
  away_logo: string;
  away_score: number | null;
  day: string;
  time: string;
  end_time: string;
  type_match: Match["type_match"];
  is_first: boolean;
  match_url: string;
  created_at: Date;
  updated_at: Date;
}

const toMatch = (row: MatchRow): Match => ({
  _id: row.id,
  status: row.status,
  type: row.type,
  league: { name: row.league_name, logo: row.league_logo },
  homeTeam: { name: row.home_name, logo: row.home_logo, score: row.home_score },
  awayTeam: { name: row.away_name, logo: row.away_logo, score: row.away_score },
  date: row.day,
  time: row.time,
  end_time: row.end_time,
  type_match: row.type_match,
  isFirst: row.is_first,
  matchUrl: row.match_url,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/** The flattened payload as columns, in the order of the insert below. */
const columns = (input: MatchBody) => [
  input.status,
  input.type,
  input.league_name,
  input.league_logo,
  input.homeTeam_name,
  input.homeTeam_logo,
  input.homeTeam_score ?? null,
  input.awayTeam_name,
  input.awayTeam_logo,
  input.awayTeam_score ?? null,
  input.date,
  input.time,
  input.end_time,
  input.type_match,
  input.isFirst,
  input.matchUrl,
];

/** A second match with the same sport, teams and day answers 409: a fixture accepted twice is one match. */
async function unique<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if ((error as { code?: unknown }).code === "23505") throw conflict(MATCH_MESSAGES.duplicate);
    throw error;
  }
}

export function matchesRepository(db: Queryable, site: Site) {
  return {
    async list(): Promise<Match[]> {
      const rows = await db.query<MatchRow>(
        "select * from matches where site = $1 order by is_first desc, day desc, time desc, id desc",
        [site],
      );
      return rows.map(toMatch);
    },
    async find(id: string): Promise<Match | undefined> {
      const [row] = await db.query<MatchRow>("select * from matches where site = $1 and id = $2", [site, id]);
      return row && toMatch(row);
    },
    async create(input: MatchBody): Promise<Match> {
      const [row] = await unique(
        db.query<MatchRow>(
          `insert into matches (id, site, status, type, league_name, league_logo, home_name, home_logo, home_score,
             away_name, away_logo, away_score, day, time, end_time, type_match, is_first, match_url)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) returning *`,
          [newId(), site, ...columns(input)],
        ),
      );
      return toMatch(row!);
    },
    async update(id: string, input: MatchBody): Promise<Match | undefined> {
      const [row] = await unique(
        db.query<MatchRow>(
          `update matches set status = $3, type = $4, league_name = $5, league_logo = $6, home_name = $7,
             home_logo = $8, home_score = $9, away_name = $10, away_logo = $11, away_score = $12, day = $13,
             time = $14, end_time = $15, type_match = $16, is_first = $17, match_url = $18, updated_at = now()
           where site = $1 and id = $2 returning *`,
          [site, id, ...columns(input)],
        ),
      );
      return row && toMatch(row);
    },
    /** Deletes the given ids (their servers go with them); returns the ones that existed. */
    async remove(ids: string[]): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        "delete from matches where site = $1 and id = any($2) returning id",
        [site, ids],
      );
      return rows.map((row) => row.id);
    },
  };
}
