import { z } from "zod";
import { pageQuery } from "./common.ts";
import { HISTORY_RESOURCES } from "./resources.ts";

/** The image formats the library accepts, recognised by their content (never by name or browser type). */
export const MEDIA_FORMATS = ["jpeg", "png", "webp", "avif", "gif"] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

/** The preset widths of the variants (no other size is ever made or served). */
export const MEDIA_WIDTHS = [160, 480, 1200] as const;
/** The formats each variant is made in; the original stays the fallback. */
export const VARIANT_FORMATS = ["webp", "avif"] as const;

export const MEDIA_MESSAGES = {
  uploaded: "Image uploaded successfully",
  duplicate: "This image is already in the library",
  updated: "Image updated successfully",
  deleted: "Image deleted successfully",
  notFound: "Image not found",
  noFile: "file is required: send the image as the multipart field file",
  empty: "file is empty",
  oneFile: "file must be one file: send one image per upload",
  svg: "file is an SVG image: SVG is not accepted (it can carry scripts); upload a PNG, JPEG, WebP, AVIF or GIF",
  unsupported: "file must be a JPEG, PNG, WebP, AVIF or GIF image",
  damaged: "file could not be read as an image: it is damaged or cut short",
  storageDown: "The media store is unavailable. Try again in a moment.",
  replaced: "Image replaced successfully",
  /** A delete of an image in use, without `inUse=delete`: the uses are named and the admin asked. */
  inUse: (uses: readonly MediaUse[]) =>
    `This image is used by ${uses.map((use) => `${use.name || use.id} (${use.field})`).join(", ")}: delete it anyway?`,
} as const;

/** A record using an image (docs/MEDIA.md, "Where used"): the record, which of its image fields, and what links to it. */
export const mediaUseSchema = z.object({
  /** The record's kind (its descriptor in resources.ts gives its screen). */
  resource: z.enum(HISTORY_RESOURCES),
  id: z.string(),
  /** The record's name, as the Trash names it. */
  name: z.string(),
  /** The image field's label ("Icon URL"). */
  field: z.string(),
  /** The value of the kind's `link.search` field (what its screen is searched by), "" when it has none. */
  search: z.string(),
});
export type MediaUse = z.infer<typeof mediaUseSchema>;

export const mediaVariantSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  format: z.enum(VARIANT_FORMATS),
  url: z.string(),
});
export type MediaVariant = z.infer<typeof mediaVariantSchema>;

export const mediaSchema = z.object({
  _id: z.string(),
  /** The original's absolute address (content-hashed, served under /media/). */
  url: z.string(),
  fileName: z.string(),
  format: z.enum(MEDIA_FORMATS),
  bytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
  /** pending until the media-variants job has made `variants`; failed when it could not. */
  status: z.enum(["pending", "ready", "failed"]),
  variants: z.array(mediaVariantSchema),
  /** The records whose image fields hold this image's address (original or a size). */
  uses: z.array(mediaUseSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Media = z.infer<typeof mediaSchema>;

export const mediaQuery = pageQuery.extend({
  q: z.string().trim().max(200, "q must be at most 200 characters").optional(),
  type: z.enum(MEDIA_FORMATS, { error: `type must be one of ${MEDIA_FORMATS.join(", ")}` }).optional(),
  /** Where used: only images some record uses, or only those none uses. */
  used: z.enum(["used", "unused"], { error: "used must be one of used, unused" }).optional(),
});

/** `DELETE /media/{id}?inUse=delete`: the admin confirmed deleting an image records still use. */
export const deleteMediaQuery = z.object({
  inUse: z.enum(["delete"], { error: "inUse must be delete" }).optional(),
});
export type MediaQuery = z.infer<typeof mediaQuery>;

export const updateMediaBody = z.strictObject({
  alt: z
    .string({ error: "alt must be text" })
    .trim()
    .max(500, "alt must be at most 500 characters")
    .refine((value) => !/[\r\n]/.test(value), "alt must be on one line"),
});
export type UpdateMediaBody = z.infer<typeof updateMediaBody>;

/** A stored file's name: its content hash, the variant's width, its format's extension. */
export const MEDIA_FILE_PATTERN = /^[0-9a-f]{64}(-\d{1,5})?\.(jpg|png|webp|avif|gif)$/;

/**
 * An image of a public read (docs/MEDIA.md, "Public reads"): a media image as the public sites use
 * it, ready for `<picture>`/`srcset`. Given under the record's `images`, keyed by the image field's
 * column (`icon_app`, `league_logo`…), only for fields holding a media image whose sizes are made.
 */
export const publicImageSchema = z.object({
  /** The original (the fallback), absolute. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
  /** `srcset` values per format: "https://…-160.webp 160w, https://…-480.webp 480w". */
  srcset: z.object({ webp: z.string(), avif: z.string() }),
  /** Every size, absolute. */
  variants: z.array(mediaVariantSchema),
});
export type PublicImage = z.infer<typeof publicImageSchema>;

/** A public record's `images`: its image fields' media images, by column. */
export const publicImagesField = { images: z.record(z.string(), publicImageSchema) };
