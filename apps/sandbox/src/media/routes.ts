import type { FastifyInstance, FastifyReply } from "fastify";
import { SPORTS } from "../apisports/schedule.ts";
import type { Sport } from "../data/sports-types.ts";
import { IMAGE_INDEX } from "../tmdb/catalog.ts";
import { renderBadge, renderFlag, renderPoster } from "./images.ts";

/** Poster, backdrop, still, logo and profile widths TMDB serves, plus its one height size. */
export const IMAGE_SIZES = [
  "w45",
  "w92",
  "w154",
  "w185",
  "w300",
  "w342",
  "w500",
  "w780",
  "w1280",
  "h632",
  "original",
];
const ORIGINAL = { poster: [1000, 1500], backdrop: [1280, 720] } as const;

const IMAGE_FILE = /^[A-Za-z0-9_-]{1,64}\.(jpg|jpeg|png|svg)$/;
const LOGO_FILE = /^(\d{1,7})\.png$/;
const FLAG_FILE = /^([a-z]{2}(-[a-z]{2,3})?)\.svg$/;

/** Names behind the logo URLs the fixtures carry: "sport:teams:id" and "sport:leagues:id". */
const NAMES = new Map<string, string>();
for (const [sport, config] of Object.entries(SPORTS)) {
  for (const league of config.leagues) {
    NAMES.set(`${sport}:leagues:${league.id}`, league.name);
    for (const team of league.teams) NAMES.set(`${sport}:teams:${team.id}`, team.name);
  }
}

/** Bounded memo of generated images: the same URL always gives the same bytes. */
class ImageCache {
  private readonly entries = new Map<string, Buffer | string>();
  private readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  get<T extends Buffer | string>(key: string, make: () => T): T {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit as T;
    }
    const value = make();
    this.entries.set(key, value);
    if (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return value;
  }
}

function sendImage(reply: FastifyReply, type: string, body: Buffer | string) {
  return reply
    .header("content-type", type)
    .header("cache-control", "public, max-age=604800, immutable")
    .send(body);
}

const notFound = (reply: FastifyReply) =>
  reply.code(404).send({ status: "fail", message: "Image not found" });

/** Generated stand-ins for media.api-sports.io (logos, flags) and image.tmdb.org (posters). */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const cache = new ImageCache(400);

  app.get<{ Params: { sport: string; kind: string; file: string } }>(
    "/media/:sport/:kind/:file",
    async (request, reply) => {
      const { sport, kind, file } = request.params;
      const match = LOGO_FILE.exec(file);
      if (!(sport in SPORTS) || (kind !== "teams" && kind !== "leagues") || !match) return notFound(reply);
      const key = `${sport as Sport}:${kind}:${Number(match[1])}`;
      const name = NAMES.get(key);
      if (!name) return notFound(reply);
      const png = cache.get(key, () => renderBadge(name, kind === "teams" ? "round" : "square"));
      return sendImage(reply, "image/png", png);
    },
  );

  app.get<{ Params: { file: string } }>("/media/flags/:file", async (request, reply) => {
    const match = FLAG_FILE.exec(request.params.file);
    if (!match) return notFound(reply);
    const code = match[1] as string;
    return sendImage(
      reply,
      "image/svg+xml",
      cache.get(`flag:${code}`, () => renderFlag(code)),
    );
  });

  app.get<{ Params: { size: string; file: string } }>(
    "/tmdb-images/t/p/:size/:file",
    async (request, reply) => {
      const { size, file } = request.params;
      if (!IMAGE_SIZES.includes(size) || !IMAGE_FILE.test(file)) return notFound(reply);
      const info = IMAGE_INDEX.get(file);
      const shape = info?.shape ?? "poster";
      const [originalWidth, originalHeight] = ORIGINAL[shape];
      const ratio = originalHeight / originalWidth;
      let width: number = originalWidth;
      let height: number = originalHeight;
      if (size.startsWith("w")) {
        width = Number(size.slice(1));
        height = Math.round(width * ratio);
      } else if (size.startsWith("h")) {
        height = Number(size.slice(1));
        width = Math.round(height / ratio);
      }
      const png = cache.get(`tmdb:${size}:${file}`, () =>
        renderPoster({
          width,
          height,
          seed: file,
          title: info?.title ?? null,
          subtitle: info?.subtitle ?? null,
        }),
      );
      return sendImage(reply, "image/png", png);
    },
  );
}
