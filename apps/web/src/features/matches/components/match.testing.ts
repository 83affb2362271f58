import type { Match, OtherServer } from "@backoffice/contracts";

/**
 * One match for the screens' tests: an upcoming football match on 22/12/2026 at 20:00, the teams
 * named `home` and `away`, with logos unless `logos` is false; any field can be overridden.
 */
export function matchOf({
  home = "Bayern",
  away = "Hertha",
  logos = true,
  ...fields
}: Partial<Match> & { home?: string; away?: string; logos?: boolean } = {}): Match {
  const logo = (name: string) => (logos ? `https://media.example/${name}.png` : "");
  return {
    _id: "m1",
    status: "upcoming",
    type: "football",
    league: { name: "Bundesliga", logo: logo("bl") },
    homeTeam: { name: home, logo: logo("home"), score: null },
    awayTeam: { name: away, logo: logo("away"), score: null },
    date: "2026-12-22",
    time: "20:00",
    end_time: "23:59",
    type_match: "video",
    isFirst: false,
    matchUrl: "https://sportbn.example",
    createdAt: "2026-11-20T10:00:00Z",
    updatedAt: "2026-11-20T10:00:00Z",
    ...fields,
  };
}

/** A stream server of match `matchId`, at `https://streams.example/{id}`. */
export const serverOf = (id: string, name: string, matchId = "m1"): OtherServer => ({
  _id: id,
  match_id: matchId,
  name,
  url: `https://streams.example/${id}`,
  createdAt: "2026-11-20T10:00:00Z",
});

/** The `/config` answer with `timeZone` as the zone of match days and times. */
export const configWithZone = (timeZone: string) => ({
  body: {
    status: "success",
    data: {
      sites: {
        apkw: { name: "APKW", url: "https://apkw.example" },
        sportbn: { name: "SportBN", url: "https://sportbn.example" },
        movies: { name: "Movies", url: "https://movies.example" },
      },
      mail: { smtp: false, from: "x@example.com" },
      timeZone,
    },
  },
});
