import type { App } from "@backoffice/contracts";

/** A complete app as the API answers it, for the component tests; `fields` replaces any part. */
export const appOf = (fields: Partial<App> & Pick<App, "_id" | "title">): App => ({
  type: "Tools",
  icon_app: "https://cdn.example/icon.png",
  bg_app: "https://cdn.example/bg.png",
  content: "About it.",
  rating: 4.5,
  size: "20 MB",
  download: "1M+",
  developer: "Studio",
  category: "apps",
  trending: false,
  trendingStartsAt: null,
  trendingEndsAt: null,
  slider: false,
  sliderStartsAt: null,
  sliderEndsAt: null,
  supportedDevices: ["https://cdn.example/android", "https://cdn.example/ios"],
  isFirst: false,
  it: null,
  key: null,
  createdAt: "2026-11-20T10:00:00Z",
  updatedAt: "2026-11-20T10:00:00Z",
  ...fields,
});
