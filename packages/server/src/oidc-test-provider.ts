/** Test helpers only (the SSO API tests and e2e/sso.e2e.ts): OpenID Connect providers on 127.0.0.1. */
import { generateKeyPairSync, randomUUID, sign } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/** An identity at the test provider: its claims (email, email_verified). */
export type Account = { email: string; email_verified: boolean; groups?: string[] };

/** Who signs in at the next interaction, and the `amr` the provider reports. */
export interface NextLogin {
  accountId: string;
  amr?: string[];
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, Account>;
  next: NextLogin;
  /**
   * Follows the provider's redirects as a browser would (its own cookie jar, a login interaction
   * answered for `next`) until it leaves the provider: the URL it sends the browser to.
   */
  authorize(url: string): Promise<string>;
  close(): Promise<void>;
}

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );

/** A real OpenID Connect provider (panva's oidc-provider) on 127.0.0.1, port 0, with one client. */
export async function startProvider(redirectUri: string): Promise<TestProvider> {
  let handle: (req: IncomingMessage, res: ServerResponse) => void = () => undefined;
  const server = createServer((req, res) => handle(req, res));
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, Account>();
  const state: TestProvider = {
    issuer,
    clientId: "backoffice",
    clientSecret: "backoffice-secret-0123456789",
    accounts,
    next: { accountId: "" },
    authorize,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: state.clientId,
        client_secret: state.clientSecret,
        redirect_uris: [redirectUri],
        post_logout_redirect_uris: [new URL("/login", redirectUri).href],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    // amr in the ID token, as Keycloak and Entra send it.
    claims: {
      openid: ["sub", "amr", "acr", "auth_time", "sid"],
      email: ["email", "email_verified"],
      profile: ["groups"],
    },
    cookies: { keys: ["test-cookie-key"] },
    jwks: {
      keys: [generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" })],
    },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    // First-party client: consent is given at once.
    async loadExistingGrant(ctx: {
      oidc: {
        provider: { Grant: new (init: object) => Grant };
        client: { clientId: string };
        session: { accountId: string };
      };
    }) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      return account && { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
  });
  const callback = provider.callback();
  handle = (req, res) => {
    if (!req.url?.startsWith("/interaction/")) return void callback(req, res);
    provider
      .interactionDetails(req, res)
      .then(() =>
        provider.interactionFinished(
          req,
          res,
          { login: { accountId: state.next.accountId, ...(state.next.amr ? { amr: state.next.amr } : {}) } },
          { mergeWithLastSubmission: false },
        ),
      )
      .catch((error: Error) => {
        res.statusCode = 500;
        res.end(String(error));
      });
  };

  async function authorize(start: string): Promise<string> {
    const jar = new Map<string, string>();
    let url = start;
    for (let hop = 0; hop < 10 && url.startsWith(issuer); hop++) {
      const answer = await fetch(url, {
        redirect: "manual",
        headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") },
      });
      for (const line of answer.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const [name, value] = pair!.split(/=(.*)/s);
        jar.set(name!.trim(), value ?? "");
      }
      const location = answer.headers.get("location");
      if (!location) throw new Error(`the provider answered ${answer.status}: ${await answer.text()}`);
      url = new URL(location, url).href;
    }
    return url;
  }
  return state;
}

interface Grant {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}

/** What the forging provider does wrong in the ID token it issues ("none": nothing, a control). */
export type Forgery =
  | "none"
  | "other-issuer"
  | "other-audience"
  | "alg-none"
  | "expired"
  | "not-yet-valid"
  | "wrong-nonce";

export interface ForgingProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  forgery: Forgery;
  email: string;
  close(): Promise<void>;
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

/**
 * A hostile provider (its discovery document is sound) whose token endpoint answers an ID token
 * forged as `forgery` says: the attacks a certified relying party must refuse.
 */
export async function startForgingProvider(): Promise<ForgingProvider> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: "jwk" }), kid: "k1", alg: "RS256", use: "sig" };
  const nonces = new Map<string, string>();
  let handle: (req: IncomingMessage, res: ServerResponse) => void = () => undefined;
  const server = createServer((req, res) => handle(req, res));
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}`;
  const state: ForgingProvider = {
    issuer,
    clientId: "forged-client",
    clientSecret: "forged-secret-0123456789",
    forgery: "none",
    email: "",
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const json = (res: ServerResponse, body: object) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(body));
  };
  function idToken(nonce: string): string {
    const now = Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> = {
      iss: issuer,
      aud: state.clientId,
      sub: "forged-sub",
      nonce,
      iat: now,
      exp: now + 300,
      email: state.email,
      email_verified: true,
    };
    if (state.forgery === "other-issuer") claims.iss = "http://127.0.0.1:9/another-issuer";
    if (state.forgery === "other-audience") claims.aud = "another-client";
    if (state.forgery === "expired") Object.assign(claims, { iat: now - 7200, exp: now - 3600 });
    if (state.forgery === "not-yet-valid")
      Object.assign(claims, { nbf: now + 3600, iat: now + 3600, exp: now + 7200 });
    if (state.forgery === "wrong-nonce") claims.nonce = "a-nonce-of-another-sign-in";
    if (state.forgery === "alg-none")
      return `${base64url({ alg: "none", typ: "JWT" })}.${base64url(claims)}.`;
    const input = `${base64url({ alg: "RS256", kid: "k1", typ: "JWT" })}.${base64url(claims)}`;
    return `${input}.${sign("sha256", Buffer.from(input), privateKey).toString("base64url")}`;
  }
  handle = (req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    if (url.pathname === "/.well-known/openid-configuration")
      return json(res, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
      });
    if (url.pathname === "/jwks") return json(res, { keys: [jwk] });
    if (url.pathname === "/authorize") {
      const code = randomUUID();
      nonces.set(code, url.searchParams.get("nonce") ?? "");
      const back = new URL(url.searchParams.get("redirect_uri")!);
      back.search = new URLSearchParams({ code, state: url.searchParams.get("state") ?? "" }).toString();
      res.statusCode = 302;
      res.setHeader("location", back.href);
      return void res.end();
    }
    if (url.pathname === "/token") {
      let body = "";
      req.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      req.on("end", () => {
        const code = new URLSearchParams(body).get("code") ?? "";
        json(res, {
          access_token: "forged-access",
          token_type: "Bearer",
          expires_in: 300,
          id_token: idToken(nonces.get(code) ?? ""),
        });
      });
      return;
    }
    res.statusCode = 404;
    res.end();
  };
  return state;
}
