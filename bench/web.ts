// The web section of `npm run bench` (`BENCH_ONLY=web`, full run only): the dashboard in Chromium,
// /login on the wire and its JavaScript, the lazy chunks, Largest Contentful Paint, and the movies
// list with 5,000 titles (movies-list.ts).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { launchChromium, newPage, visit } from "./browser.ts";
import { format, ROOT, record, startServer } from "./lib.ts";
import { fiveThousandTitles, moviesList } from "./movies-list.ts";
import { ADMIN_PASSWORD, api, CONTENT, running, work } from "./servers.ts";

/** Bytes of one response as the browser received it (headers and body, compressed as sent). */
interface Received {
  url: string;
  type: string;
  encoding: string;
  bytes: number;
}

/** Every response of `page` from now on, with its size on the wire (Chromium's Network domain). */
async function onTheWire(page: Page): Promise<Map<string, Received>> {
  const received = new Map<string, Received>();
  const cdp = await page.context().newCDPSession(page);
  cdp.on("Network.responseReceived", (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    received.set(event.requestId, {
      url: event.response.url,
      type: event.type ?? "Other",
      encoding: String(headers["content-encoding"] ?? "none"),
      bytes: 0,
    });
  });
  cdp.on("Network.loadingFinished", (event) => {
    const response = received.get(event.requestId);
    if (response) response.bytes = event.encodedDataLength;
  });
  await cdp.send("Network.enable");
  return received;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** The lazy-chunk goal (docs/PRODUCT-RULES.md#performance-goals), gzipped; e2e/bundle.e2e.ts holds it too. */
const LAZY_CHUNK_GOAL = 60 * 1024;

// 5. The dashboard in Chromium: /login on the wire and its JavaScript, lazy chunks, Largest Contentful Paint.
export async function dashboard() {
  const dist = join(ROOT, "apps/web/dist");
  if (!existsSync(join(dist, "index.html"))) {
    console.log("\n5. Dashboard: building apps/web (npm run build)");
    const build = spawn("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
    const [code] = await once(build, "exit");
    if (code !== 0) throw new Error("npm run build failed");
  }
  console.log("\n4–5. Dashboard in Chromium (loopback), the movies list with 5,000 titles");
  const dataDir = join(work, "web");
  await fiveThousandTitles(join(dataDir, "content"));
  const content = await startServer(CONTENT, { DATA_DIR: dataDir, SEED_DEMO: "false" }, "CONTENT_PORT");
  running.push(content);
  const server = await api("web", { CONTENT_URL: content.url });
  const browser = await launchChromium();
  try {
    const page = await newPage(browser);
    const scripts = new Map<string, number>();
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      const body = await response.body().catch(() => null);
      if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
    });
    const wire = await onTheWire(page);
    const lcp = async (path: string, ready: string) => {
      await visit(
        page,
        `${server.url}${path}`,
        () => page.getByText(ready, { exact: true }).first(),
        `"${ready}"`,
      );
      // The largest paint so far; NaN when the page reports none within 10 s.
      return page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            setTimeout(() => resolve(Number.NaN), 10_000);
            new PerformanceObserver((entries) => {
              const last = entries.getEntries().at(-1);
              resolve(last ? last.startTime : Number.NaN);
            }).observe({ type: "largest-contentful-paint", buffered: true } as never);
          }),
      );
    };
    const login = await lcp("/login", "Sign In");
    await page.waitForLoadState("networkidle");
    // What a first visit of /login receives: the page, its scripts and styles, its API calls.
    const loginLoad = [...wire.values()];
    const bytesOf = (type: string) =>
      loginLoad.filter((response) => response.type === type).reduce((sum, { bytes }) => sum + bytes, 0);
    const onWire = loginLoad.reduce((sum, { bytes }) => sum + bytes, 0);
    const scriptBytes = bytesOf("Script");
    const encodings = [...new Set(loginLoad.filter((r) => r.type === "Script").map((r) => r.encoding))];
    record({
      section: "dashboard",
      name: "/login JavaScript on the wire (first visit, headers included)",
      value: `${kb(scriptBytes)} in ${loginLoad.filter((r) => r.type === "Script").length} files (${encodings.join(", ")})`,
      goal: "≤ 90 KB",
      reference: "before: 285.5 KB, sent uncompressed",
      met: scriptBytes <= 90 * 1024,
    });
    record({
      section: "dashboard",
      name: "/login on the wire, every response (first visit)",
      value:
        `${kb(onWire)} in ${loginLoad.length} responses: JavaScript ${kb(scriptBytes)}, ` +
        `CSS ${kb(bytesOf("Stylesheet"))}, HTML ${kb(bytesOf("Document"))}, other ${kb(
          onWire - scriptBytes - bytesOf("Stylesheet") - bytesOf("Document"),
        )}`,
      goal: "noted",
      reference: "before: 351.4 KB",
    });
    const loginJs = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    record({
      section: "dashboard",
      name: "/login JavaScript, gzip",
      value: `${(loginJs / 1024).toFixed(1)} KB in ${scripts.size} files`,
      goal: "≤ 100 KB (the build test fails above 150 KB)",
      met: loginJs <= 100 * 1024,
    });
    const loginFiles = new Set([...scripts.keys()].map((path) => path.split("/").pop()));
    const chunks = readdirSync(join(dist, "assets"))
      .filter((file) => file.endsWith(".js") && !loginFiles.has(file))
      .map((file) => ({
        file,
        size: gzipSync(readFileSync(join(dist, "assets", file)), { level: 9 }).length,
      }))
      .sort((a, b) => b.size - a.size);
    const over = chunks.filter((chunk) => chunk.size > LAZY_CHUNK_GOAL);
    record({
      section: "dashboard",
      name: `every lazy chunk, gzip (${chunks.length} chunks)`,
      value:
        `largest ${kb(chunks[0]!.size)} (${chunks[0]!.file})` +
        (over.length
          ? `; above the goal: ${over.map((chunk) => `${chunk.file} ${kb(chunk.size)}`).join(", ")}`
          : ""),
      goal: "each ≤ 60 KB",
      reference: "before: day-bars 114 KB (Recharts)",
      met: over.length === 0,
    });
    record({ section: "dashboard", name: "LCP of /login", value: format.ms(login), goal: "noted" });
    await page.getByLabel("Email").fill("admin@example.com");
    await page.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    // Signing in lands on the site's overview (/apkw) since the Dashboard item came.
    await page.waitForURL((url) => url.pathname.startsWith("/apkw"));
    record({
      section: "dashboard",
      name: "LCP of /apkw/apps",
      value: format.ms(await lcp("/apkw/apps", "Apps & Games")),
      goal: "noted",
    });
    await moviesList(page, server.url);
    record({
      section: "dashboard",
      name: "LCP of /movies/list (5,000 titles)",
      value: format.ms(await lcp("/movies/list", "Movies & TV List")),
      goal: "noted",
    });
  } finally {
    await browser.close();
    await server.stop();
  }
}
