import type { MemberLevel, Site } from "@backoffice/contracts";
import type { SsoProvider } from "@backoffice/contracts/sso";
import type { Queryable } from "@backoffice/db";
import type { FastifyInstance } from "fastify";
import * as client from "openid-client";
import type { Config } from "../../config.ts";
import { sha256 } from "../../lib/crypto.ts";

/** The provider set by OIDC_* environment variables has this id. */
export const ENV_PROVIDER_ID = "env";
/** Seconds a provider's discovery or token call may take before the sign-in is given up. */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** A provider's discovery document is reused this long (a change of its settings makes a new one). */
const DISCOVERY_TTL_MS = 10 * 60_000;

export interface ProviderSettings extends SsoProvider {
  clientSecret: string;
}

interface ProviderRow {
  id: string;
  label: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  group_rules: SsoProvider["groupRules"];
  groups_claim: string;
  groups_scope: string | null;
  groups_authoritative: boolean;
}

export const publicUrlOf = (config: Config) =>
  (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/+$/, "");
/** The one redirect URL every provider sends members back to (DESIGN §11). */
export const redirectUrlOf = (config: Config) => `${publicUrlOf(config)}/api/v1/auth/oidc/callback`;

/** The environment's provider first, then those Owners added on the Team screen. */
export async function listProviders(
  fastify: FastifyInstance,
  { storedToo = true } = {},
): Promise<ProviderSettings[]> {
  const { config } = fastify;
  const fromEnv: ProviderSettings[] =
    config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
      ? [
          {
            id: ENV_PROVIDER_ID,
            label: config.OIDC_LABEL,
            issuer: config.OIDC_ISSUER,
            clientId: config.OIDC_CLIENT_ID,
            clientSecret: config.OIDC_CLIENT_SECRET,
            groupRules: [],
            groupsClaim: "groups",
            groupsScope: null,
            groupsAuthoritative: false,
            fromEnvironment: true,
          },
        ]
      : [];
  const rows = storedToo
    ? await fastify.db.query<ProviderRow>(
        `select id, label, issuer, client_id, client_secret, group_rules, groups_claim, groups_scope,
           groups_authoritative from sso_providers order by created_at, id`,
      )
    : [];
  return [
    ...fromEnv,
    ...rows.map((row) => ({
      id: row.id,
      label: row.label,
      issuer: row.issuer,
      clientId: row.client_id,
      clientSecret: row.client_secret,
      groupRules: row.group_rules,
      groupsClaim: row.groups_claim,
      groupsScope: row.groups_scope,
      groupsAuthoritative: row.groups_authoritative,
      fromEnvironment: false,
    })),
  ];
}

export async function findProvider(fastify: FastifyInstance, id: string) {
  return (await listProviders(fastify)).find((provider) => provider.id === id);
}

/** Plain http is allowed only to a provider on this machine (tests, a local Keycloak); https else. */
function isLoopback(url: URL): boolean {
  return ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
}

const discovered = new Map<string, { at: number; configuration: client.Configuration }>();

/**
 * The provider's OpenID Connect configuration (its discovery document), cached a while. Throws when
 * the provider cannot be reached or is not one: the caller answers "cannot be reached".
 */
export async function discover(provider: ProviderSettings): Promise<client.Configuration> {
  const key = sha256(JSON.stringify([provider.issuer, provider.clientId, provider.clientSecret]));
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.configuration;
  const issuer = new URL(provider.issuer);
  const configuration = await client.discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
    timeout: PROVIDER_TIMEOUT_SECONDS,
    ...(issuer.protocol === "http:" && isLoopback(issuer) ? { execute: [client.allowInsecureRequests] } : {}),
  });
  configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
  discovered.set(key, { at: Date.now(), configuration });
  return configuration;
}

/**
 * Emails compared as the sign-in rule does: NFC, and only ASCII letters folded to lowercase. A
 * look-alike (the Kelvin sign for K, a dotted İ) is another address, never the member's.
 */
export const canonicalEmail = (email: string) =>
  email
    .trim()
    .normalize("NFC")
    .replace(/[A-Z]/g, (letter) => letter.toLowerCase());

export interface DomainRow {
  domain: string;
  level: MemberLevel;
  sites: Site[] | null;
}

/** Pending sign-ins, handoff codes and the team's SSO settings. */
export function ssoRepository(db: Queryable) {
  return {
    async startLogin(row: {
      stateHash: string;
      providerId: string;
      browserHash: string;
      codeVerifier: string;
      nonce: string;
      expiresAt: Date;
    }): Promise<void> {
      await db.query("delete from sso_logins where expires_at < now()");
      await db.query(
        `insert into sso_logins (state_hash, provider_id, browser_hash, code_verifier, nonce, expires_at)
         values ($1, $2, $3, $4, $5, $6)`,
        [row.stateHash, row.providerId, row.browserHash, row.codeVerifier, row.nonce, row.expiresAt],
      );
    },
    /** Takes a pending sign-in once (a replayed state finds nothing). */
    async takeLogin(stateHash: string) {
      const [row] = await db.query<{
        provider_id: string;
        browser_hash: string;
        code_verifier: string;
        nonce: string;
      }>(
        `delete from sso_logins where state_hash = $1 and expires_at > now()
         returning provider_id, browser_hash, code_verifier, nonce`,
        [stateHash],
      );
      return row;
    },
    async createHandoff(row: {
      codeHash: string;
      userId: string;
      providerId: string;
      browserHash: string;
      providerMfa: boolean;
      expiresAt: Date;
    }): Promise<void> {
      await db.query("delete from sso_handoffs where expires_at < now()");
      await db.query(
        `insert into sso_handoffs (code_hash, user_id, provider_id, browser_hash, provider_mfa, expires_at)
         values ($1, $2, $3, $4, $5, $6)`,
        [row.codeHash, row.userId, row.providerId, row.browserHash, row.providerMfa, row.expiresAt],
      );
    },
    /** Takes a handoff code once. */
    async takeHandoff(codeHash: string) {
      const [row] = await db.query<{
        user_id: string;
        provider_id: string;
        browser_hash: string;
        provider_mfa: boolean;
      }>(
        `delete from sso_handoffs where code_hash = $1 and expires_at > now()
         returning user_id, provider_id, browser_hash, provider_mfa`,
        [codeHash],
      );
      return row;
    },
    async domain(domain: string): Promise<DomainRow | undefined> {
      const [row] = await db.query<DomainRow>(
        "select domain, level, sites from sso_domains where domain = $1",
        [domain],
      );
      return row;
    },
    async domains(): Promise<DomainRow[]> {
      return db.query<DomainRow>("select domain, level, sites from sso_domains order by domain");
    },
    async ssoOnly(): Promise<boolean> {
      const [row] = await db.query<{ sso_only: boolean }>("select sso_only from security_settings");
      return row?.sso_only ?? false;
    },
  };
}
