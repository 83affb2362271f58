import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "@/lib/session";
import { useLiveEvents } from "./use-live-events";

// The dashboard's stream reader (docs/PRODUCT-RULES.md#live-updates): the token in a header, events
// turned into reloads of the lists concerned, and after a gap everything loaded again.

const encoder = new TextEncoder();
/** A stream answer that sends `chunks` and then ends, or stays open when `open`. */
function streamAnswer(chunks: string[], open = false) {
  return new Response(
    new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        if (!open) controller.close();
      },
    }),
    { status: 200, headers: { "content-type": "text/event-stream" } },
  );
}

function Screen() {
  useLiveEvents();
  let loads = 0;
  const ads = useQuery({ queryKey: ["ads", "apkw"], queryFn: () => ++loads });
  const apps = useQuery({ queryKey: ["apps", "apkw"], queryFn: () => ++loads });
  return (
    <p>
      ads {ads.dataUpdatedAt} apps {apps.dataUpdatedAt}
    </p>
  );
}

afterEach(() => vi.unstubAllGlobals());

type Predicate = { predicate: (query: { queryKey: unknown[] }) => boolean };

describe("useLiveEvents", () => {
  it("sends the token in a header, reloads what an event names, and reloads everything after reconnecting", async () => {
    saveSession("tok", { email: "admin@example.com", role: "admin" });
    const event = { type: "record", site: "apkw", resource: "ads", id: "a1", action: "update", actor: {} };
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      // The first stream sends one event in two pieces and ends; the next one stays open.
      return calls.length === 1
        ? streamAnswer([
            ": connected\n\n",
            `data: ${JSON.stringify(event).slice(0, 20)}`,
            `${JSON.stringify(event).slice(20)}\n\n`,
          ])
        : streamAnswer([": connected\n\n"], true);
    });
    const client = new QueryClient();
    const spy = vi.spyOn(client, "invalidateQueries");
    render(
      <QueryClientProvider client={client}>
        <Screen />
      </QueryClientProvider>,
    );
    await screen.findByText(/ads \d+ apps \d+/);
    expect(calls[0]!.url).toBe("/api/v1/events");
    expect(new Headers(calls[0]!.init.headers).get("authorization")).toBe("Bearer tok");

    // The event reloads the ads (and the overview, History, the Trash), not the apps.
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
    const named = spy.mock.calls[0]![0] as unknown as Predicate;
    expect(named.predicate({ queryKey: ["ads", "apkw"] })).toBe(true);
    expect(named.predicate({ queryKey: ["overview", "apkw", 30] })).toBe(true);
    expect(named.predicate({ queryKey: ["apps", "apkw"] })).toBe(false);
    expect(named.predicate({ queryKey: ["ads", "movies"] })).toBe(false);

    // The stream ended: a second one after 1 s, then every query is loaded again.
    await waitFor(() => expect(calls).toHaveLength(2), { timeout: 2500 });
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(2));
    const everything = spy.mock.calls[1]![0] as unknown as Predicate;
    expect(everything.predicate({ queryKey: ["apps", "apkw"] })).toBe(true);
    expect(everything.predicate({ queryKey: ["feed", "sportbn", "football"] })).toBe(false);
  });
});
