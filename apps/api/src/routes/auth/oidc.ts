import { errorBody, loginAnswer } from "@backoffice/contracts";
import { secondFactorStepAnswer } from "@backoffice/contracts/second-factor";
import {
  SSO_ERRORS,
  type SsoError,
  ssoCallbackQuery,
  ssoExchangeBody,
  ssoSignOutAnswer,
  ssoStartQuery,
} from "@backoffice/contracts/sso";
import { forbidden, unauthorized } from "@backoffice/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as client from "openid-client";
import { z } from "zod";
import { newToken, sha256 } from "../../lib/crypto.ts";
import { MINUTE } from "../../lib/rate-limit.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { discover, findProvider, publicUrlOf, redirectUrlOf, ssoRepository } from "./oidc-providers.ts";
import { accessFromGroups, amrHasSecondFactor, emailVerified, memberForIdentity } from "./oidc-rules.ts";
import { usersRepository } from "./repository.ts";
import { secondFactorStep } from "./second-factor-sign-in.ts";
import { logRefusedSignIn, type RefusedSignIn, startSession } from "./sign-in.ts";

/** A sign-in sent to the provider must come back within this time. */
const LOGIN_TTL_MS = 10 * MINUTE;
/** The dashboard exchanges the callback's one-time code within this time. */
const HANDOFF_TTL_MS = 2 * MINUTE;
/**
 * The browser a sign-in was started in: a random value in an HttpOnly cookie, whose SHA-256 the
 * pending sign-in and the handoff keep. A callback or a handoff code from another browser (a link an
 * attacker sends, login CSRF) finds no match. SameSite=Lax: the provider's redirect is a top-level GET.
 */
const BROWSER_COOKIE = "bo_sso";
const COOKIE_PATH = "/api/v1/auth/oidc";
/** Where the dashboard reads the outcome: its sign-in screen, with `ssoCode` or `ssoError` (apps/web). */
const LANDING = "/login";

function browserTokenOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [name, value] = part.split("=", 2).map((text) => text.trim());
    if (name === BROWSER_COOKIE && value && /^[A-Za-z0-9_-]{43}$/.test(value)) return value;
  }
  return undefined;
}

const landing = (reply: FastifyReply, outcome: { ssoCode: string } | { ssoError: SsoError }) =>
  reply.redirect(`${LANDING}?${new URLSearchParams(outcome).toString()}`, 302);

