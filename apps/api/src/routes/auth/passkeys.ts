import { loginAnswer, messageBody } from "@backoffice/contracts";
import {
  SECOND_FACTOR_MESSAGES as M,
  passkeyAnswer,
  passkeyParams,
  passkeyRegisterBody,
  passkeyRenameBody,
  passkeySignInBody,
  webauthnOptionsAnswer,
} from "@backoffice/contracts/second-factor";
import { badRequest, conflict, notFound } from "@backoffice/server";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { assertPasskeySignIn } from "./oidc-rules.ts";
import { CHALLENGE_TTL_MS, ensureNotLast, errors, ISSUER, signInUser } from "./second-factor-checks.ts";
import { type PasskeyRow, secondFactorRepository } from "./second-factor-repository.ts";

/**
 * Passkeys' library, loaded by the first passkey request: about 9 MB an api holds from then on, so
 * a team without passkeys never pays it (docs/PERFORMANCE.md, "Footprint of `npm start`").
 */
const webauthn = () => import("@simplewebauthn/server");

/**
 * The relying party: WEBAUTHN_RP_ID / WEBAUTHN_ORIGIN, else the Host the browser used (embedded and
 * dev). A Host (behind a proxy: X-Forwarded-Host and -Proto) that makes no address is the client's
 * error, 400: no browser sends one.
 */
function relyingParty(request: FastifyRequest) {
  const { WEBAUTHN_RP_ID, WEBAUTHN_ORIGIN } = request.server.config;
  const origin = WEBAUTHN_ORIGIN ?? `${request.protocol}://${request.host}`;
  if (!URL.canParse(origin)) throw badRequest(M.hostInvalid);
  return { rpID: WEBAUTHN_RP_ID ?? new URL(origin).hostname, origin };
}

/** The challenge a WebAuthn answer signed (the browser puts it in clientDataJSON). */
function challengeOf(response: { response: { clientDataJSON: string } }): string {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON, "base64url").toString("utf8"));
    return typeof data.challenge === "string" ? data.challenge : "";
  } catch {
    return "";
  }
}

export function passkeyOut(row: PasskeyRow) {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

/** A passkey alone signs in (@simplewebauthn): its options, then the signed answer. No session yet. */
export const passkeySignInRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const repo = secondFactorRepository(fastify.db);

  fastify.post(
    "/auth/passkeys/sign-in/options",
    {
      schema: {
        tags: ["auth"],
        body: z.strictObject({}).nullish(),
        response: { 200: webauthnOptionsAnswer, ...errors },
      },
    },
    async (request) => {
      const { rpID } = relyingParty(request);
      // Discoverable credentials: no allow list, the authenticator offers the member's passkeys.
      const options = await (await webauthn()).generateAuthenticationOptions({
        rpID,
        userVerification: "required",
      });
      await repo.createChallenge("passkey-sign-in", null, options.challenge, CHALLENGE_TTL_MS);
      return { status: "success" as const, data: { options: { ...options } } };
    },
  );

  fastify.post(
    "/auth/passkeys/sign-in",
    {
      schema: {
        tags: ["auth"],
        body: passkeySignInBody,
        response: { 200: loginAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const response = request.body.response as unknown as AuthenticationResponseJSON;
      const challenge = challengeOf(response);
      if (!challenge || !(await repo.takeChallenge("passkey-sign-in", challenge)))
        throw badRequest(M.passkeyExpired);
      const passkey = await repo.passkeyByCredential(response.id);
      if (!passkey) throw badRequest(M.passkeyUnknown);
      // A signature cannot be guessed and each try spends a single-use challenge, so a failed
      // passkey counts towards nothing: no stranger can make the member's passkey fail.
      const { rpID, origin } = relyingParty(request);
      const verified = await (await webauthn())
        .verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: {
            id: passkey.credential_id,
            publicKey: new Uint8Array(passkey.public_key),
            counter: Number(passkey.counter),
            transports: passkey.transports,
          },
          requireUserVerification: true,
        })
        .catch((error: Error) => {
          request.log.warn({ err: error.message }, "passkey sign-in refused");
          return null;
        });
      if (!verified?.verified) throw badRequest(M.passkeyInvalid);
      await repo.passkeyUsed(passkey.id, verified.authenticationInfo.newCounter);
      // "Sign in with SSO only": a passkey alone is for break-glass Owners (oidc-rules.ts).
      await assertPasskeySignIn(request, passkey.user_id);
      return signInUser(request, reply, passkey.user_id);
    },
  );
};

