// The start section of `npm run bench` (`BENCH_ONLY=start`, full run only): `npm start` as a user
// runs it, its memory idle and after load, and its idle CPU.
import { join } from "node:path";
import { INTAKE_FORMS, postFromManyAddresses } from "./intake.ts";
import { cpuMicros, load, ROOT, record, SECONDS, startNpm, treeRss } from "./lib.ts";
import { ADMIN_PASSWORD, running, session, work } from "./servers.ts";

/** How long `npm start`'s idle CPU is measured (docs/decisions/009-job-runner.md, "Idle means idle"). */
const IDLE_SECONDS = 60;

/**
 * What `npm start` leaves running, npm itself included: its memory after a restart on the data of a
 * first start, idle and after load (public reads, intake, admin lists, the sports feed and the movie
 * database through the sandbox, posters, the content service's public list), read 3 s after the load.
 */
export async function npmStart() {
  console.log("\n6. npm start: the memory of every process it leaves running");
  const env = { DATA_DIR: join(work, "npm-start"), ADMIN_PASSWORD, TRUST_PROXY: "true", LOG_LEVEL: "info" };
  const tree = (root: number) => {
    const processes = treeRss(root);
    const total = processes.reduce((sum, { mb }) => sum + mb, 0);
    const each = processes.map(({ command, mb }) => {
      const name = command.startsWith("npm") ? "npm" : (command.split(" ").at(-1) ?? command);
      return `${name.replace(ROOT, "")} ${Math.round(mb)}`;
    });
    return { total, value: `${Math.round(total)} MB (${each.join(", ")})` };
  };
  const startIdle = async (name: string) => {
    const started = await startNpm(env);
    running.push(started);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    record({ section: "footprint", name, value: tree(started.child.pid!).value, goal: "noted" });
    return started;
  };
  await (await startIdle("npm start, first run (new databases, demo data), idle")).stop();
  const server = await startIdle("npm start, restart, idle");
  // Idle CPU (issue 39, item 4): every process of the tree, from /proc/<pid>/stat, over a minute
  // in which nothing is asked of it (the job runner's schedule and the servers' own timers only).
  const treeCpu = () => treeRss(server.child.pid!).reduce((sum, { pid }) => sum + cpuMicros(pid), 0);
  const idleFrom = { cpu: treeCpu(), at: performance.now() };
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idleShare = (treeCpu() - idleFrom.cpu) / ((performance.now() - idleFrom.at) * 1000);
  record({
    section: "footprint",
    name: `npm start, restart, idle CPU over ${IDLE_SECONDS} s`,
    value: `${(100 * idleShare).toFixed(2)} % of a core`,
    goal: "≤ 0.3 %",
    reference: "before: 1.43-1.53 % (pg-boss polling five queues every 5 s)",
    met: idleShare <= 0.003,
  });
  const duration = Math.min(SECONDS, 3);
  const { authorization } = await session(server.url);
  for (const path of [
    "/api/v1/public/sportbn/ads?page=Home",
    "/api/v1/public/sportbn/locker",
    "/api/v1/public/apkw/apps",
    "/api/v1/public/sportbn/matches",
  ])
    await load({ url: `${server.url}${path}`, duration });
  for (const [, path, body] of INTAKE_FORMS)
    await postFromManyAddresses(`${server.url}${path}`, body, duration);
  for (const path of [
    "/api/v1/apkw/emails?page=1",
    "/api/v1/movies/contacts?page=1",
    "/api/v1/movies/catalog",
    "/api/v1/apkw/history?page=1",
  ])
    await load({ url: `${server.url}${path}`, headers: { authorization }, duration });
  const admin = (path: string) => fetch(`${server.url}${path}`, { headers: { authorization } });
  for (const sport of ["football", "basketball", "hockey", "am-football"])
    await (await admin(`/api/v1/sportbn/connect/${sport}`)).arrayBuffer();
  const posters = new Set<string>();
  for (const kind of ["movie", "tv"])
    for (let page = 1; page <= 5; page++) {
      const answer = (await (await admin(`/api/v1/tmdb/trending/${kind}/day?page=${page}`)).json()) as {
        results?: { poster_path?: string | null; backdrop_path?: string | null }[];
      };
      for (const item of answer.results ?? [])
        for (const file of [item.poster_path, item.backdrop_path]) if (file) posters.add(file);
    }
  for (const file of posters)
    for (const size of ["w185", "w500"])
      await (await fetch(`${server.url}/api/v1/tmdb/images/${size}${file}`)).arrayBuffer();
  await load({ url: `${server.contentUrl}/api/movies`, duration });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const after = tree(server.child.pid!);
  record({
    section: "footprint",
    name: "npm start, every process it leaves running, after load",
    value: after.value,
    goal: "≤ 400 MB",
    reference: "before: 1,039 MB (npm, launcher, content, sandbox, api)",
    met: after.total <= 400,
  });
  await server.stop();
}
