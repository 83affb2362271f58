// The overview section of `npm run bench` (full run only; `BENCH_ONLY=overview` runs it alone; goals
// in docs/PRODUCT-RULES.md#overview): 1,000,000 apkw subscriptions, 100,000 movies contact messages and
// 1,000,000 History entries, plus 1,000 sportbn matches with 3,000 checked stream links, made by the
// database itself; then `GET /{site}/overview` p95 of 40 on PGlite and on PostgreSQL, and on PGlite
// the Dashboard's figures visible after navigation in Chromium (median of 3). `BENCH_SCALE=0.01`
// makes every count a hundredth (a try of the section in a minute).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "@backoffice/db";
import { insertBulkRows } from "../apps/api/src/seed/bulk.ts";
import { launchChromium, newPage, visit } from "./browser.ts";
import { format, median, p95, ROOT, type Running, record } from "./lib.ts";

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SUBSCRIPTIONS = Math.round(1_000_000 * SCALE);
const CONTACTS = Math.round(100_000 * SCALE);
const HISTORY = Math.round(1_000_000 * SCALE);
const MATCHES = 1_000;
const count = (n: number) => n.toLocaleString("en-US");

type Start = (name: string, env: Record<string, string>) => Promise<Running>;
type Session = (base: string) => Promise<{ authorization: string }>;

/** The rows, made by the database with the api stopped (PGlite allows one process). */
async function seed(env: Record<string, string>, dataDir: string) {
  const db = await openDatabase({ url: env.DATABASE_URL, dataDir: join(dataDir, "api") });
  try {
    await insertBulkRows(db, { table: "email_subscriptions", site: "apkw", count: SUBSCRIPTIONS, days: 365 });
    await insertBulkRows(db, { table: "contact_messages", site: "movies", count: CONTACTS, days: 365 });
    // History: changes of the three sites' ads over the last year, one every ~30 s (ids in time order).
    await db.query(
      `insert into audit_log (at, batch, actor_email, address, site, resource, record_id, action, before, after)
       select now() - make_interval(secs => ($1::int - g) * 30), gen_random_uuid(), 'admin@example.com', '10.0.0.1',
         (array['apkw', 'sportbn', 'movies'])[1 + g % 3], 'ads', lpad(to_hex(g % 5000), 24, '0'),
         case when g % 10 = 0 then 'create' else 'update' end,
         case when g % 10 = 0 then null else jsonb_build_object('url', 'https://ads.example/' || (g - 1)) end,
         jsonb_build_object('url', 'https://ads.example/' || g, 'isActive', g % 2 = 0)
       from generate_series(1, $1::int) g`,
      [HISTORY],
    );
    // Matches from a week ago to a week on (UTC), each with three checked links, one in ten failing.
    await db.query(
      `insert into matches (id, site, status, type, league_name, league_logo, home_name, home_logo, away_name,
         away_logo, day, time, end_time, type_match, match_url, status_set_at)
       select lpad(to_hex(g), 24, '0'), 'sportbn', 'upcoming', (array['football', 'basketball', 'hockey'])[1 + g % 3],
         'Bench League', '', 'Home ' || g, '', 'Away ' || g, '', to_char(start, 'YYYY-MM-DD'),
         to_char(start, 'HH24:MI'), to_char(start + interval '105 minutes', 'HH24:MI'), 'video',
         'https://streams.example/' || g, now() - interval '8 days'
       from generate_series(1, $1::int) g,
         lateral (select (now() at time zone 'UTC') - interval '7 days' + g * interval '20 minutes' as start) s`,
      [MATCHES],
    );
    await db.query(
      `insert into link_health (match_id, url, site, state, status, checked_at, failing_since)
       select lpad(to_hex(g), 24, '0'), 'https://streams.example/' || g || '/' || k, 'sportbn',
         case when (g + k) % 10 = 0 then 'failing' else 'ok' end, case when (g + k) % 10 = 0 then 500 else 200 end,
         now(), case when (g + k) % 10 = 0 then now() end
       from generate_series(1, $1::int) g, generate_series(0, 2) k`,
      [MATCHES],
    );
    await db.query("analyze");
  } finally {
    await db.close();
  }
}

