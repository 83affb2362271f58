import { useEffect, useRef } from "react";
import { ApiError } from "@/lib/api-client";

type FailingQuery = { isError: boolean; error: unknown; errorUpdatedAt: number };

/**
 * Calls `show` once for every failed fetch of a query (a refetch that fails again shows it
 * again). An expired session is skipped: the API client has announced it already.
 */
export function useErrorToast(query: FailingQuery, show: (error: unknown) => void) {
  const latest = useRef(show);
  latest.current = show;
  const { isError, error, errorUpdatedAt } = query;
  useEffect(() => {
    if (!isError || errorUpdatedAt === 0) return;
    if (error instanceof ApiError && error.status === 401) return;
    latest.current(error);
  }, [isError, error, errorUpdatedAt]);
}
