// The reliability suite's shared parts: the whole stack in this process (api, content service and
// provider sandbox on real ports), the route table read from each server's OpenAPI description, and
// where figures go. `RELIABILITY_FULL=1` (CI) runs every test at its full size.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { signRequest } from "@backoffice/server";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { type TestApp as ApiTestApp, buildTestApp as buildApi } from "../apps/api/test/helpers.ts";
import {
  buildTestApp as buildContent,
  type TestApp as ContentTestApp,
  SECRET,
} from "../apps/content/test/helpers.ts";
import { buildSandbox } from "../apps/sandbox/src/app.ts";

export const FULL = process.env.RELIABILITY_FULL === "1";
export const artifactsDir = join(import.meta.dirname, "../.artifacts/reliability");

/** Writes one test's figures to `.artifacts/reliability/<name>.json` (RELIABILITY.md quotes them). */
export function report(name: string, figures: Record<string, unknown>) {
  mkdirSync(artifactsDir, { recursive: true });
  const engine = process.env.TEST_DB_KIND ?? "pglite";
  const entry = { ...figures, engine, full: FULL, date: new Date().toISOString() };
  const file = name.endsWith(engine) ? name : `${name}-${engine}`;
  writeFileSync(join(artifactsDir, `${file}.json`), `${JSON.stringify(entry, null, 2)}\n`);
  console.log(`reliability ${file}: ${JSON.stringify(figures)}`);
}

export interface Stack {
  api: ApiTestApp;
  content: ContentTestApp;
  sandbox: FastifyInstance;
  close(): Promise<void>;
}

const listen = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
};

/** api → content service → sandbox, each on its own port, as in production. */
export async function startStack(options: { trustProxy?: boolean } = {}): Promise<Stack> {
  const sandbox = buildSandbox();
  const sandboxUrl = await listen(sandbox);
  const content = await buildContent({ SANDBOX_URL: sandboxUrl });
  const contentUrl = await listen(content.app);
  const api = await buildApi({
    CONTENT_URL: contentUrl,
    CONTENT_HMAC_SECRET: SECRET,
    SANDBOX_URL: sandboxUrl,
    APISPORTS_FOOTBALL_URL: `${sandboxUrl}/apisports/football`,
    APISPORTS_BASKETBALL_URL: `${sandboxUrl}/apisports/basketball`,
    APISPORTS_HOCKEY_URL: `${sandboxUrl}/apisports/hockey`,
    APISPORTS_AMFOOTBALL_URL: `${sandboxUrl}/apisports/american-football`,
    // The timing test calls over real sockets and names each client in X-Forwarded-For.
    TRUST_PROXY: options.trustProxy ? "true" : "false",
  });
  return {
    api,
    content,
    sandbox,
    async close() {
      await api.close();
      await content.close();
      await sandbox.close();
    },
  };
}

export interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
}

export interface Operation {
  server: "api" | "content";
  method: string;
  /** OpenAPI path, e.g. `/api/v1/apkw/ads/{id}`. */
  path: string;
  params: { name: string; in: "path" | "query"; schema: JsonSchema; required: boolean }[];
  body: JsonSchema | undefined;
}

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string; schema: JsonSchema; required?: boolean }[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
};

/** Every route of a server, from its OpenAPI description: a new route is covered without a change here. */
export function operationsOf(app: FastifyInstance, server: Operation["server"]): Operation[] {
  const spec = (app as unknown as { swagger(): OpenApi }).swagger();
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      operations.push({
        server,
        method: method.toUpperCase(),
        path,
        params: (operation.parameters ?? [])
          .filter((p) => p.in === "path" || p.in === "query")
          .map((p) => ({
            name: p.name,
            in: p.in as "path" | "query",
            schema: p.schema ?? {},
            required: Boolean(p.required),
          })),
        body: operation.requestBody?.content["application/json"]?.schema,
      });
    }
  }
  return operations;
}

/** A value of each of a path parameter's kinds that the route accepts, for building a well-formed URL. */
export function sampleParam(name: string, schema: JsonSchema): string {
  if (schema.enum?.length) return String(schema.enum[0]);
  if (name === "id") return "65a1b2c3d4e5f60718293a4b";
  if (name === "file") return "poster.jpg";
  if (name === "name") return "demo.svg";
  return "x";
}

export function urlOf(operation: Operation, path: Record<string, string> = {}, query = ""): string {
  const filled = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const param = operation.params.find((p) => p.name === name);
    return encodeURIComponent(path[name] ?? sampleParam(name, param?.schema ?? {}));
  });
  return query ? `${filled}?${query}` : filled;
}

/** The kinds of JSON value a schema allows. */
export function allowedKinds(schema: JsonSchema): Set<string> {
  const kinds = new Set<string>();
  const add = (s: JsonSchema) => {
    if (s.anyOf) s.anyOf.forEach(add);
    if (s.oneOf) s.oneOf.forEach(add);
    if (s.nullable) kinds.add("null");
    if (s.const !== undefined) kinds.add(s.const === null ? "null" : typeof s.const);
    if (s.enum) for (const value of s.enum) kinds.add(value === null ? "null" : typeof value);
    const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
    for (const type of types) kinds.add(type === "integer" ? "number" : type);
    if (!s.anyOf && !s.oneOf && !s.type && s.const === undefined && !s.enum) kinds.add("any");
  };
  add(schema);
  return kinds;
}

let address = 0;
/** A client address of its own for each request, so per-address limits never hide a validation answer. */
export const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

/** Sends a request to the server an operation belongs to, as an admin (and signed, for the content service). */
export async function send(
  stack: Stack,
  operation: Operation,
  request: { url: string; payload?: string; contentType?: string; headers?: Record<string, string> },
  auth: { token: string; csrf: string },
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (request.payload !== undefined) headers["content-type"] = request.contentType ?? "application/json";
  const options: InjectOptions = {
    method: operation.method as InjectOptions["method"],
    url: request.url,
    headers,
    remoteAddress: nextAddress(),
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  };
  if (operation.server === "api") {
    headers.authorization = `Bearer ${auth.token}`;
    headers["x-csrf-token"] = auth.csrf;
    Object.assign(headers, request.headers);
    return stack.api.inject(options);
  }
  if (operation.method !== "GET") {
    Object.assign(
      headers,
      signRequest({ method: operation.method, path: request.url, body: request.payload, secret: SECRET }),
    );
  }
  // Headers the request names replace the defaults (a hostile Authorization or X-Signature).
  Object.assign(headers, request.headers);
  return stack.content.inject(options);
}

/** The error envelope every refusal must use: `{status: "fail" | "error", message, errors?}`. */
export function isEnvelope(body: string): boolean {
  try {
    const value = JSON.parse(body) as { status?: unknown; message?: unknown };
    return (
      (value.status === "fail" || value.status === "error") &&
      typeof value.message === "string" &&
      value.message !== ""
    );
  } catch {
    return false;
  }
}