/** The overview's answers on one engine (p95 of 40), and on PGlite its screen in Chromium. */
export async function overview(
  kind: "PGlite" | "PostgreSQL",
  env: Record<string, string>,
  dataDir: string,
  api: Start,
  session: Session,
  password: string,
) {
  console.log(
    `\n10. Overview (${kind}): ${count(SUBSCRIPTIONS)} subscriptions, ${count(CONTACTS)} contacts, ${count(HISTORY)} History entries`,
  );
  // Nothing answers on this content address: the titles say unavailable at once (not after 2 s).
  const serverEnv = { DATA_DIR: dataDir, SEED_DEMO: "false", CONTENT_URL: "http://127.0.0.1:9", ...env };
  // The first start applies the migrations and makes the admin; the rows come after.
  await (await api(`overview-${kind}`, serverEnv)).stop();
  const seedStarted = performance.now();
  await seed(env, dataDir);
  record({
    section: "overview",
    name: `seed ${count(SUBSCRIPTIONS)} subscriptions, ${count(CONTACTS)} contacts, ${count(HISTORY)} History entries (${kind})`,
    value: `${((performance.now() - seedStarted) / 1000).toFixed(0)} s`,
    goal: "noted",
  });
  const server = await api(`overview-${kind}`, serverEnv);
  try {
    const { authorization } = await session(server.url);
    const cases: [label: string, path: string][] = [
      ["apkw, 30 days", "/api/v1/apkw/overview"],
      ["apkw, 90 days", "/api/v1/apkw/overview?days=90"],
      ["movies, 90 days, inbox never opened (unread counted up to 1,000)", "/api/v1/movies/overview?days=90"],
      ["sportbn, 1,000 matches, 3,000 links", "/api/v1/sportbn/overview"],
    ];
    for (const [label, path] of cases) {
      const once = async () => {
        const answer = await fetch(`${server.url}${path}`, { headers: { authorization } });
        if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
        await answer.arrayBuffer();
      };
      await once(); // warm
      const took = await p95(40, once);
      record({
        section: "overview",
        name: `GET ${label} p95 (${kind})`,
        value: format.ms(took),
        goal: "≤ 100 ms",
        met: took <= 100,
      });
    }
    if (kind === "PGlite") await firstPaint(server.url, password);
  } finally {
    await server.stop();
  }
}

/**
 * The Dashboard in Chromium (the built apps/web, served by the api): from navigation to its figures
 * on screen, median of three navigations from another screen (the first also compiles the chunks).
 */
async function firstPaint(base: string, password: string) {
  if (!existsSync(join(ROOT, "apps/web/dist/index.html")))
    throw new Error("apps/web/dist is missing: run `npm run build` (the web section builds it)");
  const browser = await launchChromium();
  try {
    const page = await newPage(browser);
    await visit(page, `${base}/login`, () => page.getByLabel("Email"), "the Email field");
    await page.getByLabel("Email").fill("admin@example.com");
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("list", { name: "Figures" }).waitFor();
    const visits: number[] = [];
    for (let round = 0; round < 3; round++) {
      await visit(page, `${base}/apkw/apps`, () => page.getByText("Apps & Games", { exact: true }).first());
      const started = performance.now();
      await visit(page, `${base}/apkw`, () => page.getByRole("list", { name: "Figures" }), "the Figures");
      visits.push(performance.now() - started);
    }
    const took = median(visits);
    record({
      section: "overview",
      name: `Dashboard (/apkw) figures on screen after navigation, ${count(SUBSCRIPTIONS)} subscriptions (median of 3)`,
      value: `${format.ms(took)} (first visit ${format.ms(visits[0]!)})`,
      goal: "≤ 1,000 ms",
      met: took <= 1000,
    });
  } finally {
    await browser.close();
  }
}
