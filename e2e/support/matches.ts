/**
 * A stubbed `GET /api/v1/sportbn/matches` answer that serves both of its readers: a page of Manage
 * Matches or Other Servers (`?page=`: pagination, Match Summary, leagues) and the unpaged working
 * set Fetch Matches compares with (its `data`).
 */
export function matchesAnswer(matches: readonly { league: { name: string }; type: string }[]) {
  return {
    status: "success",
    data: matches,
    pagination: { page: 1, numberOfPages: 1 },
    result: matches.length,
    capped: false,
    summary: {
      live: 0,
      upcoming: matches.length,
      finished: 0,
      leagues: new Set(matches.map((match) => match.league.name)).size,
      sports: new Set(matches.map((match) => match.type)).size,
    },
    leagues: [...new Set(matches.map((match) => match.league.name))],
  };
}
