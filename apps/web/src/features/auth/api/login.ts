import { ApiError, api } from "@/lib/api-client";
import { authMessages } from "../messages";
import type { LoginAnswer, SecondFactorStep } from "./types";

export type LoginInput = { email: string; password: string };

/**
 * Signs in. Called directly rather than through TanStack Query: the sign-in screen is the
 * one route that does not download the query library (its JavaScript budget:
 * docs/PRODUCT-RULES.md#performance-goals).
 */
export async function login(input: LoginInput): Promise<LoginAnswer | SecondFactorStep> {
  const body = await api.post<LoginAnswer | SecondFactorStep>("/auth/login", input, { auth: false });
  // A member with a second factor: the code step (docs/PRODUCT-RULES.md#second-factor).
  if (body?.status === "second-factor") return body;
  return signedIn(body);
}

function signedIn(body: LoginAnswer | undefined): LoginAnswer {
  if (!body?.data?.token || !body.data.user) throw new ApiError(authMessages.loginFailed);
  return body;
}

/** The code step: a TOTP code or a recovery code, with the step's challenge. */
export async function loginSecondFactor(input: {
  challenge: string;
  code?: string;
  recoveryCode?: string;
}): Promise<LoginAnswer> {
  return signedIn(await api.post<LoginAnswer>("/auth/login/second-factor", input, { auth: false }));
}

/**
 * Signs in with a passkey alone (discoverable credential): options, the browser's ceremony, the
 * server's check. The WebAuthn library loads only when asked (the sign-in screen's budget).
 */
export async function loginWithPasskey(): Promise<LoginAnswer> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  type Options = Parameters<typeof startAuthentication>[0]["optionsJSON"];
  const { options } = (
    await api.post<{ data: { options: Options } }>("/auth/passkeys/sign-in/options", {}, { auth: false })
  ).data;
  const response = await startAuthentication({ optionsJSON: options });
  return signedIn(await api.post<LoginAnswer>("/auth/passkeys/sign-in", { response }, { auth: false }));
}

/**
 * Single sign-on (docs/SSO.md): the provider's sign-in ended on /login with a one-time code, which
 * this exchanges for the session (or the member's own second factor step). One exchange per code:
 * the screen may ask twice (React's strict mode), the code works once.
 */
const exchanges = new Map<string, Promise<LoginAnswer | SecondFactorStep>>();
export function exchangeSsoCode(code: string): Promise<LoginAnswer | SecondFactorStep> {
  let pending = exchanges.get(code);
  if (!pending) {
    pending = api
      .post<LoginAnswer | SecondFactorStep>("/auth/oidc/exchange", { code }, { auth: false })
      .then((body) => (body?.status === "second-factor" ? body : signedIn(body)));
    exchanges.set(code, pending);
  }
  return pending;
}
