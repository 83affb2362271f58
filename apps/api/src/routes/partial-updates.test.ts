import {
  APP_MESSAGES,
  adPagesOf,
  FILLED_ON_UPDATE_KEY,
  LOCKER_TYPES_OF,
  SITE_RESOURCES,
  type Site,
  type SiteResource,
  WINDOW_MESSAGES,
} from "@backoffice/contracts";
import { LIVE_MESSAGES, VERSION_HEADER } from "@backoffice/contracts/live";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContentService, startContentService } from "../../test/content-service.ts";
import { signedInApp } from "../../test/helpers.ts";
import { validApp } from "./apps/app.testing.ts";
import { validMatch } from "./matches/match.testing.ts";

// docs/PRODUCT-RULES.md#answers-and-errors: an update may leave a field out (unchanged), but a
// required field sent blank or null is refused, naming it. Every PUT and PATCH route of a record of a
// site is tested here: its fields, and which of them may never be blank (`x-filled-on-update`, set
// by `partialUpdate` of the contracts, or the body's `required`), are read from the api's OpenAPI
// description; this file only knows how to make a record and two valid values of each field. A
// new update route fails the first test until it is covered below or listed with its reason.

type Body = Record<string, unknown>;
/** A record as the api answers it. */
type Item = Record<string, unknown>;

interface JsonSchema {
  properties?: Record<string, unknown>;
  required?: string[];
  [FILLED_ON_UPDATE_KEY]?: string[];
}
interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        responses?: Record<string, unknown>;
      }
    >
  >;
}

/** Update routes whose body is whole by nature, with the reason. */
const WHOLE_BODIES: Record<string, string> = {
  // An image's file never changes through an update (routes/media): its alt text is all there is to edit.
  ...Object.fromEntries(
    SITE_RESOURCES.media.map((site) => [
      `PATCH /api/v1/${site}/media/{id}`,
      "an image's alt text is its one field: the text is the update",
    ]),
  ),
  // A replaced image's file is the whole of what a replace sends (routes/media, multipart).
  ...Object.fromEntries(
    SITE_RESOURCES.media.map((site) => [
      `PUT /api/v1/${site}/media/{id}/file`,
      "a replace sends the new file, multipart: the file is the update",
    ]),
  ),
  // A pending change's time is all a reschedule gives (routes/schedule).
  ...Object.fromEntries(
    SITE_RESOURCES.schedule.map((site) => [
      `PATCH /api/v1/${site}/schedule/{id}`,
      "a reschedule's one field is when the change applies: the time is the update",
    ]),
  ),
  "PUT /api/v1/history/retention":
    "History's retention is one setting (days, or null for ever): the setting is the update",
  "PATCH /api/v1/webhooks/{id}":
    "each field is optional already (url, sites, events, active) and one left out is unchanged; routes/integrations/webhooks.test.ts switches an endpoint on with `active` alone",
  "PUT /api/v1/team/sso":
    "the team's sign-in rule is one decision: SSO only, its break-glass Owners and the allowed domains are sent together",
  "PATCH /api/v1/team/sso/providers/{id}":
    "each field is optional already (a client secret left out is kept); routes/auth/oidc.test.ts changes a provider against a real identity provider",
  "PUT /api/v1/auth/me/edit-profile":
    "Edit Profile sends its whole form: the email always (a new one takes effect once the code mailed to it is entered), a new password only with the current one",
  "PATCH /api/v1/team/members/{id}":
    "a member's access level and sites are one decision (an Owner has every site; sites null is all of them): both are sent together",
  "PATCH /api/v1/auth/passkeys/{id}": "a passkey's name is its one field: the name is the update",
  "PUT /api/v1/auth/second-factor/policy":
    "one switch (a second factor required or not): the switch is the update",
  "PUT /api/v1/movies/contacts/seen": "no body: it records that the member opened the inbox now",
  "PATCH /api/v1/auth/sessions/{id}": "a session's name is its one field: the name is the update",
  "PATCH /api/v1/movies/contacts":
    "a bulk mark of the messages named by `ids`: `read` and `answered` are each optional already, and a mark left out is unchanged",
};