/** A network failure or time-out reaching the provider, rather than an answer it gave. */
const unreachable = (error: unknown) =>
  error instanceof TypeError ||
  (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"));

/**
 * Single sign-on with OpenID Connect (docs/SSO.md): authorization code + PKCE, state and nonce, on
 * openid-client. The start and the callback are browser navigations and answer redirects; the
 * dashboard then exchanges the callback's one-time code for a session like a password sign-in's.
 */
const oidcRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const sso = ssoRepository(fastify.db);
  const redirectUrl = redirectUrlOf(fastify.config);
  const redirectSchema = { 302: z.null().describe("Redirect") };

  fastify.get(
    "/auth/oidc/start",
    { schema: { tags: ["auth"], querystring: ssoStartQuery, response: redirectSchema } },
    async (request, reply) => {
      const provider = await findProvider(fastify, request.query.provider);
      if (!provider) return landing(reply, { ssoError: "unknown-provider" });
      let configuration: client.Configuration;
      try {
        configuration = await discover(provider);
      } catch (error) {
        request.log.warn({ err: error, provider: provider.id }, "SSO provider cannot be reached");
        return landing(reply, { ssoError: "unavailable" });
      }
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const browser = browserTokenOf(request) ?? newToken();
      await sso.startLogin({
        stateHash: sha256(state),
        providerId: provider.id,
        browserHash: sha256(browser),
        codeVerifier,
        nonce,
        expiresAt: new Date(Date.now() + LOGIN_TTL_MS),
      });
      const secure = request.protocol === "https" ? "; Secure" : "";
      reply.header(
        "set-cookie",
        `${BROWSER_COOKIE}=${browser}; Path=${COOKIE_PATH}; Max-Age=${LOGIN_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure}`,
      );
      const url = client.buildAuthorizationUrl(configuration, {
        // Always PUBLIC_URL's, never built from the request's Host.
        redirect_uri: redirectUrl,
        scope: ["openid email profile", provider.groupsScope].filter(Boolean).join(" "),
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
        state,
        nonce,
      });
      return reply.redirect(url.href, 302);
    },
  );

  fastify.get(
    "/auth/oidc/callback",
    { schema: { tags: ["auth"], querystring: ssoCallbackQuery, response: redirectSchema } },
    async (request, reply) => {
      // Before the provider vouched for an identity: anyone's request, in the server log only.
      const refuse = (error: SsoError, reason: string) => {
        request.log.warn(
          { event: "sign-in refused", method: "sso", reason, address: request.ip },
          "SSO sign-in refused",
        );
        return landing(reply, { ssoError: error });
      };
      const { state } = request.query;
      // Single use: the pending sign-in is taken whatever follows (a replayed state finds nothing).
      const pending = state ? await sso.takeLogin(sha256(state)) : undefined;
      const browser = browserTokenOf(request);
      if (!pending) return refuse("expired", "unknown or used state");
      if (!browser || sha256(browser) !== pending.browser_hash)
        return refuse("expired", "state from another browser");
      if (request.query.error)
        return refuse(request.query.error === "access_denied" ? "cancelled" : "failed", request.query.error);
      const provider = await findProvider(fastify, pending.provider_id);
      if (!provider) return refuse("unknown-provider", "provider removed");
      let claims: Record<string, unknown>;
      try {
        const configuration = await discover(provider);
        // The URL the provider redirected to, as registered: the query is the request's.
        const current = new URL(redirectUrl);
        current.search = new URL(request.url, "http://callback").search;
        const tokens = await client.authorizationCodeGrant(configuration, current, {
          pkceCodeVerifier: pending.code_verifier,
          expectedState: state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        claims = { ...tokens.claims() };
        // Some providers put the email in UserInfo only.
        if (typeof claims.email !== "string")
          claims = {
            ...(await client.fetchUserInfo(configuration, tokens.access_token, String(claims.sub))),
            ...claims,
          };
      } catch (error) {
        request.log.warn({ err: error, provider: provider.id }, "SSO provider answer refused");
        return refuse(unreachable(error) ? "unavailable" : "failed", "provider answer");
      }
      // The provider vouched for this identity: its refusal is a History entry (sign-in.ts).
      const refuseIdentity = async (error: SsoError, member: RefusedSignIn["member"] = null) => {
        await logRefusedSignIn(request, { member, signIn: "sso", ssoProvider: provider.id, reason: error });
        return landing(reply, { ssoError: error });
      };
      if (typeof claims.email !== "string" || !emailVerified(claims)) return refuseIdentity("unverified");
      const found = await memberForIdentity(
        request,
        claims.email,
        provider,
        accessFromGroups(provider, claims),
      );
      if ("refused" in found) return refuseIdentity(found.refused, found.member);
      const code = newToken();
      await sso.createHandoff({
        codeHash: sha256(code),
        userId: found.member.id,
        providerId: provider.id,
        browserHash: pending.browser_hash,
        providerMfa: amrHasSecondFactor(claims.amr),
        expiresAt: new Date(Date.now() + HANDOFF_TTL_MS),
      });
      return landing(reply, { ssoCode: code });
    },
  );

  fastify.post(
    "/auth/oidc/exchange",
    {
      schema: {
        tags: ["auth"],
        body: ssoExchangeBody,
        response: {
          200: z.union([loginAnswer, secondFactorStepAnswer]),
          400: errorBody,
          401: errorBody,
          403: errorBody,
        },
      },
    },
    async (request, reply) => {
      const handoff = await sso.takeHandoff(sha256(request.body.code));
      const browser = browserTokenOf(request);
      if (!handoff || !browser || sha256(browser) !== handoff.browser_hash)
        throw unauthorized(SSO_ERRORS.expired);
      const user = await usersRepository(fastify.db).findById(handoff.user_id);
      if (user?.role !== "admin") throw unauthorized(SSO_ERRORS.expired);
      if (user.disabled_at) {
        await logRefusedSignIn(request, {
          member: user,
          signIn: "sso",
          ssoProvider: handoff.provider_id,
          reason: "disabled",
        });
        throw forbidden(SSO_ERRORS.disabled);
      }
      // Without a second factor at the provider, the member's own passkey or code is asked as after a password.
      if (!handoff.provider_mfa) {
        const step = await secondFactorStep(request, user, {
          signIn: "sso",
          ssoProvider: handoff.provider_id,
        });
        if (step) return step;
      }
      return startSession(request, reply, user, {
        signIn: "sso",
        providerMfa: handoff.provider_mfa,
        ssoProvider: handoff.provider_id,
      });
    },
  );

  fastify.get(
    "/auth/oidc/sign-out-url",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["auth"],
        security: [{ bearer: [] }],
        response: { 200: ssoSignOutAnswer, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      // RP-initiated logout: an SSO session's provider, when it offers end_session_endpoint.
      const [row] = await fastify.db.query<{ sso_provider: string | null }>(
        "select sso_provider from sessions where id = $1",
        [request.session!.id],
      );
      const provider = row?.sso_provider ? await findProvider(fastify, row.sso_provider) : undefined;
      let url: string | null = null;
      if (provider) {
        try {
          const configuration = await discover(provider);
          if (configuration.serverMetadata().end_session_endpoint)
            url = client.buildEndSessionUrl(configuration, {
              client_id: provider.clientId,
              post_logout_redirect_uri: `${publicUrlOf(fastify.config)}/login`,
            }).href;
        } catch (error) {
          request.log.warn(
            { err: error, provider: provider.id },
            "SSO provider cannot be reached for sign-out",
          );
        }
      }
      return { status: "success" as const, data: { url } };
    },
  );
};

export default oidcRoutes;
