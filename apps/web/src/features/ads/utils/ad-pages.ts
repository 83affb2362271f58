import type { AdPage } from "@/sites";

const labels: Record<AdPage, string> = { home: "Home", info: "Info", player: "Player", browse: "Browse" };

/** The tab and choice label of a movies ad page. */
export function adPageLabel(page: AdPage): string {
  return labels[page];
}

/** The page of `/movies/ads/{page?}`: the parameter when it is one of `pages`, else the first (home). */
export function currentAdPage(pages: readonly AdPage[], param: string | undefined): AdPage {
  return pages.find((page) => page === param) ?? (pages[0] as AdPage);
}
