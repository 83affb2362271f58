import { errorBody, loginAnswer, messageBody } from "@backoffice/contracts";
import {
  SECOND_FACTOR_MESSAGES as M,
  passkeyAnswer,
  passkeyParams,
  passkeyRegisterBody,
  passkeyRenameBody,
  passkeySignInBody,
  recoveryCodesAnswer,
  secondFactorLoginBody,
  secondFactorPolicyAnswer,
  secondFactorPolicyBody,
  secondFactorStatusAnswer,
  totpCodeBody,
  totpDisableBody,
  totpSetupAnswer,
  webauthnOptionsAnswer,
} from "@backoffice/contracts/second-factor";
import { SESSION_MESSAGES } from "@backoffice/contracts/sessions";
import { badRequest, conflict, forbidden, notFound, unauthorized } from "@backoffice/server";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { z } from "zod";
import { newToken, sha256 } from "../../lib/crypto.ts";
import { MINUTE, normaliseEmail } from "../../lib/rate-limit.ts";
import { auditContextOf, auditWrites } from "../../plugins/audit.ts";
import { requireAdmin, requireOwner } from "../../plugins/auth.ts";
import type { AuthSession } from "../../types.ts";
import { teamRepository } from "../team/repository.ts";
import { knownDeviceOf } from "./devices.ts";
import { checkPassword, type Limit, limitedCheck } from "./guesses.ts";
import { type UserRow, usersRepository } from "./repository.ts";
import { type PasskeyRow, secondFactorRepository } from "./second-factor-repository.ts";
import { startSession } from "./sign-in.ts";

/**
 * Passkeys' library, loaded by the first passkey request: about 9 MB an api holds from then on, so
 * a team without passkeys never pays it (docs/PERFORMANCE.md, "Footprint of `npm start`").
 */
const webauthn = () => import("@simplewebauthn/server");

/** RFC 6238 defaults every authenticator app reads: SHA-1, 6 digits, 30 s. One step either side is accepted. */
const PERIOD = 30;
const TOLERANCE_SECONDS = PERIOD;
const ISSUER = "Back-office";
const RECOVERY_CODES = 10;
const CHALLENGE_TTL_MS = 5 * MINUTE;
/**
 * Wrong codes: 5 per sign-in challenge (then the password is asked again), and per account 10 in 15
 * minutes, or 5 per known device of the account (device cookie). Only a holder of the right password
 * or of a session can send a code, so no stranger can fill these.
 */
const MAX_WRONG_PER_CHALLENGE = 5;
const MAX_WRONG_PER_ACCOUNT = 10;
const MAX_WRONG_PER_DEVICE = 5;
const WINDOW = 15 * MINUTE;

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
};
const RECOVERY_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** `abcde-fghij`: 50 random bits from an alphabet without look-alikes (0/o, 1/l). */
function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const text = Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join("");
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}
const recoveryHash = (userId: string, normalised: string) => sha256(`${userId}:recovery:${normalised}`);

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

