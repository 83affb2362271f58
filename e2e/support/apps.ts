import type { AppDetails } from "@backoffice/contracts";
import type { Page } from "@playwright/test";
import { baseUrl } from "./env";

/** A catalogue entry as the API takes it (older client form: booleans as text, `supportedDevices[]`). */
export type AppSeed = AppDetails & {
  trending?: boolean;
  slider?: boolean;
  isFirst?: boolean;
  supportedDevices?: [string, string];
  it?: string;
  key?: string;
};

export type StoredApp = AppSeed & { _id: string; it: string | null; key: string | null };

/** Image hosts the tests answer themselves: one serves pictures, the other always fails. */
export const IMAGES = "https://img.apkw.test";
export const BROKEN_IMAGES = "https://broken.apkw.test";
export const DEVICES = "https://devices.apkw.test";

const palette = ["#6366f1", "#0ea5e9", "#f97316", "#10b981", "#e11d48", "#a855f7"];

/** A small generated picture: a gradient with the file name's first letter. */
function svgFor(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const a = palette[hash % palette.length];
  const b = palette[(hash >>> 3) % palette.length];
  const letter = (name.match(/[a-z]/i)?.[0] ?? "A").toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="160" viewBox="0 0 320 160">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="320" height="160" fill="url(#g)"/>
<text x="160" y="104" font-family="sans-serif" font-size="80" font-weight="700" fill="white" text-anchor="middle">${letter}</text>
</svg>`;
}

/** Serves the test image hosts inside the page (no network needed). */
export async function routeImages(page: Page) {
  await page.route(`${IMAGES}/**`, (route) => {
    const name = new URL(route.request().url()).pathname.split("/").pop() ?? "a";
    return route.fulfill({ status: 200, contentType: "image/svg+xml", body: svgFor(name) });
  });
  await page.route(`${BROKEN_IMAGES}/**`, (route) => route.fulfill({ status: 404, body: "not found" }));
}

/** An authenticated call to the API (with a CSRF token for writes). */
export async function call(token: string, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (method !== "GET") {
    const csrf = await fetch(`${baseUrl()}/api/v1/csrf`, { headers });
    headers["x-csrf-token"] = ((await csrf.json()) as { csrfToken: string }).csrfToken;
  }
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${baseUrl()}/api/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  }).catch((error: Error) => {
    throw new Error(`${method} ${path}: ${error.name === "TimeoutError" ? "no answer within 60 s" : error}`);
  });
  const json = (await res.json().catch(() => undefined)) as { data?: unknown; message?: string } | undefined;
  if (!res.ok && res.status !== 404) throw new Error(`${method} ${path}: ${res.status} ${json?.message}`);
  return json;
}

export async function listApps(token: string): Promise<StoredApp[]> {
  return ((await call(token, "GET", "/apkw/apps"))?.data ?? []) as StoredApp[];
}

/** Empties the apkw catalogue. */
export async function clearApps(token: string) {
  const ids = (await listApps(token)).map((app) => app._id);
  if (ids.length) await call(token, "DELETE", "/apkw/apps", { ids });
}

export async function createApp(token: string, app: AppSeed): Promise<StoredApp> {
  const { supportedDevices, trending, slider, isFirst, ...rest } = app;
  const answer = await call(token, "POST", "/apkw/apps", {
    ...rest,
    trending: String(trending ?? false),
    slider: String(slider ?? false),
    isFirst: String(isFirst ?? false),
    "supportedDevices[]": supportedDevices ?? [`${DEVICES}/android`, `${DEVICES}/ios`],
  });
  return answer?.data as StoredApp;
}

/** A complete app with pictures from the test image host. */
export function sampleApp(title: string, overrides: Partial<AppSeed> = {}): AppSeed {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return {
    title,
    type: "Tools",
    icon_app: `${IMAGES}/${slug}-icon.svg`,
    bg_app: `${IMAGES}/${slug}-bg.svg`,
    content: `${title} does useful things.`,
    rating: 4.5,
    size: "45 MB",
    download: "1M+",
    developer: "Acme Studio",
    category: "apps",
    ...overrides,
  };
}
