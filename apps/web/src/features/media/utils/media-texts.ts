import { MEDIA_FORMATS, type MediaFormat } from "@backoffice/contracts/media";

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

export const mediaMessages = {
  subtitle: "Images of this site: upload them once, use their addresses in any image field.",
  empty: "No images yet",
  emptyHint: "Upload images by choosing files or dropping them here.",
  noneFound: "No images match these filters",
  loadFailed: "Could not load images",
  loadFailedHint: "The images could not be loaded. Check your connection and try again.",
  deleteQuestion: (name: string) => `Are you sure you want to delete ${name}?`,
  deleteHint: "It goes to the Trash; pages that use its address will show a broken image.",
  deleted: "Image deleted",
  deleteFailed: "Could not delete the image",
  altSaved: "Alt text saved",
  altFailed: "Could not save the alt text",
} as const;
