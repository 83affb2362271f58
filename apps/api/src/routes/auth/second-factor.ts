import {
  SECOND_FACTOR_MESSAGES as M,
  secondFactorPolicyAnswer,
  secondFactorPolicyBody,
  secondFactorStatusAnswer,
} from "@backoffice/contracts/second-factor";
import { conflict } from "@backoffice/server";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { auditContextOf, auditWrites } from "../../plugins/audit.ts";
import { requireAdmin, requireOwner } from "../../plugins/auth.ts";
import type { AuthSession } from "../../types.ts";
import { teamRepository } from "../team/repository.ts";
import { passkeyOut, passkeyRoutes, passkeySignInRoutes } from "./passkeys.ts";
import { errors } from "./second-factor-checks.ts";
import { secondFactorRepository } from "./second-factor-repository.ts";
import { secondFactorSignInRoutes } from "./second-factor-sign-in.ts";
import { totpRoutes } from "./totp.ts";

/**
 * The second factor (docs/PRODUCT-RULES.md#second-factor): the sign-in's code step
 * (second-factor-sign-in.ts) and a passkey's sign-in (passkeys.ts) without a session; then, in the
 * member's scope, their factors (`GET /auth/second-factor`), TOTP and recovery codes (totp.ts),
 * passkeys (passkeys.ts) and the Owner's "required for everyone" rule. The rule's gate on every
 * other route is second-factor-gate.ts.
 */
const secondFactorRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { db } = fastify;
  const repo = secondFactorRepository(db);

  await fastify.register(secondFactorSignInRoutes);
  await fastify.register(passkeySignInRoutes);

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

    route.get(
      "/auth/second-factor",
      { schema: { tags: ["auth"], security, response: { 200: secondFactorStatusAnswer, ...errors } } },
      async (request) => ({
        status: "success" as const,
        data: await statusOf(request.session!),
      }),
    );

    await authenticated.register(totpRoutes);
    await authenticated.register(passkeyRoutes);

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
