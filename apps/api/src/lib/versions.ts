import { LIVE_MESSAGES, VERSION_HEADER } from "@backoffice/contracts/live";
import type { SentVersion } from "@backoffice/db";
import { conflict, type HttpError, notFound } from "@backoffice/server";
import type { FastifyRequest } from "fastify";

/**
 * The version an edit sent as it loaded the record (docs/PRODUCT-RULES.md#live-updates): the
 * `updatedAt` in `If-Match` (quotes and `W/` removed) as ISO text, null when it is no date, or
 * undefined without the header: the spec's payloads, which have no version check. The repositories
 * check it in their update's WHERE (`versionCondition`, @backoffice/db).
 */
export function sentVersion(request: FastifyRequest): SentVersion {
  const sent = request.headers[VERSION_HEADER];
  if (typeof sent !== "string") return undefined;
  const version = new Date(sent.replace(/^(W\/)?"|"$/g, ""));
  return Number.isNaN(version.getTime()) ? null : version.toISOString();
}

/**
 * Why an edit's update, checked against the version it sent, changed no row: the record is there,
 * so its version moved since (409, nothing saved), or there is no such record (404, `notFoundMessage`).
 */
export async function refusedEdit(
  version: SentVersion,
  exists: () => Promise<unknown>,
  notFoundMessage: string,
): Promise<HttpError> {
  if (version !== undefined && (await exists())) return conflict(LIVE_MESSAGES.conflict);
  return notFound(notFoundMessage);
}
