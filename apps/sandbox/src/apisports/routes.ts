import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Sport } from "../data/sports-types.ts";
import { dayToIso, isValidTimezone, parseDay, todayIn } from "../lib/time.ts";
import { MediaLinks, RENDERERS } from "./render.ts";
import { gameById, gamesOnDate, isInPlay, type ScheduledGame } from "./schedule.ts";

export const MISSING_KEY_MESSAGE =
  "Error/Missing application key. Go to https://www.api-football.com/documentation-v3 to learn how to get your API application key.";
export const DAILY_LIMIT_MESSAGE =
  "You have reached the request limit for the day, Go to https://dashboard.api-football.com to upgrade your plan.";

export interface ApiSportsOptions {
  now: () => Date;
  baseUrl: (request: FastifyRequest) => string;
  /** Requests a key may make per UTC day, like the provider's plan quota. */
  dailyLimit: number;
  /** Requests per minute reported in the per-minute headers (never enforced). */
  perMinuteLimit?: number;
}

type Errors = Record<string, string>;
type Parameters = Record<string, string>;

const date = (field: string) =>
  z
    .string()
    .refine((v) => parseDay(v) !== null, `The ${field} field must contain a valid date (YYYY-MM-DD).`);
const integer = (field: string) =>
  z.string().regex(/^\d{1,10}$/, `The ${field} field must contain an integer.`);

const common = {
  id: integer("Id").optional(),
  date: date("Date").optional(),
  league: integer("League").optional(),
  team: integer("Team").optional(),
  timezone: z
    .string()
    .refine(isValidTimezone, "The Timezone field must contain a valid timezone (see the timezone endpoint).")
    .optional(),
  live: z
    .string()
    .regex(/^(all|\d{1,6}(-\d{1,6})*)$/, "The Live field must contain 'all' or league ids separated by '-'.")
    .optional(),
};

const footballQuery = z
  .object({
    ...common,
    ids: z
      .string()
      .regex(/^\d{1,10}(-\d{1,10}){0,19}$/, "The Ids field must contain up to 20 ids separated by '-'.")
      .optional(),
    season: z
      .string()
      .regex(/^\d{4}$/, "The Season field must contain 4 characters. Example: 2019.")
      .optional(),
    status: z
      .string()
      .regex(/^[A-Z0-9]{1,4}(-[A-Z0-9]{1,4})*$/, "The Status field must contain statuses separated by '-'.")
      .optional(),
    from: date("From").optional(),
    to: date("To").optional(),
    round: z.string().max(100).optional(),
    venue: integer("Venue").optional(),
  })
  .strict();

const gamesQuery = z
  .object({
    ...common,
    season: z
      .string()
      .regex(/^\d{4}(-\d{4})?$/, "The Season field must contain a season like 2019 or 2019-2020.")
      .optional(),
  })
  .strict();

/** Real parameters of the provider that this sandbox does not serve. */
const UNSERVED = new Set(["last", "next", "h2h", "search"]);

const capitalise = (field: string) => field.charAt(0).toUpperCase() + field.slice(1);

function flatQuery(query: unknown): Parameters {
  const out: Parameters = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    const last = Array.isArray(value) ? value[value.length - 1] : value;
    if (last !== undefined) out[key] = String(last);
  }
  return out;
}

function validate(sport: Sport, parameters: Parameters): Errors {
  const schema = sport === "football" ? footballQuery : gamesQuery;
  const result = schema.safeParse(parameters);
  const errors: Errors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      if (issue.code === "unrecognized_keys") {
        for (const key of issue.keys) {
          errors[key] = UNSERVED.has(key)
            ? `The ${capitalise(key)} parameter is not served by the sandbox.`
            : `The ${capitalise(key)} field do not exist.`;
        }
      } else {
        errors[String(issue.path[0])] = issue.message;
      }
    }
    return errors;
  }
  const p = parameters;
  if (!p.id && !p.ids && !p.live && !p.date && !p.from) {
    errors.required = "At least one of the parameters id, ids, live, date or from/to is required.";
  }
  if ((p.from && !p.to) || (p.to && !p.from)) {
    errors.from = "The From and To fields must be used together.";
  } else if (p.from && p.to) {
    const span = (parseDay(p.to) ?? 0) - (parseDay(p.from) ?? 0);
    if (span < 0 || span > 30) errors.to = "The To field must be a date 0 to 30 days after From.";
  }
  return errors;
}

/** The games a valid query selects, before the filters that need the rendered record. */
function select(sport: Sport, p: Parameters, timeZone: string, now: Date): ScheduledGame[] {
  let games: ScheduledGame[];
  if (p.id || p.ids) {
    const ids = (p.ids ?? p.id ?? "").split("-").map(Number);
    games = ids.map((id) => gameById(sport, id)).filter((g): g is ScheduledGame => g !== null);
  } else if (p.live) {
    const leagues = p.live === "all" ? null : new Set(p.live.split("-").map(Number));
    games = gamesOnDate(sport, todayIn(now, timeZone), timeZone).filter(
      (g) => isInPlay(g) && (!leagues || leagues.has(g.league.id)),
    );
  } else if (p.date) {
    games = gamesOnDate(sport, p.date, timeZone);
  } else {
    const from = parseDay(p.from ?? "") ?? 0;
    const to = parseDay(p.to ?? "") ?? from;
    games = [];
    for (let day = from; day <= to; day++) games.push(...gamesOnDate(sport, dayToIso(day), timeZone));
  }
  return games.filter(
    (g) =>
      (!p.league || g.league.id === Number(p.league)) &&
      (!p.team || [g.home.id, g.away.id].includes(Number(p.team))),
  );
}

