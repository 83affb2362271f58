import type { Site } from "@backoffice/contracts";
import type { Database } from "@backoffice/db";
import type { FastifyBaseLogger } from "fastify";
import type { Jobs } from "../../lib/jobs.ts";
import { cleanOriginal, FORMATS, makeVariants } from "../../lib/media-images.ts";
import type { MediaStorage } from "../../lib/media-storage.ts";
import { finishMedia, pendingMedia, type StoredVariant } from "./repository.ts";

export const MEDIA_JOB = "media-variants";

/** Where an upload waits for the job, as it came (EXIF and all): a name /media/ never serves. */
export const uploadedKeyOf = (file: string) => `upload-${file}`;

const CONTENT_TYPES = { webp: "image/webp", avif: "image/avif" } as const;

/** The original's stream read whole (the job holds one image at a time). */
async function readAll(storage: MediaStorage, key: string): Promise<Buffer | undefined> {
  const file = await storage.get(key);
  if (!file) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The media-variants job (docs/MEDIA.md): makes each pending image's preset widths as WebP and AVIF,
 * one image at a time, never in an upload's request. An upload queues a run; the schedule picks up
 * what a crash left pending (files are written before the row says ready, under names derived from
 * the original's, so a run cut short is simply done again).
 */
export function defineMediaJob(
  jobs: Jobs,
  db: Database,
  storage: MediaStorage,
  log: FastifyBaseLogger,
  /** Told each site whose images got their sizes (its public reads are cleared). */
  onSizes: (site: Site) => Promise<void>,
): void {
  if (jobs.has(MEDIA_JOB)) return;
  jobs.define({
    name: MEDIA_JOB,
    title: "Make image sizes",
    site: "all",
    schedule: "*/5 * * * *",
    retryDelaySeconds: 30,
    async run({ progress }) {
      let done = 0;
      let failed = 0;
      const sites = new Set<Site>();
      for (;;) {
        const batch = await pendingMedia(db, 20);
        if (batch.length === 0) break;
        for (const item of batch) {
          const variants: StoredVariant[] = [];
          try {
            // The upload cleaned to its address first (EXIF removed), then its upload deleted; a run
            // cut short after that finds the cleaned original instead.
            const uploaded = await readAll(storage, uploadedKeyOf(item.file));
            let original: Buffer | undefined;
            let facts = { bytes: item.bytes, width: item.width, height: item.height };
            if (uploaded) {
              const clean = await cleanOriginal(uploaded, item.format);
              await storage.put(item.file, clean.bytes, FORMATS[item.format].mime);
              await storage.remove(uploadedKeyOf(item.file));
              original = clean.bytes;
              facts = { bytes: clean.bytes.length, width: clean.width, height: clean.height };
            } else original = await readAll(storage, item.file);
            if (!original) throw new Error(`the original ${item.file} is missing`);
            const stem = item.file.replace(/\.\w+$/, "");
            for (const variant of await makeVariants(original, facts.width)) {
              const file = `${stem}-${variant.width}.${variant.format}`;
              await storage.put(file, variant.bytes, CONTENT_TYPES[variant.format]);
              variants.push({ width: variant.width, height: variant.height, format: variant.format, file });
            }
            await finishMedia(db, item.id, "ready", variants, facts);
            sites.add(item.site);
            done += 1;
          } catch (error) {
            // A store that is away fails the run (retried later); an image sharp cannot read is marked failed.
            if ((error as { $metadata?: unknown }).$metadata || (error as NodeJS.ErrnoException).code)
              throw error;
            log.warn({ err: error, media: item.id }, "image sizes not made");
            await finishMedia(db, item.id, "failed", []);
            failed += 1;
          }
          await progress(Math.min(99, (done + failed) * 5));
        }
        for (const site of sites) await onSizes(site);
        sites.clear();
      }
      if (done + failed === 0) return "No image waiting.";
      return {
        summary: `${done} image${done === 1 ? "" : "s"} resized${failed ? `, ${failed} could not be read` : ""}.`,
        warning: failed > 0,
      };
    },
  });
}
