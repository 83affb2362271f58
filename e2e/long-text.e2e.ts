import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { screenshotsDir } from "./support/env";
import { matchesAnswer } from "./support/matches";

/**
 * Long URLs and names stay inside their card (docs/PRODUCT-RULES.md#shortened-text-and-breakpoints):
 * no card spills into its neighbour at 1280 px, and no screen scrolls sideways at 390 px. The lists
 * are answered by the test, so the shared server's data stays untouched. Shots:
 * `.artifacts/screenshots/long-text-<screen>-<width>.png`.
 */

const at = "2026-01-01T00:00:00.000Z";
const longUrl = `https://streams.example.com/${"live/channel-with-a-very-long-name/".repeat(4)}index.m3u8`;
const longName = "Extraordinarily-Long-Server-Name-Without-Any-Spaces-At-All";
const id = (n: number, c: string) => c.repeat(24 - String(n).length) + String(n);

const match = (n: number) => ({
  _id: id(n, "a"),
  status: "live",
  type: "football",
  league: { name: "An Unusually Long League Name For A Regional Championship", logo: "" },
  homeTeam: { name: "Borussia Monchengladbach Reserves Under-23", logo: "", score: 2 },
  awayTeam: { name: "Eintracht Frankfurt Amateure", logo: "", score: 1 },
  date: "2026-12-22",
  time: "20:00",
  end_time: "23:59",
  type_match: "video",
  isFirst: false,
  matchUrl: "https://sportbn.example",
  createdAt: at,
  updatedAt: at,
});

const ad = (n: number) => ({
  _id: id(n, "b"),
  page: `homepage-${"wide-banner-".repeat(4)}${n}`,
  url: longUrl,
  head: `<script src="${longUrl}"></script>`,
  body: null,
  isActive: n % 2 === 0,
  createdAt: at,
  updatedAt: at,
});

const app = (n: number) => ({
  _id: id(n, "c"),
  title: `An-App-Title-That-Goes-On-And-On-${n}`,
  type: "Productivity-and-Utilities-for-Everyone",
  icon_app: "",
  bg_app: "",
  content: "About it.",
  rating: 4.5,
  size: "20 MB",
  download: "1M+",
  developer: "A-Developer-Studio-With-A-Very-Long-Name-Indeed",
  category: "apps",
  trending: true,
  slider: false,
  supportedDevices: [longUrl, longUrl],
  isFirst: false,
  it: null,
  key: null,
  createdAt: at,
  updatedAt: at,
});

async function answer(
  page: Page,
  pattern: RegExp,
  data: unknown,
  json: object = { status: "success", data },
) {
  await page.route(pattern, (route) =>
    route.request().method() === "GET" ? route.fulfill({ json }) : route.fallback(),
  );
}
const MATCHES = /\/api\/v1\/sportbn\/matches(\?.*)?$/;
const answerMatches = (page: Page) => {
  const matches = [match(1), match(2), match(3)];
  return answer(page, MATCHES, matches, matchesAnswer(matches));
};

/** Where something sticks out: of the page sideways, or of a card. */
function overflows(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    for (const card of Array.from(document.querySelectorAll<HTMLElement>('main [data-slot="card"]'))) {
      const box = card.getBoundingClientRect();
      for (const inner of Array.from(card.querySelectorAll<HTMLElement>("*"))) {
        const r = inner.getBoundingClientRect();
        // A screen-reader-only text is a 1 px box; what is clipped by an ancestor is not seen.
        if (r.width <= 1 || inner.closest(".sr-only")) continue;
        if (r.right > box.right + 1 || r.left < box.left - 1)
          found.push(
            `${card.getAttribute("aria-label") ?? card.dataset.slot}: ${inner.tagName} ${inner.className}`,
          );
      }
    }
    return [...new Set(found)].slice(0, 5);
  });
}

const screens: { name: string; path: string; ready: string; data: (page: Page) => Promise<void> }[] = [
  {
    name: "servers",
    path: "/sportbn/servers",
    ready: "Existing Servers",
    data: async (page) => {
      await answerMatches(page);
      await answer(
        page,
        /\/api\/v1\/sportbn\/other-servers\/all(\?.*)?$/,
        [1, 2, 3].map((n) => ({ _id: id(n, "d"), match_id: id(n, "a"), name: longName, url: longUrl })),
      );
    },
  },
  {
    name: "matches",
    path: "/sportbn/matches",
    ready: "Match Summary",
    data: answerMatches,
  },
  {
    name: "ads-sportbn",
    path: "/sportbn/ads",
    ready: "Updated:",
    data: (page) => answer(page, /\/api\/v1\/sportbn\/ads(\?.*)?$/, [ad(1), ad(2), ad(3)]),
  },
  {
    name: "ads-movies",
    path: "/movies/ads/home",
    ready: "Updated:",
    data: (page) => answer(page, /\/api\/v1\/movies\/ads(\?.*)?$/, [ad(1), ad(2), ad(3)]),
  },
  {
    name: "apps",
    path: "/apkw/apps",
    ready: "3 items found",
    data: (page) => answer(page, /\/api\/v1\/apkw\/apps(\?.*)?$/, [app(1), app(2), app(3)]),
  },
];

for (const { name, path, ready, data } of screens) {
  test(`${name}: long URLs and names stay inside their cards at 1280 and 390 px`, async ({
    page,
    signIn,
  }) => {
    await data(page);
    await signIn(path);
    await expect(page.getByRole("main").getByText(ready).first()).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.waitForTimeout(200);
      await page.screenshot({ path: `${screenshotsDir}/long-text-${name}-${width}.png`, fullPage: true });
      expect(await overflows(page), `${name} at ${width}px`).toEqual([]);
    }
  });
}
