// The two section of `npm run bench` (`BENCH_ONLY=two`, full run only): two api instances on one
// PostgreSQL database and Redis behind a round-robin proxy.
import { format, load, record, startHelper } from "./lib.ts";
import { api, session } from "./servers.ts";
import { bareTwin, READ_GOAL } from "./twin.ts";

// 7. Two api instances on one PostgreSQL database and Redis behind a round-robin proxy.
export async function twoInstances(databaseUrl: string) {
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379",
  };
  const one = await api("two-a", env);
  const two = await api("two-b", env);
  const path = "/api/v1/public/sportbn/ads?page=Home";
  const twinA = await bareTwin(`${one.url}${path}`);
  const twinB = await bareTwin(`${two.url}${path}`);
  const bareProxy = await startHelper("bench/round-robin.ts", [
    new URL(twinA.url).origin,
    new URL(twinB.url).origin,
  ]);
  const apiProxy = await startHelper("bench/round-robin.ts", [one.url, two.url]);
  const reference = await load({ url: `${bareProxy.url}${path}` });
  const measured = await load({ url: `${apiProxy.url}${path}` });
  const ratio = measured.rate / reference.rate;
  record({
    section: "two instances",
    name: "ads of a page across two api instances (round-robin proxy) req/s ratio",
    value: `${format.ratio(ratio)} (${format.rate(measured.rate)})`,
    goal: `≥ ${READ_GOAL}`,
    reference: `two bare twins behind the same proxy ${format.rate(reference.rate)}`,
    met: ratio >= READ_GOAL,
  });
  // An ad changed through one instance is served by the other's next read.
  const { authorization, csrf } = await session(one.url);
  await fetch(`${two.url}/api/v1/public/apkw/ads`); // cached on B
  const started = performance.now();
  await fetch(`${one.url}/api/v1/apkw/ads`, {
    method: "POST",
    headers: { authorization, "x-csrf-token": csrf, "content-type": "application/json" },
    body: JSON.stringify({ page: "Everywhere", url: "https://ads.example/shared", isActive: "true" }),
  });
  let seenMs = Number.POSITIVE_INFINITY;
  while (performance.now() - started < 5000) {
    if ((await (await fetch(`${two.url}/api/v1/public/apkw/ads`)).text()).includes("ads.example/shared")) {
      seenMs = performance.now() - started;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  record({
    section: "two instances",
    name: "ad changed through A, served by B",
    value: Number.isFinite(seenMs) ? `after ${format.ms(seenMs)}` : "not within 5 s",
    goal: "≤ 1 s",
    met: seenMs <= 1000,
  });
  for (const closing of [bareProxy, apiProxy, twinA, twinB]) closing.close();
  await one.stop();
  await two.stop();
}
