import {
  AUTH_MESSAGES,
  csrfAnswer,
  EMAIL_CHANGE_MESSAGES,
  editProfileBody,
  errorBody,
  forgotPasswordBody,
  getOtpBody,
  loginAnswer,
  loginBody,
  messageBody,
  profileAnswer,
  verifyOtpBody,
} from "@backoffice/contracts";
import { secondFactorStepAnswer } from "@backoffice/contracts/second-factor";
import { SESSION_MESSAGES } from "@backoffice/contracts/sessions";
import { newId, withAudit } from "@backoffice/db";
import { badRequest, forbidden, unauthorized } from "@backoffice/server";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { hashPassword, newOtpCode, safeEqual, sha256 } from "../../lib/crypto.ts";
import { consume, MINUTE, normaliseEmail } from "../../lib/rate-limit.ts";
import { auditContextOf, auditWrites } from "../../plugins/audit.ts";
import { csrfTokenFor, requireAdmin } from "../../plugins/auth.ts";
import { knownDeviceOf } from "./devices.ts";
import emailChangeRoutes, { startEmailChange } from "./email-change.ts";
import { checkPassword } from "./guesses.ts";
import { assertPasswordSignIn, ssoOnlyApplies } from "./oidc-rules.ts";
import { otpRepository, sessionsRepository, usersRepository } from "./repository.ts";
import { secondFactorStep } from "./second-factor-sign-in.ts";
import sessionRoutes from "./sessions.ts";
import { startSession } from "./sign-in.ts";

export const OTP_TTL_MS = 10 * MINUTE;
export const OTP_MAX_WRONG = 5;
/** Codes per account and address pair in 15 minutes (docs/PRODUCT-RULES.md#passwords-and-the-profile). */
export const OTP_MAX_PER_PAIR = 3;
/**
 * Reset mails per account and hour asked from unknown devices, and per known device of the account
 * (device cookie): past it the answer stays the same and no mail goes (nothing is enumerated).
 */
const OTP_MAILS_PER_HOUR = 5;
const WINDOW = 15 * MINUTE;
const HOUR = 60 * MINUTE;
const OTP_MAX_REQUESTS_PER_ADDRESS = 10;
const OTP_MAX_CHECKS_PER_ADDRESS = 20;
const TOO_MANY_OTP = "Too many code requests. Please wait and try again.";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody };
const otpCodeHash = (id: string, code: string) => sha256(`${id}:${code}`);

const authRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { counters, mailer } = fastify;
  const users = usersRepository(fastify.db);
  const otps = otpRepository(fastify.db);

  fastify.post(
    "/auth/login",
    {
      schema: {
        tags: ["auth"],
        body: loginBody,
        response: { 200: z.union([loginAnswer, secondFactorStepAnswer]), ...errors },
      },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email);
      const user = await users.findByEmail(email);
      if (!(await checkPassword(request, email, user?.password_hash, request.body.password)) || !user) {
        request.log.warn(
          { event: "sign-in failed", userId: user?.id ?? null, address: request.ip },
          "sign-in failed",
        );
        throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      }
      if (user.role !== "admin") throw forbidden(AUTH_MESSAGES.forbidden);
      if (user.disabled_at) throw forbidden(SESSION_MESSAGES.disabled);
      // "Sign in with SSO only": members use the provider; break-glass Owners need a second factor (oidc-rules.ts).
      await assertPasswordSignIn(request, user);
      // A member with a second factor gets the code step instead (second-factor-sign-in.ts).
      return (await secondFactorStep(request, user)) ?? startSession(request, reply, user);
    },
  );

  fastify.post(
    "/auth/get-otp",
    {
      schema: { tags: ["auth"], body: getOtpBody, response: { 200: messageBody, ...errors } },
      // The code is made and mailed once the answer has gone: an account or none, the answer takes
      // the same time and says the same bytes (the lookup runs after it, on either engine).
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 200) return;
        const email = normaliseEmail((request.body as { email: string }).email);
        issueCode(request, email).then(
          (userId) =>
            request.log.info(
              { event: "reset code requested", userId, address: request.ip },
              "reset code requested",
            ),
          (error) => request.log.error({ err: error }, "could not issue a reset code"),
        );
      },
    },
    async (request) => {
      const email = normaliseEmail(request.body.email);
      await consume(
        counters,
        `otp-request:address:${request.ip}`,
        OTP_MAX_REQUESTS_PER_ADDRESS,
        WINDOW,
        TOO_MANY_OTP,
      );
      // Per pair, not per account: requests from elsewhere cannot use up the member's own. Keyed on
      // the address asked for, known or not, so the limit itself reveals nothing.
      await consume(
        counters,
        `otp-request:pair:${email}|${request.ip}`,
        OTP_MAX_PER_PAIR,
        WINDOW,
        TOO_MANY_OTP,
      );
      return { status: "success" as const, message: AUTH_MESSAGES.otpSent };
    },
  );

  /**
   * Stores a new code of the pair for a known email and mails it; nothing for an unknown one, nor past
   * the account's mails of the hour from unknown devices (a known device of the account has its own
   * count, so that no stranger can use up the member's).
   */
  async function issueCode(request: FastifyRequest, email: string): Promise<string | null> {
    const user = await users.findByEmail(email);
    if (!user) return null;
    // Reset codes are not sent to members who sign in with SSO only.
    if (await ssoOnlyApplies(request, user)) return null;
    const device = await knownDeviceOf(request, email);
    const mails = await counters.hit(`otp-mail:${device ? `device:${device}` : "account"}|${email}`, HOUR);
    if (mails.count > OTP_MAILS_PER_HOUR) {
      request.log.warn(
        { event: "reset code not mailed", userId: user.id, address: request.ip },
        "reset mails of the hour used up",
      );
      return null;
    }
    const ip = request.ip;
    const id = newId();
    const code = newOtpCode();
    await otps.replace(user.id, email, ip, id, otpCodeHash(id, code), new Date(Date.now() + OTP_TTL_MS));
    await mailer.send({
      to: user.email,
      subject: "Your password reset code",
      text: `Your password reset code is ${code}. It is valid for 10 minutes and can be used once.\n\nIf you did not ask for it, ignore this mail.`,
    });
    return user.id;
  }

  /**
   * Checks the open code this address asked for. Each check takes one of the code's 5 tries before it
   * compares (concurrent guesses cannot pass together) and gives it back when right; the fifth wrong
   * one closes the code. Checks from addresses holding no code test nothing, so strangers cannot use up
   * the member's tries, and there is no account-wide limit for them to fill: guessing is bounded by
   * tries per code and codes mailed per hour (`OTP_MAILS_PER_HOUR`).
   */
  async function checkCode(ip: string, rawEmail: string, code: string) {
    const email = normaliseEmail(rawEmail);
    await consume(counters, `otp-check:address:${ip}`, OTP_MAX_CHECKS_PER_ADDRESS, WINDOW, TOO_MANY_OTP);
    const user = await users.findByEmail(email);
    const open = user ? await otps.findOpen(user.id, ip, new Date()) : undefined;
    if (!user || !open || normaliseEmail(open.email) !== email) throw badRequest(AUTH_MESSAGES.otpInvalid);
    if (!(await otps.takeTry(open.id, OTP_MAX_WRONG))) throw badRequest(AUTH_MESSAGES.otpInvalid);
    if (!safeEqual(open.code_hash, otpCodeHash(open.id, code))) {
      await otps.closeIfUsedUp(open.id, OTP_MAX_WRONG);
      throw badRequest(AUTH_MESSAGES.otpInvalid);
    }
    await otps.giveTryBack(open.id);
    return { user, open };
  }

  fastify.post(
    "/auth/verify-otp",
    { schema: { tags: ["auth"], body: verifyOtpBody, response: { 200: messageBody, ...errors } } },
    async (request) => {
      const { open } = await checkCode(request.ip, request.body.email, request.body.otp);
      await otps.markVerified(open.id);
      return { status: "success" as const, message: AUTH_MESSAGES.otpVerified };
    },
  );

  fastify.post(
    "/auth/forgot-password",
    { schema: { tags: ["auth"], body: forgotPasswordBody, response: { 200: messageBody, ...errors } } },
    async (request) => {
      const { user, open } = await checkCode(request.ip, request.body.email, request.body.otp);
      const passwordHash = await hashPassword(request.body.password);
      // In History under Profile, like a password changed in Edit Profile, by the account itself.
      await withAudit({ ...auditContextOf(request, null), actorId: user.id, actorEmail: user.email }, () =>
        fastify.db.transaction(async (tx) => {
          await otpRepository(tx).close(open.id);
          await usersRepository(tx).update(user.id, { passwordHash });
          await sessionsRepository(tx).revokeAllOf(user.id);
        }),
      );
      // Every live stream of the member ends before this answer (lib/live.ts).
      await fastify.live.accessChanged({ userId: user.id });
      request.log.info({ event: "password reset", userId: user.id, address: request.ip }, "password reset");
      mailer
        .send({
          to: user.email,
          subject: "Your password was changed",
          text: "The password of your back-office account was just reset, and every session was signed out.\n\nIf this was not you, contact your administrator at once.",
        })
        .catch((error) => request.log.error({ err: error }, "could not send the password change notice"));
      return { status: "success" as const, message: AUTH_MESSAGES.passwordReset };
    },
  );

  // Everything below needs a live admin session (and CSRF on writes).
  await fastify.register(async (authenticated) => {
    authenticated.addHook("onRequest", requireAdmin);
    auditWrites(authenticated);
    // The member's own sessions (sessions.ts) and the proof of a new email (email-change.ts).
    await authenticated.register(sessionRoutes);
    await authenticated.register(emailChangeRoutes);
    const route = authenticated.withTypeProvider<import("fastify-type-provider-zod").ZodTypeProvider>();

    route.get(
      "/csrf",
      {
        schema: { tags: ["auth"], security: [{ bearer: [] }], response: { 200: csrfAnswer, 401: errorBody } },
      },
      async (request) => ({ status: "success" as const, csrfToken: csrfTokenFor(request.session!.token) }),
    );

    route.post(
      "/auth/logout",
      {
        schema: {
          tags: ["auth"],
          security: [{ bearer: [] }],
          body: z.strictObject({}).nullish(),
          response: { 200: messageBody, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => {
        const { id, userId } = request.session!;
        await sessionsRepository(fastify.db).revoke(id);
        // The session's live streams end before this answer (lib/live.ts).
        await fastify.live.accessChanged({ userId, sessions: [id] });
        return { status: "success" as const, message: AUTH_MESSAGES.loggedOut };
      },
    );

    route.put(
      "/auth/me/edit-profile",
      {
        schema: {
          tags: ["auth"],
          security: [{ bearer: [] }],
          body: editProfileBody,
          response: { 200: profileAnswer, ...errors, 409: errorBody },
        },
      },
      async (request) => {
        const session = request.session!;
        const { email, password, currentPassword } = request.body;
        // Changing the password or the email needs the current password (ASVS 6.2.3).
        if (password || normaliseEmail(email) !== normaliseEmail(session.email)) {
          const me = await users.findByEmail(session.email);
          if (
            !(await checkPassword(request, normaliseEmail(session.email), me?.password_hash, currentPassword))
          ) {
            request.log.warn({ userId: session.userId }, "profile change refused: wrong current password");
            throw badRequest(AUTH_MESSAGES.currentPasswordIncorrect);
          }
        }
        // A new address takes effect once the code mailed to it is entered (email-change.ts); a new
        // spelling of the same address at once.
        const newAddress = normaliseEmail(email) !== normaliseEmail(session.email);
        if (newAddress) await startEmailChange(request, session.userId, email);
        const passwordHash = password ? await hashPassword(password) : undefined;
        const user = await fastify.db.transaction(async (tx) => {
          const updated = await usersRepository(tx).update(session.userId, {
            email: newAddress ? session.email : email,
            passwordHash,
          });
          if (passwordHash) await sessionsRepository(tx).revokeAllOf(session.userId, session.id);
          return updated;
        });
        if (passwordHash) await fastify.live.accessChanged({ userId: session.userId, except: session.id });
        request.log.info(
          {
            event: "profile changed",
            userId: session.userId,
            address: request.ip,
            passwordChanged: Boolean(passwordHash),
            emailCodeSent: newAddress,
          },
          "profile changed",
        );
        return {
          status: "success" as const,
          data: {
            user: { email: user.email, role: user.role },
            pendingEmail: newAddress ? email.trim() : null,
          },
          message: newAddress ? EMAIL_CHANGE_MESSAGES.codeSent(email.trim()) : AUTH_MESSAGES.profileUpdated,
        };
      },
    );
  });
};

export default authRoutes;
