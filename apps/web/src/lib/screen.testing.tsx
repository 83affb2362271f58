import type { Me, MemberSecondFactor } from "@backoffice/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { vi } from "vitest";
import { ConfirmProvider } from "@/components/confirm-dialog";
import type { MeData } from "@/hooks/use-me";
import { saveSession } from "./session";
import { registerToaster, type ToastAction } from "./toast";

/** Component tests of whole screens: the app's providers, a fake API and the toasts shown. */

export type Call = { method: string; path: string; query: URLSearchParams; body: unknown; headers: Headers };
type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };
/** Answers by "METHOD /path" (under /api/v1, no query); a function sees the call. */
export type Routes = Record<string, Answer | ((call: Call) => Answer)>;

/** The signed-in member of a screen test: an Owner unless a test gives another level and sites. */
export const OWNER: Me = { email: "admin@example.com", role: "admin", level: "owner", sites: null };
/** A member with no second factor, of which none is required. */
const NO_SECOND_FACTOR: MemberSecondFactor = { enabled: false, required: false, setupNeeded: false };
/** GET /auth/me's data for `me` (what the ["auth", "me"] query holds). */
export const meData = (me: Me, secondFactor = NO_SECOND_FACTOR): MeData => ({ user: me, secondFactor });
/** The member `renderAt` starts with as loaded, as the shell has it before any screen shows. */
let signedIn: Me = OWNER;

/**
 * Signs `me` in and answers fetch from `routes` (the CSRF token and GET /auth/me included, neither
 * recorded); returns the calls made.
 */
export function fakeApi(routes: Routes, me: Me = OWNER): Call[] {
  saveSession("tok", { email: me.email, role: me.role });
  signedIn = me;
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, "http://localhost");
    const path = url.pathname.replace(/^\/api\/v1/, "");
    const method = init.method ?? "GET";
    if (path === "/csrf") return Response.json({ status: "success", csrfToken: "csrf" });
    if (path === "/auth/me" && !routes["GET /auth/me"])
      return Response.json({ status: "success", data: meData(me) });
    const call = {
      method,
      path,
      query: url.searchParams,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      headers: new Headers(init.headers),
    };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    if (!route) throw new Error(`unexpected call ${method} ${path}`);
    const answer = typeof route === "function" ? route(call) : route;
    return Response.json(answer.body ?? {}, { status: answer.status ?? 200, headers: answer.headers });
  });
  return calls;
}

export type ShownToast = {
  title: string;
  description?: string;
  action?: ToastAction;
  duration?: number;
  id?: string;
};

/**
 * Records the toasts on screen instead of showing them: a toast with the id of one shown replaces
 * it, and a dismissed one leaves the list.
 */
export function captureToasts(): ShownToast[] {
  const shown: ShownToast[] = [];
  const dismiss = (id: string) => {
    for (let i = shown.length - 1; i >= 0; i--) if (shown[i]?.id === id) shown.splice(i, 1);
  };
  const show = (title: string, options: Omit<ShownToast, "title"> = {}) => {
    if (options.id) dismiss(options.id);
    shown.push({ title, ...options });
  };
  registerToaster(Object.assign(show, { success: show, error: show, dismiss }) as never);
  return shown;
}

/** Renders `screen` at `url` with the app's providers; `location()` is the current path and query. */
export function renderAt(url: string, screen: ReactNode) {
  let location = "";
  function Probe({ children }: { children: ReactNode }) {
    const { pathname, search } = useLocation();
    location = `${pathname}${search}`;
    return <>{children}</>;
  }
  const router = createMemoryRouter([{ path: "*", element: <Probe>{screen}</Probe> }], {
    initialEntries: [url],
  });
  const client = renderRouter(router, (client) => client.setQueryData(["auth", "me"], meData(signedIn)));
  return { client, location: () => location };
}

/**
 * Renders `router` inside the app's providers, with a query client of its own that does not retry;
 * `prepare` fills that client's cache before the first render.
 */
export function renderRouter(
  router: ReturnType<typeof createMemoryRouter>,
  prepare?: (client: QueryClient) => void,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  prepare?.(client);
  render(
    <QueryClientProvider client={client}>
      <ConfirmProvider>
        <RouterProvider router={router} />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
  return client;
}

/** Sets the window's width, which the breakpoint media queries read. */
export function setWidth(width: number) {
  const { happyDOM } = window as unknown as {
    happyDOM: { setViewport(size: { width: number; height: number }): void };
  };
  happyDOM.setViewport({ width, height: 900 });
}

/** The `/config` answer with `timeZone` as the site's time zone (match days and times, windows). */
export const configWithZone = (timeZone: string) => ({
  body: {
    status: "success",
    data: {
      sites: {
        apkw: { name: "APKW", url: "https://apkw.example" },
        sportbn: { name: "SportBN", url: "https://sportbn.example" },
        movies: { name: "Movies", url: "https://movies.example" },
      },
      mail: { smtp: false, from: "x@example.com" },
      timeZone,
    },
  },
});
