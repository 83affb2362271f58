import { API_BASE, api } from "@/lib/api-client";

/** A single sign-on provider as the sign-in screen shows it (`GET /api/v1/config`). */
export type SsoProvider = { id: string; label: string };

/** The providers set up (none when the config cannot be read: the password form still works). */
export async function ssoProviders(): Promise<SsoProvider[]> {
  const body = await api.get<{ data?: { sso?: SsoProvider[] } }>("/config", { auth: false });
  return body?.data?.sso ?? [];
}

/** The browser goes there (a navigation, not a fetch): the API redirects to the provider. */
export const ssoStartUrl = (id: string) => `${API_BASE}/auth/oidc/start?provider=${encodeURIComponent(id)}`;

/** What the SSO callback left in the address: a one-time code or an error's key. */
export function ssoOutcome(): { code?: string; error?: string } {
  const query = new URLSearchParams(window.location.search);
  const code = query.get("ssoCode");
  const error = query.get("ssoError");
  return { ...(code ? { code } : {}), ...(error ? { error } : {}) };
}

/** The code is single use and the error is said once: neither stays in the address or history. */
export function clearSsoOutcome() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has("ssoCode") && !url.searchParams.has("ssoError")) return;
  url.searchParams.delete("ssoCode");
  url.searchParams.delete("ssoError");
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
}