/**
 * The member's own passkeys: register (options, then the signed answer), rename, remove. Registered
 * inside the member's scope of second-factor.ts (a live session, CSRF on writes, audited).
 */
export const passkeyRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const repo = secondFactorRepository(fastify.db);
  const security = [{ bearer: [] }];

  fastify.post(
    "/auth/passkeys/register/options",
    {
      schema: {
        tags: ["auth"],
        security,
        body: z.strictObject({}).nullish(),
        response: { 200: webauthnOptionsAnswer, ...errors },
      },
    },
    async (request) => {
      const { userId, email } = request.session!;
      const { rpID } = relyingParty(request);
      const existing = await repo.passkeysOf(userId);
      const options = await (await webauthn()).generateRegistrationOptions({
        rpName: ISSUER,
        rpID,
        userName: email,
        userID: new TextEncoder().encode(userId),
        attestationType: "none",
        excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: row.transports })),
        // A discoverable credential, so that it signs in alone (no email first).
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
      });
      await repo.createChallenge("passkey-register", userId, options.challenge, CHALLENGE_TTL_MS);
      return { status: "success" as const, data: { options: { ...options } } };
    },
  );

  fastify.post(
    "/auth/passkeys",
    {
      schema: {
        tags: ["auth"],
        security,
        body: passkeyRegisterBody,
        response: { 200: passkeyAnswer, ...errors },
      },
    },
    async (request) => {
      const { userId } = request.session!;
      const response = request.body.response as unknown as RegistrationResponseJSON;
      const challenge = challengeOf(response);
      const open = challenge ? await repo.takeChallenge("passkey-register", challenge) : undefined;
      if (!open || open.user_id !== userId) throw badRequest(M.passkeyExpired);
      const { rpID, origin } = relyingParty(request);
      const result = await (await webauthn())
        .verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
        })
        .catch((error: Error) => {
          request.log.warn({ err: error.message }, "passkey registration refused");
          return null;
        });
      if (!result?.verified) throw badRequest(M.passkeyInvalid);
      const { credential } = result.registrationInfo;
      if (await repo.passkeyByCredential(credential.id)) throw conflict("This passkey is already registered");
      const row = await repo.addPasskey({
        userId,
        name: request.body.name,
        credentialId: credential.id,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? [],
      });
      return { status: "success" as const, data: passkeyOut(row), message: M.passkeyAdded };
    },
  );

  fastify.patch(
    "/auth/passkeys/:id",
    {
      schema: {
        tags: ["auth"],
        security,
        params: passkeyParams,
        body: passkeyRenameBody,
        response: { 200: passkeyAnswer, ...errors },
      },
    },
    async (request) => {
      const row = await repo.renamePasskey(request.session!.userId, request.params.id, request.body.name);
      if (!row) throw notFound(M.passkeyNotFound);
      return { status: "success" as const, data: passkeyOut(row), message: M.passkeyRenamed };
    },
  );

  fastify.delete(
    "/auth/passkeys/:id",
    {
      schema: {
        tags: ["auth"],
        security,
        params: passkeyParams,
        response: { 200: messageBody, ...errors },
      },
    },
    async (request) => {
      const { userId } = request.session!;
      if (!(await repo.passkeysOf(userId)).some((row) => row.id === request.params.id))
        throw notFound(M.passkeyNotFound);
      await ensureNotLast(repo, userId, "passkey");
      await repo.removePasskey(userId, request.params.id);
      return { status: "success" as const, message: M.passkeyRemoved };
    },
  );
};
