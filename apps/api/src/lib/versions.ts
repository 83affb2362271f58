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
  const time = new Date(sent.replace(/^(W\/)?"|"$/g, "")).getTime();
  // NaN fails both; JavaScript's dates reach years the database's timestamps cannot hold.
  return time >= EARLIEST_VERSION && time <= LATEST_VERSION ? new Date(time).toISOString() : null;
}

const EARLIEST_VERSION = Date.parse("0001-01-01T00:00:00Z");
const LATEST_VERSION = Date.parse("9999-12-31T23:59:59.999Z");

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
