import { messageBody } from "@backoffice/contracts";
import {
  SECOND_FACTOR_MESSAGES as M,
  recoveryCodesAnswer,
  totpCodeBody,
  totpDisableBody,
  totpSetupAnswer,
} from "@backoffice/contracts/second-factor";
import { badRequest, conflict } from "@backoffice/server";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { generateSecret, generateURI } from "otplib";
import QRCode from "qrcode";
import { z } from "zod";
import { normaliseEmail } from "../../lib/rate-limit.ts";
import { checkPassword } from "./guesses.ts";
import { usersRepository } from "./repository.ts";
import {
  ensureNotLast,
  errors,
  guarded,
  ISSUER,
  matchStep,
  newRecoveryCodes,
  PERIOD,
  requireCode,
} from "./second-factor-checks.ts";
import { secondFactorRepository } from "./second-factor-repository.ts";

/**
 * The member's two-step verification (TOTP, otplib) and its recovery codes: set up, confirm with a
 * first code, new recovery codes, turn off. Registered inside the member's scope of second-factor.ts
 * (a live session, CSRF on writes, audited like the profile).
 */
export const totpRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { db } = fastify;
  const repo = secondFactorRepository(db);
  const users = usersRepository(db);
  const security = [{ bearer: [] }];

  fastify.post(
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

  fastify.post(
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
        return newRecoveryCodes(inTx, userId);
      });
      request.log.info({ event: "totp on", userId, address: request.ip }, "two-step verification on");
      return { status: "success" as const, data: { recoveryCodes }, message: M.totpOn };
    },
  );

  fastify.post(
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
      return { status: "success" as const, data: { recoveryCodes: await newRecoveryCodes(repo, userId) } };
    },
  );

  fastify.post(
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
      await ensureNotLast(repo, userId, "totp");
      await repo.disableTotp(userId);
      request.log.info(
        { event: "totp off", userId, email: normaliseEmail(email), address: request.ip },
        "two-step verification off",
      );
      return { status: "success" as const, message: M.totpTurnedOff };
    },
  );
};
