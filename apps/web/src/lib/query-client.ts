import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client";
import { getSession, subscribeSession } from "./session";

/** How many times a failed load is tried again when another try may succeed. */
export const QUERY_RETRIES = 2;

/**
 * The one retry policy of the app's loads: a refusal (4xx, an expired session) or a failure of the
 * app's own code does not get better by retrying; a lost connection (status 0) or a server failure
 * (5xx) may, so it is tried again up to `QUERY_RETRIES` times. Writes are never repeated.
 */
function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return (
    failureCount < QUERY_RETRIES &&
    error instanceof ApiError &&
    !error.sessionExpired &&
    (error.status === 0 || error.status >= 500)
  );
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
        // 0.5 s, then 1 s: a failure that lasts is on screen within about two seconds.
        retryDelay: (attempt) => 500 * 2 ** attempt,
      },
      mutations: { retry: false },
    },
  });
}

/** The one query client of the app. */
export const queryClient = createQueryClient();

// Cached answers belong to the signed-in user: drop them when the session ends.
subscribeSession(() => {
  if (!getSession()) queryClient.clear();
});
