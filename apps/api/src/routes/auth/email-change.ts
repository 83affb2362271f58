import {
  confirmEmailBody,
  errorBody,
  EMAIL_CHANGE_MESSAGES as M,
  profileAnswer,
} from "@backoffice/contracts";
import type { Queryable } from "@backoffice/db";
import { badRequest, conflict } from "@backoffice/server";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { newOtpCode, safeEqual, sha256 } from "../../lib/crypto.ts";
import { consume, MINUTE } from "../../lib/rate-limit.ts";
import { usersRepository } from "./repository.ts";

/**
 * Changing the email needs proof of the new address (docs/PRODUCT-RULES.md#passwords-and-the-profile):
 * Edit Profile mails a code to it and the address takes effect only once the code is entered, so no
 * member can take an address they do not read (and another person's reset codes with it). An address
 * of another account, or with a pending team invitation, is refused at both steps.
 */
const CODE_TTL_MS = 10 * MINUTE;
const MAX_TRIES = 5;
/** Codes mailed per member and hour. */
const CODES_PER_HOUR = 5;
const codeHash = (userId: string, code: string) => sha256(`${userId}:email-change:${code}`);

interface PendingRow {
  new_email: string;
  code_hash: string;
  tries: number;
}

function emailChangesRepository(db: Queryable) {
  return {
    async replace(userId: string, newEmail: string, hash: string, expiresAt: Date): Promise<void> {
      await db.query(
        `insert into email_changes (user_id, new_email, code_hash, expires_at) values ($1, $2, $3, $4)
         on conflict (user_id) do update set new_email = $2, code_hash = $3, expires_at = $4, tries = 0,
           created_at = now()`,
        [userId, newEmail, hash, expiresAt],
      );
    },
    /** Takes one try of the member's open change before its code is compared; undefined when none is left. */
    async takeTry(userId: string): Promise<PendingRow | undefined> {
      const [row] = await db.query<PendingRow>(
        `update email_changes set tries = tries + 1
         where user_id = $1 and expires_at > now() and tries < $2 returning new_email, code_hash, tries`,
        [userId, MAX_TRIES],
      );
      return row;
    },
    async remove(userId: string): Promise<void> {
      await db.query("delete from email_changes where user_id = $1", [userId]);
    },
  };
}

/** Refuses an address another account uses or a pending invitation names. */
async function ensureFree(db: Queryable, userId: string, email: string) {
  const owner = await usersRepository(db).findByEmail(email);
  if (owner && owner.id !== userId) throw conflict(M.taken);
  const [invited] = await db.query(
    `select 1 from invitations where lower(email) = lower($1) and accepted_at is null
       and revoked_at is null and expires_at > now()`,
    [email.trim()],
  );
  if (invited) throw conflict(M.invitationPending);
}

/** Edit Profile's new email: checked, then a code mailed to it; the email itself does not change yet. */
export async function startEmailChange(request: FastifyRequest, userId: string, newEmail: string) {
  const { db, counters, mailer } = request.server;
  await ensureFree(db, userId, newEmail);
  await consume(
    counters,
    `email-change-mail:${userId}`,
    CODES_PER_HOUR,
    60 * MINUTE,
    "Too many code requests. Please wait and try again.",
  );
  const code = newOtpCode();
  await emailChangesRepository(db).replace(
    userId,
    newEmail.trim(),
    codeHash(userId, code),
    new Date(Date.now() + CODE_TTL_MS),
  );
  await mailer.send({
    to: newEmail.trim(),
    subject: "Confirm your new email address",
    text: `Your code is ${code}.\n\nEnter it in Edit Profile within 10 minutes to make this the address of your back-office account. If you did not ask for it, ignore this mail.`,
  });
}

/** `POST /auth/me/email/confirm`: the code mailed to the new address makes it the member's email. */
const emailChangeRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { db, mailer } = fastify;
  fastify.post(
    "/auth/me/email/confirm",
    {
      schema: {
        tags: ["auth"],
        security: [{ bearer: [] }],
        body: confirmEmailBody,
        response: {
          200: profileAnswer,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          409: errorBody,
          429: errorBody,
        },
      },
    },
    async (request) => {
      const session = request.session!;
      const changes = emailChangesRepository(db);
      const pending = await changes.takeTry(session.userId);
      if (!pending) throw badRequest(M.nothingPending);
      if (!safeEqual(pending.code_hash, codeHash(session.userId, request.body.code))) {
        if (pending.tries >= MAX_TRIES) await changes.remove(session.userId);
        throw badRequest(M.codeInvalid);
      }
      const user = await db.transaction(async (tx) => {
        await ensureFree(tx, session.userId, pending.new_email);
        await emailChangesRepository(tx).remove(session.userId);
        return usersRepository(tx).update(session.userId, { email: pending.new_email });
      });
      request.log.info(
        { event: "email changed", userId: session.userId, address: request.ip },
        "email changed",
      );
      mailer
        .send({
          to: session.email,
          subject: "Your email address was changed",
          text: `Your back-office account now signs in with ${user.email} instead of this address.\n\nIf this was not you, contact your administrator at once.`,
        })
        .catch((error) => request.log.error({ err: error }, "could not send the email change notice"));
      return {
        status: "success" as const,
        data: { user: { email: user.email, role: user.role }, pendingEmail: null },
        message: M.changed,
      };
    },
  );
};

export default emailChangeRoutes;
