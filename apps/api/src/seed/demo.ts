import { randomUUID } from "node:crypto";
import type { AppInput, CreateAdBody, Site } from "@backoffice/contracts";
import {
  LEAGUE_LOGOS_PATH,
  type MatchSport,
  type MatchStatus,
  PREDEFINED_LEAGUES,
} from "@backoffice/contracts";
import { type Database, withAudit } from "@backoffice/db";
import { adsRepository } from "../routes/ads/repository.ts";
import { appsRepository } from "../routes/apps/repository.ts";
import { contactsRepository } from "../routes/contacts/repository.ts";
import { DEMO_IMAGES_PATH } from "../routes/demo-images.ts";
import { emailsRepository } from "../routes/emails/repository.ts";
import { matchesRepository } from "../routes/matches/repository.ts";
import { otherServersRepository } from "../routes/other-servers/repository.ts";
import { arrivals, type TrafficShape } from "./traffic.ts";

const adScript = (network: string, slot: string) =>
  `<script async src="https://${network}/tag.js" data-slot="${slot}"></script>`;

const demoAds: Record<Site, CreateAdBody[]> = {
  apkw: [
    {
      page: "Home",
      url: "https://ads.adnetwork.example/apkw/home",
      head: adScript("ads.adnetwork.example", "apkw-home"),
      body: null,
      isActive: true,
    },
    {
      page: "Download",
      url: "https://ads.adnetwork.example/apkw/download",
      head: null,
      body: adScript("ads.adnetwork.example", "apkw-dl"),
      isActive: true,
    },
    {
      page: "App details",
      url: "https://popunder.example/apkw",
      head: null,
      body: adScript("popunder.example", "apkw-pop"),
      isActive: false,
    },
  ],
  sportbn: [
    {
      page: "Home",
      url: "https://ads.adnetwork.example/sportbn/home",
      head: adScript("ads.adnetwork.example", "sbn-home"),
      body: null,
      isActive: true,
    },
    {
      page: "Match",
      url: "https://video-ads.example/sportbn/preroll",
      head: null,
      body: adScript("video-ads.example", "sbn-preroll"),
      isActive: true,
    },
    {
      page: "Schedule",
      url: "https://banners.example/sportbn/schedule",
      head: null,
      body: adScript("banners.example", "sbn-schedule"),
      isActive: false,
    },
  ],
  movies: [
    {
      page: "home",
      url: "https://ads.adnetwork.example/movies/home",
      head: adScript("ads.adnetwork.example", "mv-home"),
      body: null,
      isActive: true,
    },
    {
      page: "info",
      url: "https://banners.example/movies/info",
      head: null,
      body: adScript("banners.example", "mv-info"),
      isActive: true,
    },
    {
      page: "player",
      url: "https://video-ads.example/movies/player",
      head: null,
      body: adScript("video-ads.example", "mv-player"),
      isActive: true,
    },
    {
      page: "browse",
      url: "https://popunder.example/movies/browse",
      head: null,
      body: adScript("popunder.example", "mv-browse"),
      isActive: false,
    },
  ],
};

const firstNames = [
  "liam",
  "olivia",
  "noah",
  "emma",
  "mateo",
  "sofia",
  "lucas",
  "amelia",
  "yusuf",
  "hana",
  "ivan",
  "chloe",
  "diego",
  "mia",
  "arjun",
  "zoe",
  "kofi",
  "lea",
  "omar",
  "nina",
  "tom",
  "ana",
  "jonas",
];
const domains = ["gmail.com", "outlook.com", "yahoo.com", "proton.me", "icloud.com"];

