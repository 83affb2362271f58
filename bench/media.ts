// The media section of `npm run bench` (`BENCH_ONLY=media`, full run only: it makes and uploads 20
// photos of 24 megapixels, minutes on the 2-core machine): `npm start`'s memory while the
// media-variants job processes them, the processing time per image, and a size served by the api
// against a bare node:http server sending the same bytes and headers (docs/MEDIA.md, "Figures").
import { join } from "node:path";
import { noisyJpeg } from "../apps/api/src/routes/media/media.testing.ts";
import { format, load, record, SECONDS, startNpm, treeRss } from "./lib.ts";
import { ADMIN_PASSWORD, running, session, work } from "./servers.ts";
import { bareTwin } from "./twin.ts";

const PHOTOS = 20;
/** The goal of issue 34: the `npm start` tree stays within this while processing. */
const TREE_GOAL_MB = 400;

interface Item {
  _id: string;
  status: "pending" | "ready" | "failed";
  variants: { width: number; format: string; url: string }[];
}

/**
 * Photo-like 6000 × 4000 JPEGs (noise, so they weigh what a camera's do), each its own bytes: one
 * encode, and a JPEG comment naming its number after the start marker (a valid file, another hash).
 */
async function photos(): Promise<Buffer[]> {
  const base = await noisyJpeg(6000, 4000);
  return Array.from({ length: PHOTOS }, (_, n) => {
    const text = Buffer.from(`photo ${n}`);
    const comment = Buffer.from([0xff, 0xfe, 0, text.length + 2]);
    return Buffer.concat([base.subarray(0, 2), comment, text, base.subarray(2)]);
  });
}

export async function media() {
  console.log(`\n13. Media: ${PHOTOS} photos of 24 megapixels processed by npm start, and a size served`);
  const files = await photos();
  // Measured on a restart, as the footprint of `npm start` is (docs/PERFORMANCE.md): a first start
  // (new databases, demo data) idled 80-100 MB higher in the runs of 2026-11-28 (issue 39).
  const env = { DATA_DIR: join(work, "media"), ADMIN_PASSWORD, TRUST_PROXY: "true" };
  const first = await startNpm(env);
  running.push(first);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const firstIdle = treeRss(first.child.pid!).reduce((sum, { mb }) => sum + mb, 0);
  await first.stop();
  running.splice(running.indexOf(first), 1);
  const server = await startNpm(env);
  running.push(server);
  const pid = server.child.pid!;
  // Idle 3 s after it is ready, as in the footprint section: a start's own peak (the databases opened,
  // hundreds of MB for about a second) is not the photos'.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  // Each process of the tree at the peak (npm's own node, the shells, the servers' node): where the memory is.
  const sample = () => {
    const tree = treeRss(pid);
    return { tree, mb: tree.reduce((sum, { mb }) => sum + mb, 0) };
  };
  const idleSample = sample();
  const idle = idleSample.mb;
  let peak = idle;
  let peakTree = idleSample.tree;
  const sampler = setInterval(() => {
    const now = sample();
    if (now.mb > peak) [peak, peakTree] = [now.mb, now.tree];
  }, 100);
  const { authorization, csrf } = await session(server.url);
  const headers = { authorization, "x-csrf-token": csrf };
  const list = async (): Promise<Item[]> =>
    (
      (await (await fetch(`${server.url}/api/v1/apkw/media?limit=100`, { headers })).json()) as {
        data: Item[];
      }
    ).data;

  // Uploaded one after another, as the dashboard sends them; the job works meanwhile.
  const began = performance.now();
  for (const [n, bytes] of files.entries()) {
    const form = new FormData();
    form.append("file", new Blob([bytes]), `photo-${n}.jpg`);
    const answer = await fetch(`${server.url}/api/v1/apkw/media`, { method: "POST", headers, body: form });
    if (answer.status !== 201) throw new Error(`upload ${n}: ${answer.status} ${await answer.text()}`);
  }
  const uploadedS = (performance.now() - began) / 1000;
  // The job handles one image at a time: the time between two images turning ready is one image's.
  const readyAt = new Map<string, number>();
  for (;;) {
    const items = await list();
    for (const item of items)
      if (item.status !== "pending" && !readyAt.has(item._id)) readyAt.set(item._id, performance.now());
    if (items.length === PHOTOS && items.every((item) => item.status !== "pending")) break;
    if (performance.now() - began > 1_800_000) throw new Error("the photos were not processed in 30 minutes");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  clearInterval(sampler);
  const byProcess = (tree: typeof peakTree) =>
    tree.map(({ command, mb }) => `${command.slice(0, 40)} ${Math.round(mb)} MB`).join("; ");
  console.log(`  idle: ${byProcess(idleSample.tree)}\n  peak: ${byProcess(peakTree)}`);
  const items = await list();
  if (items.some((item) => item.status !== "ready")) throw new Error("a photo could not be processed");
  const times = [...readyAt.values()].sort((a, b) => a - b);
  const each = times.slice(1).map((at, i) => at - times[i]!);
  each.sort((a, b) => a - b);
  const p95 = each[Math.min(each.length - 1, Math.ceil(each.length * 0.95) - 1)]!;
  const allS = (times.at(-1)! - began) / 1000;
  record({
    section: "media",
    name: `npm start tree while processing ${PHOTOS} photos of 24 MP (peak resident memory)`,
    value: `${Math.round(peak)} MB (idle ${Math.round(idle)} MB; a first start idles at ${Math.round(firstIdle)} MB)`,
    goal: `≤ ${TREE_GOAL_MB} MB`,
    met: peak <= TREE_GOAL_MB,
  });
  record({
    section: "media",
    name: "processing time per 24 MP photo, p95 (cleaning and six sizes, in the job)",
    value: format.ms(p95),
    goal: "noted",
    reference: `median ${format.ms(each[Math.floor(each.length / 2)]!)}; ${PHOTOS} uploaded in ${uploadedS.toFixed(1)} s, all ready after ${allS.toFixed(1)} s`,
  });

  // A 480-wide WebP served by the api (folder store) against its bare twin, alternating rounds.
  const variant = items[0]!.variants.find((size) => size.width === 480 && size.format === "webp")!;
  const url = `${server.url}${new URL(variant.url).pathname}`;
  const twin = await bareTwin(url);
  try {
    const rounds = 3;
    let measured = 0;
    let reference = 0;
    await load({ url: twin.url, duration: 2 });
    await load({ url, duration: 2 });
    for (let round = 0; round < rounds; round++) {
      reference += (await load({ url: twin.url, duration: SECONDS / rounds })).rate / rounds;
      measured += (await load({ url, duration: SECONDS / rounds })).rate / rounds;
    }
    record({
      section: "media",
      name: "a size served (480 px WebP, folder store): api vs bare node:http",
      value: `${format.rate(measured)} (ratio ${format.ratio(measured / reference)})`,
      goal: "noted",
      reference: `bare node:http ${format.rate(reference)}`,
    });
  } finally {
    twin.close();
  }
  await server.stop();
  running.splice(running.indexOf(server), 1);
}
