import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { performance } from "node:perf_hooks";
import { LINK_FAILURE_REASONS as REASONS } from "@backoffice/contracts";
import { inSpan } from "@backoffice/server";
import ipaddr from "ipaddr.js";

/**
 * Stream-link probe (docs/PRODUCT-RULES.md#matches-and-the-sports-feed): a HEAD (GET when HEAD is
 * refused) with a 5-second timeout, at most 3 redirects followed by hand, only http and https. The
 * SSRF guard checks the RESOLVED address inside the socket's own `lookup`, so the connection uses
 * the address that was checked (no second resolution between check and connect), and again for
 * each redirect's host. Whatever the host answers (a Location that makes no URL, a loop, a reset,
 * bytes that are not HTTP, a TLS failure), `probeLink` answers that link's state with a reason and
 * never throws: a hostile host costs only its own link's state, never the check or the round.
 */
export type ProbeResult =
  | { state: "ok"; status: number; latencyMs: number }
  | { state: "failing"; status: number | null; reason: string; latencyMs: number | null }
  | { state: "blocked"; status: null; reason: string; latencyMs: null };

export interface ProbeOptions {
  /** Hosts (names or literal addresses, lowercase) allowed despite the address guard. */
  allowedHosts?: readonly string[];
  timeoutMs?: number;
  maxRedirects?: number;
  /** Resolves names; tests pass one that answers loopback for a public-looking name. */
  lookup?: LookupFunction;
  /**
   * Keep-alive agents a round shares (`probeAgents`): a HEAD's connection is used again for the next
   * link on the same host and port instead of a new one each time. Each new connection still goes
   * through the guarded lookup; without them every probe opens and closes its own.
   */
  agents?: ProbeAgents;
}

export interface ProbeAgents {
  http: http.Agent;
  https: https.Agent;
  destroy(): void;
}

/** Agents for one round of probes, at most `perHost` connections to a host; destroy them after. */
export function probeAgents(perHost: number): ProbeAgents {
  const options = { keepAlive: true, maxSockets: perHost, maxFreeSockets: perHost };
  const agents = { http: new http.Agent(options), https: new https.Agent(options) };
  return {
    ...agents,
    destroy() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

/** Only public unicast addresses may be probed: no loopback, private, link-local, CGNAT, multicast, unspecified or metadata. */
export function isBlockedAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  // "unicast" is the only public range ipaddr.js names; everything else (loopback, private,
  // linkLocal with 169.254.169.254, carrierGradeNat, multicast, unspecified, uniqueLocal…) is refused.
  return parsed.range() !== "unicast";
}

export class BlockedError extends Error {}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "").toLowerCase();

export function guardedLookup(resolve: LookupFunction, allowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = (
        Array.isArray(addresses) ? addresses : [{ address: addresses, family: 4 }]
      ) as LookupAddress[];
      const usable = allowed ? list : list.filter((item) => !isBlockedAddress(item.address));
      if (usable.length === 0 || usable.length < list.length) {
        return callback(new BlockedError(`${hostname} resolves to a blocked address`), "", 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      const first = usable[0]!;
      return callback(null, first.address, first.family);
    });
  };
}

interface Hop {
  status: number;
  location: string | undefined;
}

function request(
  url: URL,
  method: "HEAD" | "GET",
  lookup: LookupFunction,
  signal: AbortSignal,
  agents: ProbeAgents | undefined,
): Promise<Hop> {
  const secure = url.protocol === "https:";
  const client = secure ? https : http;
  // A HEAD answer has no body, so its connection can serve the next probe; a GET's body (a stream)
  // is never read: that connection is closed.
  const agent = method === "HEAD" && agents ? (secure ? agents.https : agents.http) : false;
  // With tracing on, a CLIENT span per request (its host, never the link's path or query).
  const where = {
    "http.request.method": method,
    "server.address": hostOf(url),
    "url.scheme": url.protocol.slice(0, -1),
  };
  return inSpan(
    method,
    where,
    (notes) =>
      new Promise<Hop>((resolve, reject) => {
        const req = client.request(
          url,
          { method, lookup, signal, agent, headers: { "user-agent": "backoffice-link-probe" } },
          (res) => {
            res.resume();
            notes.set("http.response.status_code", res.statusCode ?? 0);
            resolve({ status: res.statusCode ?? 0, location: res.headers.location });
            if (!agent) res.destroy();
          },
        );
        req.on("error", reject);
        req.end();
      }),
    "client",
  );
}