/** Checks a TOTP code against a secret; the step it matched, or null. */
async function matchStep(secret: string, code: string): Promise<number | null> {
  const result = await verify({ secret, token: code, period: PERIOD, epochTolerance: TOLERANCE_SECONDS });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

function passkeyOut(row: PasskeyRow) {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

/**
 * After a correct password: the code step for a member with a second factor (a single-use challenge
 * valid 5 minutes), or undefined for a member without one, who gets a session at once.
 */
export async function secondFactorStep(request: FastifyRequest, user: Pick<UserRow, "id">) {
  const repo = secondFactorRepository(request.server.db);
  const factors = await repo.factorsOf(user.id);
  if (!factors.totp && factors.passkeys === 0) return undefined;
  const challenge = newToken();
  await repo.createChallenge("sign-in", user.id, sha256(challenge), CHALLENGE_TTL_MS);
  return {
    status: "second-factor" as const,
    data: { challenge, totp: factors.totp, passkeys: factors.passkeys > 0 },
    message: M.step,
  };
}

/** Whether a request may go on while its member must still set up a second factor: setting up and signing out. */
function allowedBeforeSetup(url: string | undefined): boolean {
  return url === "/api/v1/csrf" || Boolean(url?.startsWith("/api/v1/auth/"));
}

const secondFactorRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { counters, db } = fastify;
  const repo = secondFactorRepository(db);
  const users = usersRepository(db);

  /**
   * Checks a code under the member's limits (guesses.ts: reserved before the check, given back when
   * right): per known device, or per account, and per sign-in challenge when there is one.
   */
  async function guarded<T>(
    request: FastifyRequest,
    userId: string,
    check: () => Promise<T | null>,
    challenge?: string,
  ): Promise<T | null> {
    const email = normaliseEmail((await users.findById(userId))?.email ?? userId);
    const device = await knownDeviceOf(request, email);
    const limit = (key: string, max: number, windowMs = WINDOW): Limit => ({
      key: `second-factor-fail:${key}`,
      max,
      windowMs,
      message: M.tooMany,
    });
    const limits = [
      device
        ? limit(`device:${device}|${userId}`, MAX_WRONG_PER_DEVICE)
        : limit(`account:${userId}`, MAX_WRONG_PER_ACCOUNT),
    ];
    if (challenge) limits.push(limit(`challenge:${challenge}`, MAX_WRONG_PER_CHALLENGE, CHALLENGE_TTL_MS));
    return limitedCheck(request, limits, check);
  }

  /** A TOTP code of the member's confirmed secret, not used before: true once it is recorded as used. */
  async function useTotpCode(userId: string, code: string): Promise<"ok" | "invalid" | "used"> {
    const totp = await repo.totpOf(userId);
    if (!totp?.secret) return "invalid";
    const step = await matchStep(totp.secret, code);
    if (step === null) return "invalid";
    return (await repo.useStep(userId, step)) ? "ok" : "used";
  }

  /** A code for a route that needs one (regenerate, turn off): wrong codes counted as at sign-in. */
  async function requireCode(request: FastifyRequest, userId: string, code: string) {
    let used = false as boolean;
    const ok = await guarded(request, userId, async () => {
      const outcome = await useTotpCode(userId, code);
      used = outcome === "used";
      return outcome === "ok" ? true : null;
    });
    if (!ok) throw badRequest(used ? M.codeUsed : M.codeInvalid);
  }

  async function signInUser(request: FastifyRequest, reply: FastifyReply, userId: string | null) {
    const user = userId ? await users.findById(userId) : undefined;
    if (user?.role !== "admin") throw unauthorized(M.challengeInvalid);
    if (user.disabled_at) throw forbidden(SESSION_MESSAGES.disabled);
    return startSession(request, reply, user);
  }

  fastify.post(
    "/auth/login/second-factor",
    {
      schema: {
        tags: ["auth"],
        body: secondFactorLoginBody,
        response: { 200: loginAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { challenge, code, recoveryCode } = request.body;
      const secret = sha256(challenge);
      const open = await repo.findChallenge("sign-in", secret);
      if (!open?.user_id) throw unauthorized(M.challengeInvalid);
      const userId = open.user_id;
      let used = false as boolean;
      const check = async () => {
        if (code !== undefined) {
          const outcome = await useTotpCode(userId, code);
          used = outcome === "used";
          return outcome === "ok" ? true : null;
        }
        return (await repo.useRecoveryCode(userId, recoveryHash(userId, recoveryCode!))) ? true : null;
      };
      const ok = await guarded(request, userId, check, secret);
      if (!ok) {
        // The challenge's fifth wrong code ends it: the password is asked again.
        const wrong = await counters.peek(`second-factor-fail:challenge:${secret}`);
        if ((wrong?.count ?? 0) >= MAX_WRONG_PER_CHALLENGE) await repo.takeChallenge("sign-in", secret);
        request.log.warn(
          { event: "second factor failed", userId, address: request.ip },
          "second factor failed",
        );
        throw badRequest(used ? M.codeUsed : code !== undefined ? M.codeInvalid : M.recoveryInvalid);
      }
      // Single use: a second request with the same challenge finds nothing.
      if (!(await repo.takeChallenge("sign-in", secret))) throw unauthorized(M.challengeInvalid);
      return signInUser(request, reply, userId);
    },
  );

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
      return signInUser(request, reply, passkey.user_id);
    },
  );

  // The member's own second factor: needs a live session (and CSRF on writes), audited like the profile.
  await fastify.register(async (authenticated) => {
    authenticated.addHook("onRequest", requireAdmin);
    auditWrites(authenticated);
    const route = authenticated.withTypeProvider<ZodTypeProvider>();
    const security = [{ bearer: [] }];

    /**
     * The member's factors; the rule and whether they must set one up are the session's (`findLive`).
     * An Owner also learns whom the rule stops.
     */
    async function statusOf(session: AuthSession) {
      const owner = session.level === "owner";
      const [factors, recoveryCodesLeft, passkeys, membersWithout] = await Promise.all([
        repo.factorsOf(session.userId),
        repo.recoveryCodesLeft(session.userId),
        repo.passkeysOf(session.userId),
        owner ? repo.membersWithout().then((ids) => ids.length) : undefined,
      ]);
      return {
        totp: factors.totp,
        recoveryCodesLeft,
        passkeys: passkeys.map(passkeyOut),
        required: session.secondFactor.required,
        setupNeeded: session.secondFactor.setupNeeded,
        canRequire: owner,
        ...(owner && { membersWithout }),
      };
    }

    /** Refuses to remove a member's last factor while an Owner requires one. */
    async function ensureNotLast(userId: string, removing: "totp" | "passkey") {
      if (!(await repo.required())) return;
      const factors = await repo.factorsOf(userId);
      const left = (factors.totp ? 1 : 0) + factors.passkeys - 1;
      if (left < 1 || (removing === "totp" && factors.passkeys === 0)) throw conflict(M.lastFactor);
    }

    route.get(
      "/auth/second-factor",
      { schema: { tags: ["auth"], security, response: { 200: secondFactorStatusAnswer, ...errors } } },
      async (request) => ({
        status: "success" as const,
        data: await statusOf(request.session!),
      }),
    );

    route.post(
      "/auth/totp/setup",
      {
        schema: {
          tags: ["auth"],
          security,
          body: z.strictObject({}).nullish(),
          response: { 200: totpSetupAnswer, ...errors },
        },
      },
      async (request) => {
        const { userId, email } = request.session!;
        if ((await repo.factorsOf(userId)).totp) throw conflict(M.totpAlreadyOn);
        const secret = generateSecret();
        await repo.startTotp(userId, secret);
        const uri = generateURI({ issuer: ISSUER, label: email, secret, period: PERIOD });
        const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
        return { status: "success" as const, data: { secret, uri, qrSvg } };
      },
    );

    async function newRecoveryCodes(userId: string, to = repo) {
      const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
      await to.replaceRecoveryCodes(
        userId,
        codes.map((code) => recoveryHash(userId, code.replace("-", ""))),
      );
      return codes;
    }

    route.post(
      "/auth/totp/confirm",
      {
        schema: {
          tags: ["auth"],
          security,
          body: totpCodeBody,
          response: { 200: recoveryCodesAnswer, ...errors },
        },
      },
      async (request) => {
        const { userId } = request.session!;
        const totp = await repo.totpOf(userId);
        if (totp?.secret) throw conflict(M.totpAlreadyOn);
        if (!totp?.pending_secret) throw badRequest(M.noSetup);
        const pending = totp.pending_secret;
        const step = await guarded(request, userId, () => matchStep(pending, request.body.code));
        if (step === null) throw badRequest(M.codeInvalid);
        const recoveryCodes = await db.transaction(async (tx) => {
          const inTx = secondFactorRepository(tx);
          await inTx.enableTotp(userId, step);
          return newRecoveryCodes(userId, inTx);
        });
        request.log.info({ event: "totp on", userId, address: request.ip }, "two-step verification on");
        return { status: "success" as const, data: { recoveryCodes }, message: M.totpOn };
      },
    );

    route.post(
      "/auth/totp/recovery-codes",
      {
        schema: {
          tags: ["auth"],
          security,
          body: totpCodeBody,
          response: { 200: recoveryCodesAnswer, ...errors },
        },
      },
      async (request) => {
        const { userId } = request.session!;
        if (!(await repo.factorsOf(userId)).totp) throw conflict(M.totpOff);
        await requireCode(request, userId, request.body.code);
        return { status: "success" as const, data: { recoveryCodes: await newRecoveryCodes(userId) } };
      },
    );

    route.post(
      "/auth/totp/disable",
      {
        schema: {
          tags: ["auth"],
          security,
          body: totpDisableBody,
          response: { 200: messageBody, ...errors },
        },
      },
      async (request) => {
        const { userId, email } = request.session!;
        if (!(await repo.factorsOf(userId)).totp) throw conflict(M.totpOff);
        const me = await users.findById(userId);
        if (!(await checkPassword(request, normaliseEmail(email), me?.password_hash, request.body.password)))
          throw badRequest(M.passwordIncorrect);
        await requireCode(request, userId, request.body.code);
        await ensureNotLast(userId, "totp");
        await repo.disableTotp(userId);
        request.log.info(
          { event: "totp off", userId, email: normaliseEmail(email), address: request.ip },
          "two-step verification off",
        );
        return { status: "success" as const, message: M.totpTurnedOff };
      },
    );

    route.post(
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

    route.post(
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
        if (await repo.passkeyByCredential(credential.id))
          throw conflict("This passkey is already registered");
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

    route.patch(
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

    route.delete(
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
        await ensureNotLast(userId, "passkey");
        await repo.removePasskey(userId, request.params.id);
        return { status: "success" as const, message: M.passkeyRemoved };
      },
    );

    route.put(
      "/auth/second-factor/policy",
      {
        onRequest: requireOwner,
        schema: {
          tags: ["auth"],
          security,
          body: secondFactorPolicyBody,
          response: { 200: secondFactorPolicyAnswer, ...errors },
        },
      },
      async (request) => {
        const { userId } = request.session!;
        const factors = await repo.factorsOf(userId);
        if (request.body.required && !factors.totp && factors.passkeys === 0) throw conflict(M.ownerFirst);
        const before = await repo.required();
        // The team's rule is a team change: a Team entry of History names the Owner who set it.
        await db.transaction(async (tx) => {
          await secondFactorRepository(tx).setRequired(request.body.required);
          const rule = (required: boolean) => ({ name: "Second factor for everyone", required });
          await teamRepository(tx).log(
            auditContextOf(request, null),
            "update",
            "second-factor-rule",
            rule(before),
            rule(request.body.required),
          );
        });
        // Turned on: the live streams of the members it stops end now, like their other requests.
        if (request.body.required && !before)
          for (const member of await repo.membersWithout())
            await fastify.live.accessChanged({ userId: member });
        return {
          status: "success" as const,
          data: { required: request.body.required },
          message: M.policySaved,
        };
      },
    );
  });
};

export default secondFactorRoutes;

/**
 * preHandler of every route (app.ts), after the admin routes' `requireAdmin` set the session: while an
 * Owner requires a second factor, a member without one may only set one up and sign out (403 else).
 * The session lookup already read whether they must (`findLive`): no query here.
 */
export async function secondFactorGate(request: FastifyRequest): Promise<void> {
  if (!request.session || allowedBeforeSetup(request.routeOptions.url)) return;
  if (request.session.secondFactor.setupNeeded) throw forbidden(M.setupRequired);
}
