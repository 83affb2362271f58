import type { FastifyInstance, FastifyRequest } from "fastify";
import type { UsedSignatures } from "../repositories/signatures.ts";
/**
 * Parses JSON bodies and keeps the exact text on `request.rawBody`, since signatures cover the body
 * as sent, not a re-serialisation of it. An empty body reads as no body. Other content types get 415.
 */
export declare function installJsonParser(fastify: FastifyInstance): void;
/**
 * A `preValidation` hook admitting only signed requests (DESIGN §5): X-Signature must be the HMAC of
 * METHOD + path + raw body + X-Timestamp, the timestamp within 300 s of now, and the signature not
 * seen before. It runs before validation, so an unsigned caller learns nothing about the payload rules.
 */
export declare function requireSignature(options: {
    secret: string;
    signatures: UsedSignatures;
    now?: () => number;
}): (request: FastifyRequest) => Promise<void>;