function reasonOf(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return REASONS.timeout;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return REASONS.network;
  if (code === "ECONNREFUSED") return REASONS.refused;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return REASONS.dns;
  if (code === "ECONNRESET" || code === "EPIPE") return REASONS.reset;
  // EPROTO: TLS spoken to a port that answers something else (OpenSSL's "wrong version number").
  if (/^(ERR_TLS|ERR_SSL|EPROTO$)|CERT/.test(code)) return REASONS.tls;
  // llhttp's codes: the answer is not HTTP (garbage, a bad status line or header).
  if (code.startsWith("HPE_")) return REASONS.notHttp;
  return REASONS.network;
}

/**
 * Probes one link. Never throws (anything unforeseen is that link's "network error") and always
 * settles: a second past the timeout it answers "timeout" even if a socket ignored the abort.
 */
export async function probeLink(target: string, options: ProbeOptions = {}): Promise<ProbeResult> {
  const failing = (reason: string): ProbeResult => ({
    state: "failing",
    status: null,
    reason,
    latencyMs: null,
  });
  let deadline: NodeJS.Timeout | undefined;
  const late = new Promise<ProbeResult>((resolve) => {
    deadline = setTimeout(() => resolve(failing(REASONS.timeout)), (options.timeoutMs ?? 5000) + 1000);
  });
  try {
    return await Promise.race([probe(target, options), late]);
  } catch {
    return failing(REASONS.network);
  } finally {
    clearTimeout(deadline);
  }
}

async function probe(target: string, options: ProbeOptions): Promise<ProbeResult> {
  const {
    allowedHosts = [],
    timeoutMs = 5000,
    maxRedirects = 3,
    lookup = dnsLookup as LookupFunction,
  } = options;
  const blocked = (reason: string): ProbeResult => ({
    state: "blocked",
    status: null,
    reason,
    latencyMs: null,
  });
  const started = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { state: "failing", status: null, reason: REASONS.invalidUrl, latencyMs: null };
  }
  for (let hop = 0; ; hop += 1) {
    if (url.protocol !== "http:" && url.protocol !== "https:")
      return blocked(`${url.protocol} is not http or https`);
    const host = hostOf(url);
    const allowed = allowedHosts.includes(host);
    // A literal address never goes through `lookup`, so it is checked here.
    if (!allowed && ipaddr.isValid(host) && isBlockedAddress(host))
      return blocked(`${host} is a blocked address`);
    let answer: Hop;
    try {
      const guarded = guardedLookup(lookup, allowed);
      answer = await request(url, "HEAD", guarded, signal, options.agents);
      if (answer.status === 405 || answer.status === 501)
        answer = await request(url, "GET", guarded, signal, options.agents);
    } catch (error) {
      if (error instanceof BlockedError) return blocked(error.message);
      return { state: "failing", status: null, reason: reasonOf(error, signal), latencyMs: null };
    }
    const latencyMs = Math.round(performance.now() - started);
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      if (hop >= maxRedirects)
        return { state: "failing", status: answer.status, reason: REASONS.tooManyRedirects, latencyMs };
      // The Location is the host's own text: `http://[` or `http://a b` make no URL. No status, so
      // the dashboard shows the reason rather than the redirect's 3xx.
      const next = URL.canParse(answer.location, url.href) ? new URL(answer.location, url) : undefined;
      if (!next) return { state: "failing", status: null, reason: REASONS.invalidRedirect, latencyMs };
      url = next;
      continue;
    }
    if (answer.status >= 200 && answer.status < 400) return { state: "ok", status: answer.status, latencyMs };
    return { state: "failing", status: answer.status, reason: `HTTP ${answer.status}`, latencyMs };
  }
}

/**
 * Runs `work` over `items` with at most `limit` at a time, and, with `perSecond`, starts at most
 * that many a second (evenly spaced; 0 or none: no pace).
 */
export async function eachLimit<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
  perSecond = 0,
) {
  let next = 0;
  const spacing = perSecond > 0 ? 1000 / perSecond : 0;
  let slot = performance.now();
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      if (spacing) {
        const now = performance.now();
        const wait = slot - now;
        slot = Math.max(slot, now) + spacing;
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
