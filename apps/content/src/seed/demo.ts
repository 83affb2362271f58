import type { Queryable } from "@backoffice/db";
import { titlesRepository } from "../repositories/titles.ts";
import { DEMO_TITLES } from "./demo-titles.ts";

const HOUR_MS = 3_600_000;

/** Adds the demo titles, spaced an hour apart so the newest-first order is the listed order. */
export async function seedDemoTitles(db: Queryable, now: number = Date.now()): Promise<number> {
  const titles = titlesRepository(db);
  for (const [index, demo] of DEMO_TITLES.entries()) {
    await titles.insert(
      {
        type: demo.type,
        tmdbId: demo.tmdbId,
        title: demo.title,
        overview: demo.overview,
        status: demo.status,
        poster_path: demo.poster_path,
        vote_average: demo.vote_average,
        releaseDate: demo.releaseDate,
        genres: demo.genres.map((name) => ({ name })),
        featured: demo.featured ?? false,
        lockerSelected: demo.lockerSelected ?? false,
      },
      new Date(now - index * HOUR_MS),
    );
  }
  return DEMO_TITLES.length;
}