interface UpdateRoute {
  resource: SiteResource;
  method: "PUT" | "PATCH";
  /** The path after `/api/v1/{site}`, as the OpenAPI description writes it. */
  path: string;
  /** Makes a record on `site` and answers its id. */
  create(site: Site, first: Body): Promise<string>;
  /** The record as the site's list or read shows it. */
  read(site: Site, id: string): Promise<Item>;
  /**
   * A whole valid body, and a second one giving each field of the route another valid value (the
   * same where only one is valid on the site): each is sent alone.
   */
  bodies(site: Site): [Body, Body];
  /** Fields the route takes and ignores. */
  ignored?: string[];
  /** Two spellings of one field: a whole body sends one of them. */
  aliases?: [string, string][];
  /** Answer fields stamped with the moment of the write: compared as set or not. */
  stamped?: string[];
  /** Why `{}` is refused, when it is. */
  emptyRefused?: string;
  /** Bodies that are valid alone but leave a record the rules of several fields refuse. */
  mergedRefusals?: { body: Body; message: string }[];
}

const SECRET = "partial-updates-content-secret-0123";
let content: ContentService;
beforeAll(async () => {
  content = await startContentService(SECRET);
}, 60_000);
afterAll(() => content?.stop());
const t = signedInApp(() => ({ CONTENT_URL: content.url, CONTENT_HMAC_SECRET: SECRET }));

const api = (site: Site, path: string) => `/api/v1/${site}${path}`;
async function ok(method: "GET" | "POST", url: string, payload?: object) {
  const answer = await t.admin(method, url, payload);
  expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBeLessThan(300);
  return answer.json();
}
const findIn = (list: Item[], id: string) => {
  const found = list.find((item) => item._id === id);
  if (!found) throw new Error(`record ${id} is not in the list`);
  return found;
};

