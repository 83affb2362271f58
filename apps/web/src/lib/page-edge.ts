import type { QueryClient, QueryKey } from "@tanstack/react-query";

/** What `GET /history` and `GET /trash` accept beside `page`: the edge of the page next to it. */
export type PageEdge = { after?: string } | { before?: string };

/**
 * The edge of a neighbouring page this client already holds: the previous page's last id (`after`),
 * else the next page's first (`before`). The server then reads the page from that id on its primary
 * key instead of skipping rows, so Next and Previous cost the same on any page; a jump to a page
 * whose neighbours were never loaded sends none (docs/ARCHITECTURE.md#paging-long-lists).
 */
export function pageEdge(client: QueryClient, keyOf: (page: number) => QueryKey, page: number): PageEdge {
  type Rows = { data: { _id: string }[] };
  const last = page > 1 ? client.getQueryData<Rows>(keyOf(page - 1))?.data.at(-1)?._id : undefined;
  if (last) return { after: last };
  const first = client.getQueryData<Rows>(keyOf(page + 1))?.data[0]?._id;
  return first ? { before: first } : {};
}
