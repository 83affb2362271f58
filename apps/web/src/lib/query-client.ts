import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client";
import { getSession, subscribeSession } from "./session";

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Auth failures and client-side errors do not get better by retrying.
        retry: (count, error) =>
          !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 1,
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