const apps: (Omit<AppInput, "icon_app" | "bg_app"> & { title: string; icon: string; background: string })[] =
  [
    ["Subway Surfers", "Arcade", "SYBO Games", "games", 4.5, "180 MB", "1B+", true],
    ["Clash of Clans", "Strategy", "Supercell", "games", 4.6, "260 MB", "500M+", true],
    ["Minecraft", "Sandbox", "Mojang", "games", 4.6, "650 MB", "100M+", false],
    ["Asphalt 9: Legends", "Racing", "Gameloft SE", "games", 4.4, "2.1 GB", "100M+", false],
    ["Candy Crush Saga", "Puzzle", "King", "games", 4.6, "90 MB", "1B+", true],
    ["PUBG Mobile", "Action", "Level Infinite", "games", 4.2, "1.1 GB", "500M+", false],
    ["Stardew Valley", "Simulation", "ConcernedApe", "games", 4.8, "160 MB", "10M+", false],
    ["WhatsApp Messenger", "Communication", "WhatsApp LLC", "apps", 4.3, "60 MB", "5B+", true],
    ["Spotify: Music and Podcasts", "Music & Audio", "Spotify AB", "apps", 4.4, "95 MB", "1B+", true],
    [
      "CapCut - Video Editor",
      "Video Players & Editors",
      "Bytedance Pte. Ltd.",
      "apps",
      4.5,
      "210 MB",
      "500M+",
      false,
    ],
    ["Notion", "Productivity", "Notion Labs, Inc.", "apps", 4.7, "40 MB", "10M+", false],
    ["VLC for Android", "Video Players & Editors", "Videolabs", "apps", 4.4, "45 MB", "100M+", false],
    ["Duolingo: Language Lessons", "Education", "Duolingo", "apps", 4.7, "70 MB", "500M+", false],
  ].map(([title, type, developer, category, rating, size, download, trending], index) => {
    const slug = String(title)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/-$/, "");
    return {
      title: String(title),
      type: String(type),
      developer: String(developer),
      category: category as "apps" | "games",
      rating: Number(rating),
      size: String(size),
      download: String(download),
      trending: Boolean(trending),
      slider: index % 4 === 0,
      isFirst: index === 0 || index === 7,
      icon: `icon/${slug}.svg`,
      background: `background/${slug}.svg`,
      content: `${title} by ${developer}: download the latest version, read what's new and see the requirements before installing.`,
      supportedDevices: [
        `https://play.google.com/store/apps/details?id=com.${slug.replaceAll("-", ".")}`,
        `https://apps.apple.com/app/${slug}`,
      ],
      it: index === 1 ? "locker-clash" : undefined,
      key: index === 1 ? "k-7f3a91" : undefined,
    };
  });

const lastNames = ["martin", "garcia", "smith", "rossi", "nowak", "khan", "silva", "muller", "okafor"];

/**
 * The demo's intake over the last 90 days (docs/PRODUCT-RULES.md#overview), the way real traffic falls:
 * apps and games subscribers and the movies site's contact messages come on weekdays more than at
 * weekends, sports fans at weekends (the matches are then); each grows over the period. The seeds make
 * it the same on every first start of a day.
 */
const DEMO_DAYS = 90;
const INTAKE: Record<"apkw" | "sportbn" | "movies", TrafficShape & { seed: number }> = {
  apkw: { seed: 3801, perDay: 6, growth: 0.8, week: [0.65, 1.1, 1.1, 1.05, 1.05, 0.95, 0.6] },
  sportbn: { seed: 3802, perDay: 3, growth: 0.9, week: [1.6, 0.8, 0.75, 0.8, 0.8, 0.95, 1.7] },
  movies: { seed: 3803, perDay: 2, growth: 1.5, week: [0.6, 1.15, 1.1, 1.1, 1.05, 1, 0.65] },
};

/** The demo's stream servers: the provider sandbox's `/streams/{name}` (apps/sandbox), reached at SANDBOX_URL. */
interface DemoOptions {
  publicUrl: string;
  /** The sandbox's streams, e.g. `http://127.0.0.1:8082/streams`. */
  streamsUrl: string;
  admin?: { id: string; email: string };
  /** The moment the intake ends at (now). */
  now?: number;
}

