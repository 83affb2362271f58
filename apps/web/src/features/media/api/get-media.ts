import { MEDIA_FORMATS, type MediaFormat } from "@backoffice/contracts/media";
import { pageFromParam } from "@/components/list/use-page-param";
import { type MediaFilters, mediaQueryOptions } from "@/components/media/media-api";
import { prefetchOf, type ScreenData } from "@/lib/screen-data";

/** The type filter of the URL (`?type=png`), or undefined for every type (an unknown value too). */
export function typeOf(value: string | null): MediaFormat | undefined {
  return MEDIA_FORMATS.find((format) => format === value);
}

/** The where-used filter of the URL (`?used=unused`), or undefined for every image. */
export function usedOf(value: string | null): "used" | "unused" | undefined {
  return value === "used" || value === "unused" ? value : undefined;
}

/** The Media screen's filters as its URL says them (search, type, page). */
export function mediaFiltersOf(search: URLSearchParams): MediaFilters {
  return {
    q: search.get("q")?.trim() || undefined,
    type: typeOf(search.get("type")),
    used: usedOf(search.get("used")),
    page: pageFromParam(search.get("page")),
  };
}

/** The Media screen opens on the page of images its URL names. */
export const mediaScreenData: ScreenData = ({ site, search }) => [
  prefetchOf(mediaQueryOptions(site, mediaFiltersOf(search))),
];