let titles = 0;
async function restoredTitle(): Promise<string> {
  const id = `${(0x65a1b2c3 + titles++).toString(16)}d4e5f60718293a4b`;
  const now = new Date().toISOString();
  const answer = await content.signed("POST", "/api/movies/restore", {
    titles: [
      {
        _id: id,
        title: "A restored title",
        overview: "",
        type: "movie",
        status: "Released",
        featured: false,
        lockerSelected: false,
        poster_path: null,
        vote_average: null,
        releaseDate: "2020-01-01",
        genres: [],
        tmdbId: null,
        createdAt: now,
        updatedAt: now,
      },
    ],
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
  return id;
}
const readTitle = async (_site: Site, id: string) =>
  findIn((await t.admin("GET", "/api/v1/movies/catalog")).json(), id);

/** Two valid windows (docs/PRODUCT-RULES.md#windows), each end alone valid with the other's: one closed, one open-ended. */
const WINDOWS = [
  { startsAt: "2027-01-01T10:00:00.000Z", endsAt: "2027-03-01T10:00:00.000Z" },
  { startsAt: "2027-02-01T10:00:00.000Z", endsAt: null },
] as const;
/** The windows of an app's Trending and Slider flags, from `WINDOWS`. */
const flagWindows = (index: 0 | 1) => ({
  trendingStartsAt: WINDOWS[index].startsAt,
  trendingEndsAt: WINDOWS[index].endsAt,
  sliderStartsAt: WINDOWS[index].startsAt,
  sliderEndsAt: WINDOWS[index].endsAt,
});
/** An end alone before the stored start: refused on the record as it would be. */
const WINDOW_REFUSAL = {
  body: { endsAt: "2026-12-01T00:00:00.000Z" },
  message: WINDOW_MESSAGES.endBeforeStart,
};

const ROUTES: UpdateRoute[] = [
  {
    resource: "ads",
    method: "PUT",
    path: "/ads/{id}",
    create: async (site, first) => (await ok("POST", api(site, "/ads"), first)).data._id,
    read: async (site, id) => findIn((await ok("GET", api(site, "/ads"))).data, id),
    bodies: (site) => {
      const pages = adPagesOf(site);
      return [
        {
          page: pages?.[0] ?? "home-banner",
          url: "https://ads.example/first",
          head: "<script>first()</script>",
          body: null,
          isActive: false,
          ...WINDOWS[0],
        },
        {
          page: pages?.[1] ?? "sidebar",
          url: "https://ads.example/second",
          head: null,
          body: "<div>second</div>",
          isActive: true,
          ...WINDOWS[1],
        },
      ];
    },
    mergedRefusals: [WINDOW_REFUSAL],
  },
  {
    resource: "matches",
    method: "PUT",
    path: "/other-servers/{id}",
    create: async (site, first) => {
      const match = (await ok("POST", api(site, "/matches"), validMatch())).data._id;
      return (await ok("POST", api(site, "/other-servers"), { match_id: match, ...first })).data._id;
    },
    read: async (site, id) => findIn((await ok("GET", api(site, "/other-servers/all"))).data, id),
    bodies: () => [
      { name: "Server one", url: "https://streams.example/one", ...WINDOWS[0] },
      { name: "Server two", url: "https://streams.example/two", ...WINDOWS[1] },
    ],
    mergedRefusals: [WINDOW_REFUSAL],
  },
  {
    resource: "apps",
    method: "PUT",
    path: "/apps/{id}",
    create: async (site, first) => (await ok("POST", api(site, "/apps"), first)).data._id,
    read: async (site, id) => findIn((await ok("GET", api(site, "/apps"))).data, id),
    bodies: () => [
      validApp({ it: "locker-it-one", key: "locker-key-one", ...flagWindows(0) }),
      {
        title: "Spotify Music",
        type: "Music",
        icon_app: "https://cdn.example/icons/spotify.png",
        bg_app: "https://cdn.example/bg/spotify.jpg",
        content: "Music for everyone.",
        rating: 4.8,
        size: "90 MB",
        download: "500M+",
        developer: "Spotify AB",
        category: "apps",
        trending: false,
        slider: true,
        isFirst: true,
        supportedDevices: ["https://play.example/spotify", "https://apps.example/spotify"],
        "supportedDevices[]": ["https://play.example/music", "https://apps.example/music"],
        it: "locker-it-two",
        key: "locker-key-two",
        ...flagWindows(1),
      },
    ],
    aliases: [["supportedDevices", "supportedDevices[]"]],
    // Blank clears the locker's key; an It without its key is refused on the merged app; so is a
    // flag's end alone before its stored start.
    mergedRefusals: [
      { body: { key: "" }, message: APP_MESSAGES.keyMissing },
      { body: { trendingEndsAt: WINDOW_REFUSAL.body.endsAt }, message: WINDOW_MESSAGES.endBeforeStart },
      { body: { sliderEndsAt: WINDOW_REFUSAL.body.endsAt }, message: WINDOW_MESSAGES.endBeforeStart },
    ],
  },
  {
    resource: "matches",
    method: "PUT",
    path: "/matches/{id}",
    create: async (site, first) => (await ok("POST", api(site, "/matches"), first)).data._id,
    read: async (site, id) => findIn((await ok("GET", api(site, "/matches"))).data, id),
    bodies: () => [
      validMatch({ status: "upcoming", homeTeam_score: 1, awayTeam_score: 0, type_match: "video" }),
      {
        // A status set by hand before kick-off, and another day in the future: the clock agrees after either.
        status: "live",
        type: "basketball",
        league_name: "NBA",
        league_logo: "https://media.example/leagues/12.png",
        homeTeam_name: "Lakers",
        homeTeam_logo: "https://media.example/teams/145.png",
        homeTeam_score: 101,
        awayTeam_name: "Celtics",
        awayTeam_logo: "https://media.example/teams/133.png",
        awayTeam_score: null,
        date: validMatch().date,
        time: "18:30",
        end_time: "21:00",
        type_match: "iframe",
        isFirst: "true",
        matchUrl: "https://sportbn.example/second",
        feed_sport: "basketball",
        feed_fixture_id: "12345",
        feed_status: "NS",
      },
    ],
    // An accepted fixture's feed fields are kept at the accept only.
    ignored: ["feed_sport", "feed_fixture_id", "feed_status"],
  },
  {
    resource: "locker",
    method: "PUT",
    path: "/locker/{id}",
    // Each locker site has its record from the start.
    create: async (site) => (await ok("GET", api(site, "/locker"))).data[0]._id,
    read: async (site) => (await ok("GET", api(site, "/locker"))).data[0],
    bodies: (site) => {
      const types = LOCKER_TYPES_OF[site] ?? ["js"];
      return [
        { site, type: types[0], seconds: 30, isActive: true, ...WINDOWS[0] },
        { site, type: types.at(-1), seconds: "45", isActive: "false", ...WINDOWS[1] },
      ];
    },
    mergedRefusals: [WINDOW_REFUSAL],
  },
  {
    resource: "catalog",
    method: "PATCH",
    path: "/catalog/{id}",
    create: () => restoredTitle(),
    read: readTitle,
    bodies: () => [
      {
        title: "Title one",
        overview: "The first overview.",
        status: "Released",
        featured: false,
        featuredStartsAt: WINDOWS[0].startsAt,
        featuredEndsAt: WINDOWS[0].endsAt,
        poster_path: "/one.jpg",
        vote_average: 7.5,
        lockerSelected: false,
      },
      {
        title: "Title two",
        overview: "",
        status: null,
        featured: "true",
        featuredStartsAt: WINDOWS[1].startsAt,
        featuredEndsAt: WINDOWS[1].endsAt,
        poster_path: "https://images.example/two.jpg",
        vote_average: "8",
        lockerSelected: true,
      },
    ],
    // The Featured window's end alone before its stored start (checked by the content service).
    mergedRefusals: [
      { body: { featuredEndsAt: WINDOW_REFUSAL.body.endsAt }, message: WINDOW_MESSAGES.endBeforeStart },
    ],
    emptyRefused:
      "at least one field: without one, the version the edit sends (If-Match) would change nothing",
  },
  {
    resource: "catalog",
    method: "PATCH",
    path: "/catalog/{id}/locker",
    create: () => restoredTitle(),
    read: readTitle,
    bodies: () => [{ lockerSelected: false }, { lockerSelected: true }],
  },
  {
    resource: "contacts",
    method: "PATCH",
    path: "/contacts/{id}/read",
    create: async (site) => {
      const sent = await t.inject({
        method: "POST",
        url: `/api/v1/public/${site}/contacts`,
        payload: { email: "reader@example.com", message: "Hello there" },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      return (await ok("GET", api(site, "/contacts?limit=1"))).data[0]._id;
    },
    read: async (site, id) => (await ok("GET", api(site, `/contacts/${id}`))).data,
    bodies: () => [{ read: false }, { read: true }],
    stamped: ["readAt"],
  },
];

function updateOperations(): { key: string; body: JsonSchema | undefined; versioned: boolean }[] {
  const spec = (t.app as unknown as { swagger(): OpenApi }).swagger();
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => method === "put" || method === "patch")
      .map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path}`,
        body: operation.requestBody?.content["application/json"]?.schema,
        versioned: Boolean(operation.responses?.["409"]),
      })),
  );
}

const without = (body: Body, ...fields: string[]) =>
  Object.fromEntries(Object.entries(body).filter(([field]) => !fields.includes(field)));
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

describe("updates that leave fields out (docs/PRODUCT-RULES.md#answers-and-errors)", () => {
  it("covers every PUT and PATCH route of the api, or says why its body is whole", () => {
    const covered = ROUTES.flatMap((route) =>
      SITE_RESOURCES[route.resource].map((site) => `${route.method} ${api(site, route.path)}`),
    );
    const listed = updateOperations().map((operation) => operation.key);
    expect(listed.filter((key) => !covered.includes(key) && !(key in WHOLE_BODIES))).toEqual([]);
    expect([...covered, ...Object.keys(WHOLE_BODIES)].filter((key) => !listed.includes(key))).toEqual([]);
  });

  const cases = ROUTES.flatMap((route) =>
    SITE_RESOURCES[route.resource].map((site) => ({
      key: `${route.method} ${api(site, route.path)}`,
      route,
      site,
    })),
  );
  it.each(cases)(
    "$key",
    async ({ key, route, site }) => {
      const operation = updateOperations().find((candidate) => candidate.key === key);
      expect(operation?.body, `${key} has a body in the OpenAPI description`).toBeDefined();
      const schema = operation!.body!;
      const fields = Object.keys(schema.properties ?? {});
      const required = schema.required ?? [];
      const filled = [...new Set([...(schema[FILLED_ON_UPDATE_KEY] ?? []), ...required])];
      const [first, second] = route.bodies(site);
      expect(
        fields.filter((field) => !(field in second)),
        "fields without a value here",
      ).toEqual([]);
      expect(filled.filter((field) => !fields.includes(field))).toEqual([]);

      const id = await route.create(site, first);
      const url = api(site, route.path.replace("{id}", id));
      const comparable = (record: Item) => {
        const { updatedAt: _updatedAt, health: _health, replies: _replies, ...rest } = record;
        for (const field of route.stamped ?? []) rest[field] = rest[field] !== null;
        return rest;
      };
      const send = async (body: Body, status = 200, headers: Record<string, string> = {}) => {
        const answer = await t.admin(route.method, url, body, headers);
        expect(answer.statusCode, `${key} ${JSON.stringify(body)}: ${answer.body}`).toBe(status);
        return answer.json();
      };
      const reset = async () => comparable((await send(first)).data);

      // Each field alone changes that field only: the record is the one a whole body with it would leave.
      for (const field of fields) {
        const before = await reset();
        const alone = comparable((await send({ [field]: second[field] })).data);
        const partner = route.aliases?.find((pair) => pair.includes(field))?.find((other) => other !== field);
        await reset();
        const whole = comparable(
          (await send({ ...without(first, partner ?? ""), [field]: second[field] })).data,
        );
        expect(alone, `${key} {${field}} alone`).toEqual(whole);
        if (!same(first[field], second[field]) && !route.ignored?.includes(field))
          expect(alone, `${key} {${field}} alone changed it`).not.toEqual(before);
      }

      // Leaving every field out changes nothing, where the body has fields to leave out.
      const before = await reset();
      if (required.length) {
        const answer = await send({}, 400);
        expect(answer.errors.map((error: { path: string }) => error.path)).toEqual(required);
      } else if (route.emptyRefused) {
        await send({}, 400);
      } else {
        expect(comparable((await send({})).data)).toEqual(before);
      }
      expect(comparable(await route.read(site, id))).toEqual(before);

      // A required field blank or null is refused naming it, and nothing is stored.
      for (const field of filled) {
        for (const blank of ["", "   ", null]) {
          const answer = await send({ [field]: blank }, 400);
          const named = new Set(answer.errors?.map((error: { path: string }) => error.path));
          expect([...named], `${key} {${field}: ${JSON.stringify(blank)}}`).toEqual([field]);
        }
      }
      expect(comparable(await route.read(site, id))).toEqual(before);

      for (const { body, message } of route.mergedRefusals ?? []) {
        expect((await send(body, 400)).message).toBe(message);
        expect(comparable(await route.read(site, id))).toEqual(before);
      }

      // A field alone is checked against the version the edit loaded (If-Match), like a whole body.
      if (operation!.versioned) {
        const field = fields.find(
          (name) => !same(first[name], second[name]) && !route.ignored?.includes(name),
        )!;
        const stale = await send({ [field]: second[field] }, 409, {
          [VERSION_HEADER]: `"2000-01-01T00:00:00.000Z"`,
        });
        expect(stale.message).toBe(LIVE_MESSAGES.conflict);
        const stored = await route.read(site, id);
        expect(comparable(stored)).toEqual(before);
        await send({ [field]: second[field] }, 200, { [VERSION_HEADER]: `"${stored.updatedAt}"` });
      }
    },
    120_000,
  );
});
