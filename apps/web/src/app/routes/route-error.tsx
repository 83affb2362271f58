import { type ComponentType, useState } from "react";
import { useLocation, useNavigate, useRouteError } from "react-router";
import { ErrorState, ReloadPageState } from "@/components/states";

type ScreenModule = { Component: ComponentType };

/** A screen's chunk that could not be downloaded; `retry` downloads it again. */
class ScreenDownloadError extends Error {
  readonly retry: () => Promise<void>;
  constructor(cause: unknown, retry: () => Promise<void>) {
    super("The screen's files could not be downloaded", { cause });
    this.name = "ScreenDownloadError";
    this.retry = retry;
  }
}

/**
 * A screen's lazy route whose failed download can be tried again. React Router keeps a rejected
 * `lazy` for good, so a failure resolves to a stand-in screen that throws it to the route's error
 * boundary; the boundary's Try again downloads the chunk again, and the stand-in then renders it.
 */
export function retryableScreen(load: () => Promise<ScreenModule>): () => Promise<ScreenModule> {
  return () =>
    load().catch((cause: unknown) => {
      let Loaded: ComponentType | undefined;
      let failure: ScreenDownloadError;
      const retry = async () => {
        try {
          Loaded = (await load()).Component;
        } catch (error) {
          failure = new ScreenDownloadError(error, retry);
        }
      };
      failure = new ScreenDownloadError(cause, retry);
      function RetryableScreen() {
        if (!Loaded) throw failure;
        return <Loaded />;
      }
      return { Component: RetryableScreen };
    });
}

/**
 * The error boundary of the screens, inside the shell (sidebar and header stay): a screen that
 * throws while rendering, or whose chunk could not be downloaded, says so and offers Try again,
 * which renders the screen again (downloading its chunk first when that is what failed).
 */
export function ScreenError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { pathname, search, hash, state } = useLocation();
  const [retrying, setRetrying] = useState(false);
  const download = error instanceof ScreenDownloadError;

  const retry = async () => {
    setRetrying(true);
    if (download) await error.retry();
    // A new visit to the same address clears the boundary, so the screen renders again.
    navigate({ pathname, search, hash }, { replace: true, state });
  };

  return (
    <ErrorState
      title="This screen could not be shown"
      description={
        download
          ? "Its files could not be downloaded. Check your connection, then try again."
          : "Something went wrong while showing it. Try again, or open another section."
      }
      onRetry={() => void retry()}
      retrying={retrying}
    />
  );
}

/** The error boundary above the shell (sign-in, the shell itself): the whole page, reloaded by Try again. */
export function PageError() {
  return <ReloadPageState title="This page could not be shown" />;
}
