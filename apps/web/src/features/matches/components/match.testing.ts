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
  startsAt: null,
  endsAt: null,
  createdAt: "2026-11-20T10:00:00Z",
});

/**
 * `GET /matches` as the api answers it (docs/PRODUCT-RULES.md#matches-and-the-sports-feed), over
 * `matches` (the working set): filtered by the query's sport, status, league and q, in the server's
 * order (or earliest kick-off first), one page of them with Match Summary and the leagues when `page`
 * or `limit` is given, else the spec's `{status, data}`. `older` lists the matches finished earlier.
 */
export function matchesApi(matches: Match[] | (() => Match[]), older: Match[] = []) {
  return (call: { query: URLSearchParams }) => {
    const all = typeof matches === "function" ? matches() : matches;
    const q = call.query;
    const needle = (q.get("q") ?? "").toLowerCase();
    const chosen = (q.get("status") === "older" ? older : all).filter(
      (m) =>
        (!q.get("sport") || m.type === q.get("sport")) &&
        (!q.get("status") || q.get("status") === "older" || m.status === q.get("status")) &&
        (!q.get("league") || m.league.name === q.get("league")) &&
        (!needle ||
          [m.homeTeam.name, m.awayTeam.name, m.league.name].some((text) =>
            text.toLowerCase().includes(needle),
          )),
    );
    if (q.get("sort") === "earliest")
      chosen.sort((a, b) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`));
    if (!q.has("page") && !q.has("limit")) return { body: { status: "success", data: chosen } };
    const page = Number(q.get("page") ?? 1);
    const limit = Number(q.get("limit") ?? 20);
    const count = (status: Match["status"]) => all.filter((m) => m.status === status).length;
    return {
      body: {
        status: "success",
        data: chosen.slice((page - 1) * limit, page * limit),
        pagination: { page, numberOfPages: Math.max(1, Math.ceil(chosen.length / limit)) },
        result: chosen.length,
        capped: false,
        summary: {
          live: count("live"),
          upcoming: count("upcoming"),
          finished: count("finished"),
          leagues: new Set(all.map((m) => m.league.name)).size,
          sports: new Set(all.map((m) => m.type)).size,
        },
        leagues: [...new Set([...all, ...older].map((m) => m.league.name))].sort(),
      },
    };
  };
}
