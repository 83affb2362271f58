import { generateKeyPairSync } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/** An identity at the test provider: its claims (email, email_verified). */
export type Account = { email: string; email_verified: boolean };

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
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    cookies: { keys: ["test-cookie-key"] },
    jwks: { keys: [generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" })] },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    // First-party client: consent is given at once.
    async loadExistingGrant(ctx: {
      oidc: { provider: { Grant: new (init: object) => Grant }; client: { clientId: string }; session: { accountId: string } };
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
