import { LIVE_EVENTS_PATH, type LiveActor, type LiveEvent } from "@backoffice/contracts/live";
import { RECORD_KINDS } from "@backoffice/contracts/resources";
import type { Site } from "@backoffice/contracts/site-rules";
import type { QueryClient } from "@tanstack/react-query";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, useSyncExternalStore } from "react";
import { getToken } from "@/lib/session";

/**
 * Live updates in the dashboard (docs/PRODUCT-RULES.md#live-updates): one stream per tab, read with
 * `fetch` so the bearer token stays in a header. Events make the screens concerned load again
 * (TanStack Query invalidation); new inbox items wait behind a "N new messages" button instead, and
 * an open edit dialog hears that its record changed.
 */

/** Reconnection delays: 1 s, doubling up to 30 s; a stream that opened starts again at 1 s. */
const RECONNECT_MS = { first: 1000, max: 30_000 } as const;
/** Nothing heard for this long (heartbeats come every 20 s): the connection is dead, reconnect. */
const SILENCE_MS = 50_000;

// Query keys are [root, site, ...] (features' *Key functions): a change of a kind of record loads
// again the lists of its kind and its resource (RECORD_KINDS), History, the Trash, the Schedule and the overview.
// The Schedule too: a change to a record can move its window on the timeline.
const ALWAYS = ["overview", "history", "trash", "schedule"];
// Loads that cost a provider's quota are never repeated by an event.
const NEVER = new Set(["feed", "tmdb"]);

function invalidate(client: QueryClient, site: Site, roots: readonly string[]) {
  const wanted = new Set([...roots, ...ALWAYS]);
  return client.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[1] === site && wanted.has(String(queryKey[0])),
  });
}

/** After a gap events may be missing: every load of every site is done again. */
function invalidateAll(client: QueryClient) {
  return client.invalidateQueries({ predicate: ({ queryKey }) => !NEVER.has(String(queryKey[0])) });
}

// What the screens read of the events: new inbox items per site and resource, and the last change
// by someone else of each record (with a sequence number, so a dialog sees only later ones).
const newItems = new Map<string, number>();
const changes = new Map<string, { seq: number; actor: LiveActor }>();
let seq = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Applies one event: the stream's reader calls it, and the screens' tests. */
export function receiveLiveEvent(client: QueryClient, event: LiveEvent): void {
  if (event.type === "resync") {
    void invalidateAll(client);
    return;
  }
  if (event.type === "intake") {
    const key = `${event.site}:${event.resource}`;
    newItems.set(key, (newItems.get(key) ?? 0) + event.count);
    notify();
    void invalidate(client, event.site, []);
    return;
  }
  if (event.type === "matches") {
    void invalidate(client, event.site, ["matches", "servers"]);
    return;
  }
  const kind = RECORD_KINDS[event.resource as keyof typeof RECORD_KINDS];
  if (event.id)
    changes.set(`${event.site}:${event.resource}:${event.id}`, { seq: ++seq, actor: event.actor });
  notify();
  void invalidate(client, event.site, kind ? [event.resource, kind.resource] : [event.resource]);
}

/** How many items reached an inbox since it last showed them, and the way to show them. */
export function useNewItems(
  site: Site,
  resource: "emails" | "contacts",
): { count: number; clear: () => void } {
  const key = `${site}:${resource}`;
  const count = useSyncExternalStore(subscribe, () => newItems.get(key) ?? 0);
  return {
    count,
    clear: () => {
      newItems.delete(key);
      notify();
    },
  };
}

/** Who changed this record (someone else, or a job) since the calling component mounted; null if nobody. */
export function useRecordChange(site: Site, resource: string, id: string | null): LiveActor | null {
  const key = `${site}:${resource}:${id}`;
  const [since] = useState(seq);
  return useSyncExternalStore(subscribe, () => {
    const change = id ? changes.get(key) : undefined;
    return change && change.seq > since ? change.actor : null;
  });
}

/** Parses Server-Sent Events from a stream of text chunks: complete `data:` lines become events. */
function sseParser(onEvent: (event: LiveEvent) => void): (chunk: string) => void {
  let buffered = "";
  return (chunk) => {
    buffered += chunk;
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.startsWith("data:")) continue;
      try {
        onEvent(JSON.parse(line.slice(5)) as LiveEvent);
      } catch {
        // A line that is not an event of ours is skipped.
      }
    }
  };
}

/**
 * Opens the signed-in member's stream while the shell is shown and `enabled` (not while a second
 * factor must be set up, which the api refuses it); reconnects with backoff.
 */
export function useLiveEvents(enabled = true): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let delay: number = RECONNECT_MS.first;
    let connectedBefore = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;

    const connect = async () => {
      const token = getToken();
      if (!token || stopped) return;
      controller = new AbortController();
      const current = controller;
      let silence: ReturnType<typeof setTimeout> | undefined;
      const heard = () => {
        clearTimeout(silence);
        silence = setTimeout(() => current.abort(), SILENCE_MS);
      };
      try {
        const response = await fetch(LIVE_EVENTS_PATH, {
          headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" },
          signal: current.signal,
        });
        // A session that ended is the app's to handle (its next call signs out); no retry.
        if (response.status === 401 || response.status === 403) return;
        if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
        // A reconnection: what happened during the gap is loaded again rather than trusted.
        if (connectedBefore) void invalidateAll(client);
        connectedBefore = true;
        delay = RECONNECT_MS.first;
        heard();
        const parse = sseParser((event) => receiveLiveEvent(client, event));
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          heard();
          parse(value);
        }
      } catch {
        // Lost, refused or silent: tried again below.
      } finally {
        clearTimeout(silence);
      }
      if (stopped) return;
      retry = setTimeout(connect, delay);
      delay = Math.min(delay * 2, RECONNECT_MS.max);
    };
    void connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      controller?.abort();
    };
  }, [client, enabled]);
}
