import type { LiveEvent } from "@backoffice/contracts/live";

/** A live update stream read as the dashboard reads it: `fetch` with the bearer token in a header. */
export interface OpenStream {
  status: number;
  headers: Headers;
  /** The answer's body when it was refused (the error envelope). */
  body: unknown;
  /** Resolves with the next event that `match` accepts (earlier ones are skipped); rejects after `ms`. */
  next(match?: (event: LiveEvent) => boolean, ms?: number): Promise<LiveEvent>;
  /** Every line received so far, comments (heartbeats) included. */
  lines: string[];
  /** Resolves once the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openStream(base: string, token: string | undefined, query = ""): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/v1/events${query}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: controller.signal,
  });
  const lines: string[] = [];
  const events: LiveEvent[] = [];
  const waiting = new Set<() => void>();
  let endedResolve = () => {};
  const ended = new Promise<void>((resolve) => (endedResolve = resolve));
  if (response.status !== 200) {
    return {
      status: response.status,
      headers: response.headers,
      body: await response.json(),
      next: () => Promise.reject(new Error("refused")),
      lines,
      ended: Promise.resolve(),
      close: () => {},
    };
  }
  void (async () => {
    const decoder = new TextDecoder();
    let buffered = "";
    try {
      for await (const chunk of response.body!) {
        buffered += decoder.decode(chunk as Uint8Array, { stream: true });
        const parts = buffered.split("\n");
        buffered = parts.pop()!;
        for (const line of parts) {
          if (!line) continue;
          lines.push(line);
          if (line.startsWith("data: ")) events.push(JSON.parse(line.slice(6)) as LiveEvent);
        }
        for (const wake of waiting) wake();
      }
    } catch {
      // aborted by close()
    }
    endedResolve();
  })();
  let read = 0;
  return {
    status: 200,
    headers: response.headers,
    body: null,
    lines,
    ended,
    close: () => controller.abort(),
    next(match = () => true, ms = 3000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events.slice(read))}`));
        }, ms);
        const check = () => {
          while (read < events.length) {
            const event = events[read++]!;
            if (match(event)) {
              clearTimeout(timer);
              waiting.delete(check);
              return resolve(event);
            }
          }
        };
        waiting.add(check);
        check();
      });
    },
  };
}