/** Realistic sample content for every module, so a first start shows working screens. */
export async function seedDemoData(
  db: Database,
  { publicUrl, streamsUrl, admin, now = Date.now() }: DemoOptions,
): Promise<void> {
  for (const [site, ads] of Object.entries(demoAds) as [Site, CreateAdBody[]][]) {
    const repository = adsRepository(db, site);
    for (const ad of ads) await repository.create(ad);
  }
  const pages: Record<"apkw" | "sportbn", string[]> = {
    apkw: [
      "https://apkw.example/",
      "https://apkw.example/games/minecraft",
      "https://apkw.example/apps/notion",
    ],
    sportbn: [
      "https://sportbn.example/",
      "https://sportbn.example/match/arsenal-vs-chelsea",
      "https://sportbn.example/nba",
    ],
  };
  for (const site of ["apkw", "sportbn"] as const) {
    const repository = emailsRepository(db, site);
    const times = arrivals(INTAKE[site], { seed: INTAKE[site].seed, now, days: DEMO_DAYS });
    // All at once: the intake's group commit stores them in a few multi-row statements.
    await Promise.all(
      times.map((at, i) => {
        const name = `${firstNames[i % firstNames.length]}.${lastNames[i % lastNames.length]}${i}`;
        const email = `${name}@${domains[i % domains.length]}`;
        return repository.subscribe(email, pages[site][i % pages[site].length]!, at);
      }),
    );
  }
  const repository = appsRepository(db);
  // Images the product serves itself (routes/demo-images.ts), so the first screen has no broken ones.
  const images = `${publicUrl.replace(/\/+$/, "")}${DEMO_IMAGES_PATH}`;
  for (const { icon, background, ...app } of apps) {
    await repository.create({ ...app, icon_app: `${images}/${icon}`, bg_app: `${images}/${background}` });
  }
  await seedMatches(db, publicUrl.replace(/\/+$/, ""), streamsUrl.replace(/\/+$/, ""));
  await seedContacts(db, now);
  if (admin) await seedDemoHistory(db, admin);
}

/**
 * A few changes by the first admin, logged as admin writes are (the data above is not: it was
 * there before anyone), so History, an ad's versions and the Trash have something to show.
 */
async function seedDemoHistory(db: Database, admin: { id: string; email: string }) {
  for (const site of Object.keys(demoAds) as Site[]) {
    const as = {
      batch: randomUUID(),
      actorId: admin.id,
      actorEmail: admin.email,
      address: "127.0.0.1",
      site,
    };
    const ads = adsRepository(db, site);
    await withAudit(as, async () => {
      const [withScript] = (await ads.list()).filter((ad) => ad.head);
      if (withScript) {
        await ads.update(withScript._id, {
          head: `${withScript.head}\n<script async src="https://cdn.adnetwork.example/consent.js"></script>`,
        });
      }
      const retired = await ads.create({
        page: demoAds[site][0]!.page,
        url: `https://ads.oldnetwork.example/${site}/spring-promo`,
        head: null,
        body: `<a href="https://ads.oldnetwork.example/${site}/spring-promo">Spring promo</a>`,
        isActive: false,
      });
      await ads.remove(retired._id);
    });
  }
}

const contactSubjects: [string, string][] = [
  [
    "Broken player on Dune",
    "The player stops after ten minutes on Dune: Part Two, on Chrome and Firefox alike.",
  ],
  ["Subtitle request", "Could you add French subtitles to Breaking Bad season 2? Thank you!"],
  [
    "Advertising enquiry",
    "We would like to place a banner on your home page next month. Who should we talk to?",
  ],
  ["Wrong poster", "The poster shown for Coco is the one from another film."],
  ["Locker wait too long", "The wait before each episode feels longer than 30 seconds on my phone."],
  ["Thank you", "Great selection of classics, keep it up."],
  ["Missing episode", "Arcane season 1 episode 7 does not load, the others do."],
  ["Copyright notice", "Please contact us about a title you list; details in the attached notice."],
];
const contactPages = [
  "https://movies.example/",
  "https://movies.example/info/dune",
  "https://movies.example/browse",
  null,
];

