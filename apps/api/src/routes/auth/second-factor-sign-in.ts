import { loginAnswer } from "@backoffice/contracts";
import { SECOND_FACTOR_MESSAGES as M, secondFactorLoginBody } from "@backoffice/contracts/second-factor";
import { badRequest, unauthorized } from "@backoffice/server";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { newToken, sha256 } from "../../lib/crypto.ts";
import type { UserRow } from "./repository.ts";
import {
  CHALLENGE_TTL_MS,
  errors,
  guarded,
  MAX_WRONG_PER_CHALLENGE,
  recoveryHash,
  signInUser,
  useTotpCode,
} from "./second-factor-checks.ts";
import { type StepOrigin, secondFactorRepository } from "./second-factor-repository.ts";

/**
 * After a correct password: the code step for a member with a second factor (a single-use challenge
 * valid 5 minutes), or undefined for a member without one, who gets a session at once. After an SSO
 * sign-in (`how`), the session the step ends in is an SSO session, like one without the step.
 */
export async function secondFactorStep(
  request: FastifyRequest,
  user: Pick<UserRow, "id">,
  how: StepOrigin = {},
) {
  const repo = secondFactorRepository(request.server.db);
  const factors = await repo.factorsOf(user.id);
  if (!factors.totp && factors.passkeys === 0) return undefined;
  const challenge = newToken();
  await repo.createChallenge("sign-in", user.id, sha256(challenge), CHALLENGE_TTL_MS, how);
  return {
    status: "second-factor" as const,
    data: { challenge, totp: factors.totp, passkeys: factors.passkeys > 0 },
    message: M.step,
  };
}

/** `POST /auth/login/second-factor`: the code step's answer, a TOTP or a recovery code, then the session. */
export const secondFactorSignInRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { counters, db } = fastify;
  const repo = secondFactorRepository(db);

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
          const outcome = await useTotpCode(repo, userId, code);
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
      const taken = await repo.takeChallenge("sign-in", secret);
      if (!taken) throw unauthorized(M.challengeInvalid);
      return signInUser(request, reply, userId, {
        signIn: taken.sign_in,
        ...(taken.sso_provider ? { ssoProvider: taken.sso_provider } : {}),
      });
    },
  );
};
