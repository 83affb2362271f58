import type { MessageAnswer, PagedAnswer, SuccessAnswer } from "@backoffice/contracts";
import type { Media, MediaFormat, mediaSchema } from "@backoffice/contracts/media";
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type ApiSite, siteApi } from "@/lib/api-client";
import { useListWrite } from "@/lib/list-write";

// The media library's calls (docs/MEDIA.md), shared by the Media screen and the image picker.

export type MediaFilters = {
  q?: string | undefined;
  type?: MediaFormat | undefined;
  /** Where used: only images some record uses, or only those none uses. */
  used?: "used" | "unused" | undefined;
  page?: number;
  limit?: number;
};

/** Every media list of a site (what a write reloads). */
export const mediaKey = (site: ApiSite) => ["media", site.key] as const;

export const mediaQueryOptions = (site: ApiSite, filters: MediaFilters) =>
  queryOptions({
    queryKey: [...mediaKey(site), filters] as const,
    queryFn: ({ signal }) =>
      siteApi(site).get<PagedAnswer<typeof mediaSchema>>("/media", {
        query: {
          page: filters.page ?? 1,
          limit: filters.limit ?? 24,
          q: filters.q || undefined,
          type: filters.type,
          used: filters.used,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    // An image whose sizes are being made is looked at again until they are.
    refetchInterval: (query) =>
      query.state.data?.data.some((item) => item.status === "pending") ? 3000 : false,
  });

export function useMediaList(site: ApiSite, filters: MediaFilters) {
  return useQuery(mediaQueryOptions(site, filters));
}

export function useUpdateAlt(site: ApiSite) {
  return useListWrite(mediaKey(site), ({ id, alt }: { id: string; alt: string }) =>
    siteApi(site).patch<SuccessAnswer<typeof mediaSchema>>(`/media/${encodeURIComponent(id)}`, { alt }),
  );
}

/** Deletes an image; `inUse` once the admin, told its uses, said yes (the server refuses it otherwise). */
export function useDeleteMedia(site: ApiSite) {
  return useListWrite(mediaKey(site), ({ id, inUse }: { id: string; inUse: boolean }) =>
    siteApi(site).delete<MessageAnswer>(
      `/media/${encodeURIComponent(id)}`,
      undefined,
      inUse ? { query: { inUse: "delete" } } : undefined,
    ),
  );
}

/** Replace: a new file for an image; the records using it follow on the server. */
export function useReplaceMedia(site: ApiSite) {
  return useListWrite(mediaKey(site), ({ id, file }: { id: string; file: File }) =>
    siteApi(site).upload<SuccessAnswer<typeof mediaSchema>>(
      `/media/${encodeURIComponent(id)}/file`,
      file,
      file.name,
      { method: "PUT" },
    ),
  );
}

/** One file being uploaded: its progress (0-1), then its item or its error. */
export type Upload = {
  key: string;
  name: string;
  progress: number;
  item?: Media;
  error?: string;
};

/**
 * Uploads files one after another (a slow link gives each its bandwidth), each with its progress
 * and its own error; the lists reload as each one lands.
 */
export function useUploads(site: ApiSite) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const change = (key: string, patch: Partial<Upload>) =>
    setUploads((all) => all.map((one) => (one.key === key ? { ...one, ...patch } : one)));

  const start = async (files: readonly File[]): Promise<Media[]> => {
    const batch = files.map((file, index) => ({
      file,
      key: `${Date.now()}-${index}-${file.name}`,
    }));
    setUploads((all) => [...batch.map(({ key, file }) => ({ key, name: file.name, progress: 0 })), ...all]);
    const done: Media[] = [];
    for (const { file, key } of batch) {
      try {
        const answer = await siteApi(site).upload<SuccessAnswer<typeof mediaSchema>>(
          "/media",
          file,
          file.name,
          {
            onProgress: (progress) => change(key, { progress }),
          },
        );
        change(key, { progress: 1, item: answer.data });
        done.push(answer.data);
        await queryClient.invalidateQueries({ queryKey: mediaKey(site) });
      } catch (error) {
        change(key, { error: error instanceof Error ? error.message : "The upload failed." });
      }
    }
    return done;
  };
  const dismiss = (key: string) => setUploads((all) => all.filter((one) => one.key !== key));
  return { uploads, start, dismiss };
}

/** `srcset` of an image's WebP sizes (every browser the dashboard supports reads WebP), or undefined before they exist. */
export function srcSetOf(item: Media): string | undefined {
  const webp = item.variants.filter((variant) => variant.format === "webp");
  return webp.length > 0 ? webp.map((variant) => `${variant.url} ${variant.width}w`).join(", ") : undefined;
}

/** A file size in words: "320 KB", "2.4 MB". */
export function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const MEDIA_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";