/** The movies site's messages over the last 90 days (INTAKE), so the inbox has pages and the chart a period. */
async function seedContacts(db: Database, now: number): Promise<void> {
  const repository = contactsRepository(db, "movies");
  const times = arrivals(INTAKE.movies, { seed: INTAKE.movies.seed, now, days: DEMO_DAYS });
  await Promise.all(
    times.map((at, i) => {
      const [subject, message] = contactSubjects[i % contactSubjects.length]!;
      const first = firstNames[i % firstNames.length]!;
      return repository.add(
        {
          email: `${first.toLowerCase()}.${i}@${domains[i % domains.length]}`,
          firstName: first,
          lastName: ["Martin", "Garcia", "Smith", "Rossi", "Nowak"][i % 5]!,
          subject,
          message,
          page: contactPages[i % contactPages.length]!,
        },
        at,
      );
    }),
  );
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** [sport, league index, home, away, status, day offset, time, scores] */
const demoMatches: [
  MatchSport,
  number,
  string,
  string,
  MatchStatus,
  number,
  string,
  [number, number] | null,
][] = [
  ["football", 1, "Arsenal", "Chelsea", "live", 0, "20:00", [1, 0]],
  ["football", 0, "Real Madrid", "Bayern Munich", "upcoming", 1, "21:00", null],
  ["football", 2, "Barcelona", "Atletico Madrid", "finished", -1, "18:30", [2, 2]],
  ["football", 3, "Inter", "AC Milan", "upcoming", 2, "20:45", null],
  ["basketball", 0, "Boston Celtics", "New York Knicks", "live", 0, "19:30", [58, 61]],
  ["basketball", 1, "Real Madrid Baloncesto", "Olympiacos", "finished", -1, "20:00", [88, 81]],
  ["tennis", 2, "Carlos Alcaraz", "Jannik Sinner", "upcoming", 3, "14:00", null],
  ["hockey", 0, "Boston Bruins", "Toronto Maple Leafs", "finished", -2, "01:00", [3, 2]],
  ["hockey", 0, "Edmonton Oilers", "Vegas Golden Knights", "upcoming", 1, "03:00", null],
  ["AM-football", 0, "Green Bay Packers", "Chicago Bears", "live", 0, "18:00", [17, 10]],
  ["AM-football", 0, "Kansas City Chiefs", "Buffalo Bills", "upcoming", 4, "22:20", null],
];

/**
 * Stored matches across the five sports and three statuses, the live ones with extra servers. Every
 * stream link is one of the sandbox's streams (healthy); one server is its `offline` stream, down on
 * purpose, so link health has a failure to show.
 */
async function seedMatches(db: Database, publicUrl: string, streamsUrl: string) {
  const matches = matchesRepository(db, "sportbn");
  const servers = otherServersRepository(db, "sportbn");
  const today = Date.now();
  for (const [
    index,
    [type, leagueIndex, home, away, status, offset, time, scores],
  ] of demoMatches.entries()) {
    const league = PREDEFINED_LEAGUES[type][leagueIndex]!;
    const logo = (team: string) => `${publicUrl}${DEMO_IMAGES_PATH}/icon/${slugOf(team)}.svg`;
    const slug = slugOf(`${home}-vs-${away}`);
    const match = await matches.create({
      status,
      type,
      league_name: league.name,
      league_logo: `${publicUrl}${LEAGUE_LOGOS_PATH}/${league.logo}`,
      homeTeam_name: home,
      homeTeam_logo: logo(home),
      homeTeam_score: scores?.[0] ?? null,
      awayTeam_name: away,
      awayTeam_logo: logo(away),
      awayTeam_score: scores?.[1] ?? null,
      date: new Date(today + offset * 86_400_000).toISOString().slice(0, 10),
      time,
      end_time: "23:59",
      type_match: index % 3 === 2 ? "iframe" : "video",
      isFirst: index === 0,
      matchUrl: `${streamsUrl}/${slug}`,
    });
    if (status === "live") {
      await servers.create({ match_id: match._id, name: "HD Server", url: `${streamsUrl}/${slug}-hd` });
      await servers.create({
        match_id: match._id,
        name: "Backup",
        url: type === "basketball" ? `${streamsUrl}/offline` : `${streamsUrl}/${slug}-backup`,
      });
    }
  }
}
