import { SECURITY_HEADERS } from "@backoffice/server";
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /** False on a route that sends its own security headers (the cached public reads, lib/public-reply.ts). */
    securityHeaders?: false;
  }
}

/**
 * The dashboard's Content-Security-Policy: its own scripts only (no inline script, no eval), inline
 * styles (Radix positions its popovers with them), images from anywhere (posters, ad banners), and
 * never framed.
 */
const DASHBOARD_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data: blob: http: https:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
].join(";");

/**
 * The api's security headers, built once: the shared ones (packages/server http.ts) with the
 * dashboard's policy, and the rest of what @fastify/helmet 13 set with this app's options. helmet
 * built its middleware and rewrote the policy from its directives on every request, 5.5 % of the
 * public intake's CPU (issue 39, item 3).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...SECURITY_HEADERS,
  "content-security-policy": DASHBOARD_CSP,
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-site",
  "origin-agent-cluster": "?1",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
};

/**
 * Every answer of the api gets `API_SECURITY_HEADERS` in one call as its request arrives (so a
 * refusal, a 404 and an error carry them too), unless its route sends its own (`securityHeaders: false`).
 */
export function installApiSecurityHeaders(fastify: FastifyInstance): void {
  fastify.addHook("onRequest", (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders !== false) reply.headers(API_SECURITY_HEADERS);
    done();
  });
}
