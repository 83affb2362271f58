// The public reads section of `npm run bench` (`BENCH_ONLY=reads`; CI's short run keeps three reads):
// each read against its bare twin, the revalidation's 304, and an admin write seen by the next read.
import { join } from "node:path";
import { CONNECTIONS, type Running, record, SECONDS, SHORT, startServer } from "./lib.ts";
import { api, CONTENT, running, session, work } from "./servers.ts";
import { readRatio } from "./twin.ts";

// 1. Public reads against a bare server sending the same bytes, in the same run.
export async function publicReads() {
  console.log(
    `\n1. Public reads: ${CONNECTIONS} connections, ${SECONDS} s each, against a bare node:http twin`,
  );
  const server = await api("reads");
  const content = await startServer(CONTENT, { DATA_DIR: join(work, "reads") }, "CONTENT_PORT");
  running.push(content);
  const reads: [string, string, Running][] = [
    ["ads of a page", `${server.url}/api/v1/public/sportbn/ads?page=Home`, server],
    ["locker", `${server.url}/api/v1/public/sportbn/locker`, server],
    ["apps catalogue", `${server.url}/api/v1/public/apkw/apps`, server],
    ["sportbn matches", `${server.url}/api/v1/public/sportbn/matches`, server],
    ["content service list", `${content.url}/api/movies`, content],
  ];
  for (const [name, url, by] of SHORT ? reads.slice(0, 3) : reads)
    await readRatio("public reads", name, url, by, by === server);
  if (SHORT) return;

  // A CDN or browser revalidating its copy (max-age 30 s): If-None-Match with the current ETag, 304
  // with no body, against a bare twin answering the same 304 (issue 39: 0.21 before, the route
  // answered every one).
  const ads = reads[0]![1];
  const etag = (await fetch(ads)).headers.get("etag")!;
  await readRatio("public reads", "ads of a page revalidated (304)", ads, server, true, {
    "if-none-match": etag,
  });

  // An admin write is visible on the next read.
  const { authorization, csrf } = await session(server.url);
  const before = await (await fetch(`${server.url}/api/v1/public/apkw/ads`)).text();
  const created = await fetch(`${server.url}/api/v1/apkw/ads`, {
    method: "POST",
    headers: { authorization, "x-csrf-token": csrf, "content-type": "application/json" },
    body: JSON.stringify({ page: "Bench", url: "https://ads.example/bench", isActive: "true" }),
  });
  const after = await (await fetch(`${server.url}/api/v1/public/apkw/ads`)).text();
  record({
    section: "public reads",
    name: "admin write visible on the next read",
    value: created.ok && after !== before && after.includes("ads.example/bench") ? "yes" : "no",
    goal: "yes",
    met: created.ok && after.includes("ads.example/bench"),
  });
}
