// The windows section of `npm run bench` (issue 33, full run only; `BENCH_ONLY=windows`; goals in
// docs/PRODUCT-RULES.md#performance-goals): on PostgreSQL with 10,000 ad windows stored, one page's
// public read loaded while 100 of its ads open one after another, 200 ms apart. Figures: the share of
// answers given without loading from the database (one load per boundary, no stampede), the read's
// rate against its bare twin, and the delay from each opening to the first answer that has it.
import pg from "pg";
import { format, load, record } from "./lib.ts";
import { api, postgresFor } from "./servers.ts";
import { bareTwin } from "./twin.ts";

const WINDOWS = 10_000;
const OPENINGS = 100;
const STEP_MS = 200;
/** How often the watcher reads the page during the openings (its share of the measured delay). */
const WATCH_MS = 20;
const METRICS_TOKEN = "bench-metrics-token";

/** The public cache's misses so far: each is one load of a read from the database. */
async function misses(base: string): Promise<number> {
  const text = await (
    await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  return Number(/^public_cache_misses_total (\d+)/m.exec(text)?.[1] ?? Number.NaN);
}

export async function windowBoundaries() {
  console.log(
    `\nWindows: ${WINDOWS.toLocaleString("en-US")} ad windows on PostgreSQL; ${OPENINGS} ads of one page open ${STEP_MS} ms apart under load`,
  );
  const database = await postgresFor("windows");
  if (!database) {
    console.log("  no PostgreSQL answered: section skipped");
    return;
  }
  const server = await api("windows", { DATABASE_URL: database.url, METRICS_TOKEN });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  // The openings start once the warm-up is over; the other pages' windows lie ahead, over days.
  const first = Date.now() + 8_000;
  const opensAt = (i: number) => first + (i - 1) * STEP_MS;
  try {
    await client.query(
      `insert into ads (id, site, page, url, is_active, starts_at, ends_at)
       select lpad(to_hex(i), 24, '0'), 'sportbn', case when i <= $2 then 'Boundary' else 'P' || (i % 99) end,
         'https://ads.example/window-' || i, true,
         case when i <= $2 then to_timestamp(($1::bigint + (i - 1) * $3) / 1000.0) else now() + make_interval(mins => i) end,
         case when i <= $2 then null else now() + make_interval(mins => i + 30) end
       from generate_series(1, $4) as i`,
      [first, OPENINGS, STEP_MS, WINDOWS],
    );
  } finally {
    await client.end();
  }
  const url = `${server.url}/api/v1/public/sportbn/ads?page=Boundary`;
  await load({ url, duration: 2 });

  // The watcher: the first moment each ad is in the answer.
  const seen = new Map<string, number>();
  const end = opensAt(OPENINGS) + 1_500;
  const watcher = (async () => {
    while (Date.now() < end) {
      const answer = (await (await fetch(url)).json()) as { data: { url: string }[] };
      const now = Date.now();
      for (const ad of answer.data) if (!seen.has(ad.url)) seen.set(ad.url, now);
      await new Promise((resolve) => setTimeout(resolve, WATCH_MS));
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, first - 500 - Date.now())));
  const missesBefore = await misses(server.url);
  const duration = Math.ceil((end - Date.now()) / 1000);
  const during = await load({ url, duration });
  const loads = (await misses(server.url)) - missesBefore;
  await watcher;

  const twin = await bareTwin(url);
  const bare = await load({ url: twin.url, duration: Math.min(duration, 10) });
  twin.close();

  const frontDoor = 1 - loads / during.sent;
  record({
    section: "windows",
    name: `answers without a database load while ${OPENINGS} windows open`,
    value: `${(frontDoor * 100).toFixed(3)} % (${loads} loads for ${OPENINGS} boundaries, ${during.sent.toLocaleString("en-US")} answers)`,
    goal: "≥ 99 %, about one load per boundary",
    met: frontDoor >= 0.99 && loads <= OPENINGS * 2 + 5,
  });
  record({
    section: "windows",
    name: "read at window boundaries against its bare twin",
    value: `${format.ratio(during.rate / bare.rate)} (${format.rate(during.rate)}, p99 ${format.ms(during.p99)})`,
    goal: "noted",
    reference: `bare ${format.rate(bare.rate)}`,
  });
  const delays = Array.from({ length: OPENINGS }, (_, index) => {
    const at = seen.get(`https://ads.example/window-${index + 1}`);
    return at === undefined ? Number.POSITIVE_INFINITY : at - opensAt(index + 1);
  }).sort((a, b) => a - b);
  const p99 = delays[Math.ceil(delays.length * 0.99) - 1]!;
  record({
    section: "windows",
    name: "delay from a window's start to the public answer having it",
    value: `p99 ${Number.isFinite(p99) ? format.ms(p99) : "never seen"}, p50 ${format.ms(delays[Math.floor(delays.length / 2)]!)} (read every ${WATCH_MS} ms)`,
    goal: "p99 ≤ 1 s",
    met: p99 <= 1_000,
  });
}
