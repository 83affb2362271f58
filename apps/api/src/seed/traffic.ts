/**
 * When the demo's subscriptions and contact messages arrived: spread over the last days the way real
 * traffic falls, so a first start's overview shows a period, not one bar in an empty month
 * (docs/PRODUCT-RULES.md#overview). Deterministic: the same seed and day give the same arrivals.
 */
export interface TrafficShape {
  /** Arrivals on an average day at the start of the period. */
  perDay: number;
  /** How much busier the period's last day is than its first (0.8: 80 % more), growing evenly. */
  growth: number;
  /** Each weekday's weight against an average day, Sunday first (UTC days). */
  week: readonly [number, number, number, number, number, number, number];
}

const DAY = 86_400_000;

/** Arrivals by hour of the day (UTC): quiet at night, busiest in the evening. */
const HOURS = [
  0.3, 0.2, 0.15, 0.1, 0.1, 0.15, 0.3, 0.55, 0.8, 1, 1.05, 1.1, 1.15, 1.1, 1.05, 1.05, 1.1, 1.2, 1.4, 1.6,
  1.65, 1.45, 1, 0.6,
];
const HOURS_TOTAL = HOURS.reduce((sum, weight) => sum + weight, 0);

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** How many arrive in a day whose mean is `mean` (Poisson, Knuth's way: means here are small). */
function poisson(mean: number, next: () => number): number {
  const limit = Math.exp(-mean);
  let count = 0;
  for (let product = next(); product > limit; product *= next()) count++;
  return count;
}

/** An instant of the day starting at `start`, following the hours' weights. */
function momentOf(start: number, next: () => number): number {
  let pick = next() * HOURS_TOTAL;
  let hour = 0;
  while (hour < 23 && pick >= HOURS[hour]!) pick -= HOURS[hour++]!;
  return start + hour * 3_600_000 + Math.floor(next() * 3_600_000);
}

/**
 * The arrivals of the last `days` UTC days up to `now` (today so far included), oldest first: each
 * day's mean is `perDay` grown along the period and weighted by its weekday, its count drawn from it.
 */
export function arrivals(shape: TrafficShape, options: { seed: number; now: number; days: number }): Date[] {
  const next = random(options.seed);
  const today = Math.floor(options.now / DAY) * DAY;
  const times: number[] = [];
  for (let index = 0; index < options.days; index++) {
    const start = today - (options.days - 1 - index) * DAY;
    const grown = 1 + (shape.growth * index) / Math.max(1, options.days - 1);
    const mean = shape.perDay * grown * shape.week[new Date(start).getUTCDay()]!;
    const count = poisson(mean, next);
    // Today's arrivals past this moment have not happened yet.
    for (let i = 0; i < count; i++) {
      const at = momentOf(start, next);
      if (at <= options.now) times.push(at);
    }
  }
  return times.sort((a, b) => a - b).map((at) => new Date(at));
}
