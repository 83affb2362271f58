// The intake section of `npm run bench` (`BENCH_ONLY=intake`): the two public forms under load.
import { format, load, record } from "./lib.ts";
import { api } from "./servers.ts";

/** The two public forms, each with a fresh body per request. */
export const INTAKE_FORMS = [
  ["subscription", "/api/v1/public/apkw/emails", (n: number) => ({ email: `load${n}@example.com` })],
  [
    "contact message",
    "/api/v1/public/movies/contacts",
    (n: number) => ({ email: `load${n}@example.com`, firstName: "Load", message: `Message ${n}` }),
  ],
] as const;

let intakeSequence = 0;
/**
 * POSTs to a public form under load, each request from its own client address (the trusted proxy's
 * X-Forwarded-For, so the per-address limits do not answer 429) with its own body.
 */
export function postFromManyAddresses(url: string, body: (n: number) => object, duration?: number) {
  const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  return load({
    url,
    ...(duration === undefined ? {} : { duration }),
    requests: [
      {
        method: "POST",
        setupRequest: (request) => {
          const n = ++intakeSequence;
          return {
            ...request,
            headers: { "content-type": "application/json", "x-forwarded-for": address(n) },
            body: JSON.stringify(body(n)),
          };
        },
      },
    ],
  });
}

// 2. Durable intake from many client addresses.
export async function intake(kind: "PGlite" | "PostgreSQL", env: Record<string, string>) {
  const server = await api(`intake-${kind}`, { TRUST_PROXY: "true", SEED_DEMO: "false", ...env });
  for (const [name, path, body] of INTAKE_FORMS) {
    const measured = await postFromManyAddresses(`${server.url}${path}`, body);
    record({
      section: "intake",
      name: `${name} (${kind}) req/s, 201 each`,
      value: format.rate(measured.rate),
      goal: kind === "PGlite" ? "≥ 1,000 req/s" : "noted",
      met: kind === "PGlite" ? measured.rate >= 1000 : undefined,
    });
    record({
      section: "intake",
      name: `${name} (${kind}) p99`,
      value: format.ms(measured.p99),
      goal: kind === "PGlite" ? "≤ 100 ms" : "noted",
      met: kind === "PGlite" ? measured.p99 <= 100 : undefined,
    });
  }
  await server.stop();
}