/** Filters that compare against the rendered record (season label, status code, round, venue). */
function matchesRendered(sport: Sport, p: Parameters, record: unknown): boolean {
  const r = record as Record<string, Record<string, unknown>>;
  if (p.season && String(r.league?.season).slice(0, p.season.length) !== p.season) return false;
  if (sport === "football") {
    const fixture = r.fixture as { status: { short: string }; venue: { id: number } };
    if (p.status && !p.status.split("-").includes(fixture.status.short)) return false;
    if (p.venue && fixture.venue.id !== Number(p.venue)) return false;
    if (p.round && r.league?.round !== p.round) return false;
  }
  return true;
}

interface Usage {
  day: string;
  used: number;
  minute: number;
  usedThisMinute: number;
}

/** API-Sports stand-in: football v3 `/fixtures`; basketball, hockey, american-football v1 `/games`. */
export async function apiSportsRoutes(app: FastifyInstance, opts: ApiSportsOptions): Promise<void> {
  const usage = new Map<string, Usage>();
  const perMinute = opts.perMinuteLimit ?? 300;

  const envelope = (
    sport: Sport,
    get: string,
    parameters: Parameters,
    errors: Errors,
    response: unknown,
    results: number,
  ) => ({
    get,
    parameters: Object.keys(parameters).length === 0 ? [] : parameters,
    errors: Object.keys(errors).length === 0 ? [] : errors,
    results,
    ...(sport === "football" ? { paging: { current: 1, total: 1 } } : {}),
    response,
  });

  /** Applies the key and quota rules; answers and returns false when the call stops there. */
  const admit = (sport: Sport, get: string, request: FastifyRequest, reply: FastifyReply, count: boolean) => {
    const parameters = flatQuery(request.query);
    const header = request.headers["x-apisports-key"];
    const key = (Array.isArray(header) ? header[0] : header)?.trim() ?? "";
    if (key === "") {
      reply.send(envelope(sport, get, parameters, { token: MISSING_KEY_MESSAGE }, [], 0));
      return null;
    }
    const now = opts.now();
    const day = now.toISOString().slice(0, 10);
    const minute = Math.floor(now.getTime() / 60_000);
    let entry = usage.get(key);
    if (!entry || entry.day !== day) {
      entry = { day, used: 0, minute, usedThisMinute: 0 };
      usage.set(key, entry);
    }
    if (entry.minute !== minute) {
      entry.minute = minute;
      entry.usedThisMinute = 0;
    }
    if (count && entry.used >= opts.dailyLimit) {
      reply.header("x-ratelimit-requests-limit", opts.dailyLimit).header("x-ratelimit-requests-remaining", 0);
      reply.send(envelope(sport, get, parameters, { requests: DAILY_LIMIT_MESSAGE }, [], 0));
      return null;
    }
    if (count) {
      entry.used += 1;
      entry.usedThisMinute += 1;
    }
    reply
      .header("x-ratelimit-requests-limit", opts.dailyLimit)
      .header("x-ratelimit-requests-remaining", Math.max(0, opts.dailyLimit - entry.used))
      .header("x-ratelimit-limit", perMinute)
      .header("x-ratelimit-remaining", Math.max(0, perMinute - entry.usedThisMinute));
    return { parameters, entry };
  };

  const sports: readonly Sport[] = ["football", "basketball", "hockey", "american-football"];
  for (const sport of sports) {
    const get = sport === "football" ? "fixtures" : "games";
    await app.register(
      async (scope) => {
        scope.get(`/${get}`, async (request, reply) => {
          const admitted = admit(sport, get, request, reply, true);
          if (!admitted) return reply;
          const { parameters } = admitted;
          const errors = validate(sport, parameters);
          if (Object.keys(errors).length > 0) return envelope(sport, get, parameters, errors, [], 0);
          const timeZone = parameters.timezone ?? "UTC";
          const media = new MediaLinks(opts.baseUrl(request));
          const response = select(sport, parameters, timeZone, opts.now())
            .map((game) => RENDERERS[sport](game, timeZone, media))
            .filter((record) => matchesRendered(sport, parameters, record));
          return envelope(sport, get, parameters, {}, response, response.length);
        });

        // The account endpoint does not count against the quota, as with the provider.
        scope.get("/status", async (request, reply) => {
          const admitted = admit(sport, "status", request, reply, false);
          if (!admitted) return reply;
          const end = new Date(opts.now().getTime() + 365 * 86_400_000)
            .toISOString()
            .replace(/\.\d{3}Z$/, "+00:00");
          return envelope(
            sport,
            "status",
            admitted.parameters,
            {},
            {
              account: { firstname: "Sandbox", lastname: "Account", email: "sandbox@example.invalid" },
              subscription: { plan: "Sandbox", end, active: true },
              requests: { current: admitted.entry.used, limit_day: opts.dailyLimit },
            },
            1,
          );
        });

        scope.setNotFoundHandler((request, reply) => {
          reply
            .code(404)
            .send(
              envelope(
                sport,
                "",
                flatQuery(request.query),
                { endpoint: "This endpoint do not exist." },
                [],
                0,
              ),
            );
        });
      },
      { prefix: `/${sport}` },
    );
  }
}
