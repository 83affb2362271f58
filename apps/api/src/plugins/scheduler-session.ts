import { randomBytes } from "node:crypto";
import type { MemberLevel, Site } from "@backoffice/contracts";
import type { FastifyRequest } from "fastify";
import { safeEqual } from "../lib/crypto.ts";
import { tokensRepository } from "../routes/integrations/repository.ts";
import { TOKEN_AUTHOR, tokenSession } from "./api-token.ts";

// A scheduled change is applied by replaying its edit through the route (routes/schedule/apply.ts),
// as the member who scheduled it, with their level and sites as they are then. The replay carries
// this process's secret, which never leaves its memory, so no request from outside can act so.
const SECRET = randomBytes(32).toString("base64url");
const HEADER = "x-scheduled-change";

/** The headers of a replayed change: who it is for, and the change's id as the request's (its History batch). */
export const schedulerHeaders = (changeId: string, authorId: string) => ({
  [HEADER]: `${SECRET}.${changeId}.${authorId}`,
});

/**
 * When the request is a replayed scheduled change: sets its session to the author's (a disabled or
 * non-admin author has none: the replay is refused as any request would be) and its id to the
 * change's, so that History's batch of the change is the change itself. True when it was one.
 */
export async function actAsScheduler(request: FastifyRequest): Promise<boolean> {
  const sent = request.headers[HEADER];
  if (typeof sent !== "string") return false;
  const [secret = "", changeId = "", authorId = ""] = sent.split(".");
  if (!safeEqual(secret, SECRET)) return false;
  if (authorId.startsWith(TOKEN_AUTHOR)) {
    // Scheduled with an API token: applied as that token while it is neither revoked nor expired.
    const token = await tokensRepository(request.server.db).findLive(
      authorId.slice(TOKEN_AUTHOR.length),
      new Date(),
      "id",
    );
    if (!token) return false;
    (request as { id: string }).id = changeId;
    request.session = { ...tokenSession(token, ""), via: "scheduler" };
    return true;
  }
  const [member] = await request.server.db.query<{
    email: string;
    role: string;
    level: MemberLevel;
    sites: Site[] | null;
  }>("select email, role, level, sites from users where id = $1 and disabled_at is null", [authorId]);
  if (member?.role !== "admin") return false;
  (request as { id: string }).id = changeId;
  request.session = {
    id: "scheduler",
    userId: authorId,
    email: member.email,
    role: member.role,
    level: member.level,
    sites: member.sites,
    secondFactor: { enabled: true, required: false, setupNeeded: false },
    token: "",
    via: "scheduler",
  };
  return true;
}
