let day = 0;
// A valid match for the API tests: the flattened payload, as the dashboard and Accept send it (isFirst as text).
export const validMatch = (overrides: Record<string, unknown> = {}) => ({
  league_name: "Premier League",
  league_logo: "https://media.example/leagues/39.png",
  homeTeam_name: "Arsenal",
  homeTeam_logo: "https://media.example/teams/42.png",
  awayTeam_name: "Chelsea",
  awayTeam_logo: "https://media.example/teams/49.png",
  // Each call gets its own day, so fixtures never collide unless a test wants them to.
  date: new Date(Date.UTC(2027, 0, 1) + day++ * 86_400_000).toISOString().slice(0, 10),
  time: "20:00",
  end_time: "23:59",
  isFirst: "false",
  matchUrl: "https://sportbn.example",
  ...overrides,
});
