import { RECORD_KINDS } from "@backoffice/contracts";
import { MEDIA_FORMATS, type MediaFormat, type MediaUse } from "@backoffice/contracts/media";

const LABELS: Record<MediaFormat, string> = {
  jpeg: "JPEG",
  png: "PNG",
  webp: "WebP",
  avif: "AVIF",
  gif: "GIF",
};

export const formatLabel = (format: MediaFormat) => LABELS[format];

/** The type filter's options. */
export const TYPE_OPTIONS = MEDIA_FORMATS.map((format) => [format, LABELS[format]] as const);

/** The where-used filter's options. */
export const USED_OPTIONS = [
  ["used", "Used"],
  ["unused", "Not used"],
] as const;

/** A use as words: `Match "A vs B" (League logo URL)`. */
export const textOfUse = (use: MediaUse) =>
  `${RECORD_KINDS[use.resource].trash?.kind ?? RECORD_KINDS[use.resource].label} "${use.name}" (${use.field})`;

/** Where a use's record is: its kind's screen (its descriptor's `link`), searched for the record. */
export function linkOfUse(siteKey: string, use: MediaUse): string {
  const { link } = RECORD_KINDS[use.resource];
  const screen = link.screen.startsWith("/") ? link.screen : `/${siteKey}/${link.screen}`;
  return use.search ? `${screen}?q=${encodeURIComponent(use.search)}` : screen;
}

export const mediaMessages = {
  subtitle: "Images of this site: upload them once, use their addresses in any image field.",
  empty: "No images yet",
  emptyHint: "Upload images by choosing files or dropping them here.",
  noneFound: "No images match these filters",
  loadFailed: "Could not load images",
  loadFailedHint: "The images could not be loaded. Check your connection and try again.",
  deleteQuestion: (name: string) => `Are you sure you want to delete ${name}?`,
  deleteHint: "It goes to the Trash; pages that use its address will show a broken image.",
  deleteInUse: (uses: readonly MediaUse[]) =>
    `It is used by ${uses.map(textOfUse).join(", ")}. It goes to the Trash and those pages will show a broken image.`,
  usedBy: "Used by",
  notUsed: "Not used",
  replaced: "Image replaced",
  replaceFailed: "Could not replace the image",
  deleted: "Image deleted",
  deleteFailed: "Could not delete the image",
  altSaved: "Alt text saved",
  altFailed: "Could not save the alt text",
} as const;
