import type { Me } from "@backoffice/contracts";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import { meData, OWNER } from "@/lib/screen.testing";
import { sites } from "@/sites";
import { siteKeys } from "@/sites/keys";
import { routes } from "./router";
import { routesOf } from "./site-routes";

/** Component tests of the real route table (app/router.tsx) and shell in happy-dom. */

/** What GET /config answers: each site's name and public URL. */
export const siteConfig = Object.fromEntries(
  siteKeys.map((key) => [key, { name: sites[key].name, url: `https://${key}.example/` }]),
);

/**
 * Answers GET /config and GET /auth/me (`me`, an Owner unless given; the shell waits for it); every other call stays unanswered, so each screen shows its loading state
 * inside the shell (no screen's data is needed to check the routes and the shell around them).
 */
export function stubConfigOnly(me: Me = OWNER) {
  vi.stubGlobal("fetch", async (input: string) => {
    const { pathname } = new URL(input, "http://localhost");
    if (pathname === "/api/v1/config")
      return Response.json({ status: "success", data: { sites: siteConfig } });
    if (pathname === "/api/v1/auth/me") return Response.json({ status: "success", data: meData(me) });
    return new Promise<Response>(() => {});
  });
}

/** Downloads every screen's module once, so the lazy routes resolve at once in the tests. */
export async function preloadScreens() {
  await Promise.all(siteKeys.flatMap((key) => routesOf(key).map((route) => route.lazy())));
}

/** Renders the route table at `url`; `path()` is the current path and query. */
export function renderApp(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  const path = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, path };
}

/** Everything in local storage, as the browser specs read it. */
export function storage(): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < window.localStorage.length; i++) {
    const key = window.localStorage.key(i);
    if (key !== null) out[key] = window.localStorage.getItem(key) ?? "";
  }
  return out;
}
