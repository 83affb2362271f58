import type { Queryable } from "@backoffice/db";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validApp } from "../apps/api/src/routes/apps/app.testing.ts";
import { validMatch } from "../apps/api/src/routes/matches/match.testing.ts";
import {
  allowedKinds,
  FULL,
  isEnvelope,
  type JsonSchema,
  type Operation,
  operationsOf,
  report,
  type Stack,
  send,
  startStack,
  urlOf,
} from "./support.ts";

/** Inputs per route: at least 200 in the full run (CI), a quick pass otherwise. */
const PER_ROUTE = FULL ? 200 : 25;

interface BadInput {
  kind: string;
  url: string;
  payload?: string;
  contentType?: string;
}

// Values of each JSON kind, to put where a schema allows another.
const valueOfKind: Record<string, fc.Arbitrary<unknown>> = {
  string: fc.string({ maxLength: 20 }),
  number: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
  boolean: fc.boolean(),
  null: fc.constant(null),
  object: fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
  array: fc.array(fc.integer(), { maxLength: 3 }),
};
const nastyText = fc.oneof(
  fc.string({ minLength: 1, maxLength: 20 }).map((s) => `${s}\u0000`),
  fc.fullUnicodeString({ minLength: 1, maxLength: 20 }).map((s) => `\u0000${s}`),
);
const controlOrUnicode = fc.oneof(
  fc.fullUnicodeString({ minLength: 1, maxLength: 40 }),
  fc.constantFrom("\u202e", "\ud83d\ude00", "\u0007\u001b[31m", "%ff", "../../etc/passwd", "' or 1=1 --"),
);

const kindsOutside = (schema: JsonSchema) => {
  const allowed = allowedKinds(schema);
  if (allowed.has("any")) return [];
  return Object.keys(valueOfKind).filter(
    (kind) => !allowed.has(kind) && !(kind === "number" && allowed.has("integer")),
  );
};

/** Everything that is wrong by construction for one operation, as fast-check arbitraries. */
function badInputs(operation: Operation): fc.Arbitrary<BadInput> {
  const url = urlOf(operation);
  const choices: fc.Arbitrary<BadInput>[] = [
    // A NUL character anywhere in the query string.
    nastyText.map((text) => ({ kind: "nul-query", url: `${url}?probe=${encodeURIComponent(text)}` })),
  ];

  for (const param of operation.params) {
    const { schema } = param;
    const numeric = allowedKinds(schema).has("number");
    const violates = (value: string) => {
      if (value.includes("\u0000")) return true;
      if (schema.enum) return !schema.enum.includes(value);
      if (schema.pattern) return !new RegExp(schema.pattern).test(value);
      if (param.name === "id") return !/^[0-9a-f]{24}$/.test(value);
      if (numeric) {
        if (!/^-?\d+$/.test(value.trim())) return value.trim() !== "";
        const n = Number(value);
        return (
          (schema.minimum !== undefined && n < schema.minimum) ||
          (schema.maximum !== undefined && n > schema.maximum)
        );
      }
      if (schema.maxLength !== undefined) return value.length > schema.maxLength;
      return false;
    };
    // Values that break the parameter's rule, drawn from where they are common (a filter that
    // rejects most draws would make fast-check slow).
    const bad = fc
      .oneof(
        nastyText,
        controlOrUnicode,
        fc.string({ maxLength: 30 }),
        fc.constantFrom(
          "0",
          "-1",
          "1.5",
          "1e999",
          "999999999999",
          "null",
          "__proto__",
          "x".repeat((schema.maxLength ?? 300) + 1),
        ),
      )
      .filter(violates);
    if (param.in === "path") {
      choices.push(
        bad
          .filter((value) => value !== "")
          .map((value) => ({ kind: `path:${param.name}`, url: urlOf(operation, { [param.name]: value }) })),
      );
    } else {
      choices.push(
        bad.map((value) => ({
          kind: `query:${param.name}`,
          url: `${url}?${new URLSearchParams({ [param.name]: value })}`,
        })),
      );
    }
  }

  const body = operation.body;
  if (body) {
    const properties = Object.entries(body.properties ?? {});
    const json = (value: unknown) => JSON.stringify(value);
    const bodyKinds = kindsOutside(body);
    if (bodyKinds.length) {
      choices.push(
        fc
          .constantFrom(...bodyKinds)
          .chain((kind) => valueOfKind[kind]!)
          .map((value) => ({ kind: "body:not-an-object", url, payload: json(value) })),
      );
    }
    choices.push(
      fc.string({ maxLength: 20 }).map((text) => ({ kind: "body:malformed-json", url, payload: `{${text}` })),
      fc.constant({ kind: "body:text-plain", url, payload: "hello", contentType: "text/plain" }),
      fc.constant({ kind: "body:proto", url, payload: '{"__proto__":{"admin":true}}' }),
    );
    if (body.additionalProperties === false) {
      choices.push(
        fc
          .string({ minLength: 1, maxLength: 12 })
          .filter((name) => !body.properties?.[name] && name !== "__proto__")
          .map((name) => ({ kind: "body:extra-field", url, payload: json({ [`x_${name}`]: 1 }) })),
      );
    }
    for (const [name, schema] of properties) {
      const outside = kindsOutside(schema);
      if (outside.length) {
        choices.push(
          fc
            .constantFrom(...outside)
            .chain((kind) => valueOfKind[kind]!)
            .map((value) => ({ kind: `body:${name}:wrong-type`, url, payload: json({ [name]: value }) })),
        );
      }
      if (allowedKinds(schema).has("string") && !schema.enum) {
        choices.push(
          nastyText.map((text) => ({ kind: `body:${name}:nul`, url, payload: json({ [name]: text }) })),
        );
        const max = schema.maxLength ?? schema.anyOf?.find((s) => s.maxLength)?.maxLength;
        if (max !== undefined) {
          choices.push(
            fc.constantFrom("x", "é", "😀").map((unit) => ({
              kind: `body:${name}:too-long`,
              url,
              payload: json({ [name]: unit.repeat(max + 1) }),
            })),
          );
        }
      }
    }
  }
  return fc.oneof(...choices);
}

let stack: Stack;
let auth: { token: string; csrf: string };
beforeAll(async () => {
  // Behind a proxy (TRUST_PROXY): X-Forwarded-For, -Host and -Proto are read too, for the header inputs.
  // Without them the request's address is the socket's, as with the setting off.
  stack = await startStack({ trustProxy: true });
  const token = await stack.api.login();
  auth = { token, csrf: await stack.api.csrf(token) };
}, 120_000);
afterAll(() => stack.close());

/** The api's and the content service's operations, but logging out, which ends the session the other inputs use. */
const everyOperation = () =>
  [...operationsOf(stack.api.app, "api"), ...operationsOf(stack.content.app, "content")].filter(
    (operation) => operation.path !== "/api/v1/auth/logout",
  );

describe("bad input on every route (enumerated from the OpenAPI descriptions)", () => {
  it("answers every bad input with a 4xx in the error envelope: never a 5xx, never a 2xx", {
    timeout: 900_000,
  }, async () => {
    const operations = everyOperation();
    const failures: string[] = [];
    let inputs = 0;
    let serverErrors = 0;
    let accepted = 0;
    let outsideEnvelope = 0;
    for (const operation of operations) {
      const samples = fc.sample(badInputs(operation), { numRuns: PER_ROUTE, seed: 20261123 });
      for (const input of samples) {
        inputs += 1;
        const answer = await send(stack, operation, input, auth);
        const where = `${operation.method} ${input.url.slice(0, 120)} [${input.kind}] → ${answer.statusCode}`;
        if (answer.statusCode >= 500) serverErrors += 1;
        if (answer.statusCode < 400) accepted += 1;
        const envelope = isEnvelope(answer.body);
        if (!envelope) outsideEnvelope += 1;
        if (answer.statusCode >= 500 || answer.statusCode < 400 || !envelope) {
          if (failures.length < 40) failures.push(`${where} ${answer.body.slice(0, 160)}`);
        }
      }
    }
    report("bad-input", {
      routes: operations.length,
      inputsPerRoute: PER_ROUTE,
      inputs,
      serverErrors,
      acceptedWith2xx: accepted,
      outsideEnvelope,
    });
    expect(failures).toEqual([]);
  });
});

/** Random header inputs per route: a quick pass in the short run, 60 in the full run. */
const HEADERS_PER_ROUTE = FULL ? 60 : 6;

/**
 * The request headers the servers read themselves (apps/api, apps/content, packages/server), those
 * Fastify and the proxy setting read, and some a server might be expected to read (Range, Cookie).
 */
const READ_HEADERS = [
  "if-match",
  "if-none-match",
  "if-modified-since",
  "idempotency-key",
  "authorization",
  "x-csrf-token",
  "x-screen",
  "cookie",
  "origin",
  "referer",
  "user-agent",
  "accept",
  "accept-encoding",
  "accept-language",
  "content-encoding",
  "content-type",
  "range",
  "last-event-id",
  "host",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "forwarded",
  "x-request-id",
  "x-timestamp",
  "x-signature",
];

// What Node's HTTP parser lets through in a header value: tab, visible ASCII, space and latin1 bytes.
const headerChar = fc
  .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff }), fc.constant(9))
  .map((code) => String.fromCharCode(code));
const latin1 = fc.stringOf(headerChar, { maxLength: 40 });
// Values that break a parser: dates JavaScript reads beyond PostgreSQL's, numbers past a double,
// bare quotes and `W/`, credentials of the wrong form, hosts that make no URL.
const pointedValues = [
  "",
  " ",
  '"',
  '""',
  "W/",
  'W/"',
  "*",
  ",",
  "-1",
  "0",
  "1e309",
  "Infinity",
  "-Infinity",
  "NaN",
  "null",
  "__proto__",
  "-271821-04-20T00:00:00Z",
  "0000-01-01T00:00:00Z",
  "+010000-01-01T00:00:00Z",
  '"+275760-09-13T00:00:00.000Z"',
  'W/"0000-12-31T23:59:59Z"',
  "Thu, 01 Jan -1 00:00:00 GMT",
  "bytes=99999999999999999999-",
  "bytes=-1--2",
  "Bearer",
  "Bearer ====",
  "Bearer eyJhbGciOiJub25lIn0.e30.",
  "Basic Og==",
  "\u00ff\u00fe",
  "999.999.999.999",
  "[::1]:99999",
  "a b",
  "[",
  "%zz",
  'for="[::1";proto=ÿ',
];
const hostileValue = fc.oneof(
  latin1,
  fc.constantFrom(...pointedValues),

  // Huge: near Node's 16 KB limit for the whole header block.
  fc
    .constantFrom("x", "\u00ff", "9", '"', ",", "W/", "1.2.3.4, ")
    .map((unit) => unit.repeat(12_000 / unit.length)),
  // Many repeats, as Node joins a repeated header (", "), or thousands of list items.
  fc
    .tuple(latin1, fc.integer({ min: 2, max: 2000 }))
    .map(([value, count]) => Array.from({ length: count }, () => value).join(", ")),
  fc
    .integer({ min: 2, max: 1000 })
    .map((count) => Array.from({ length: count }, (_, i) => `10.${(i >> 8) & 255}.${i & 255}.7`).join(", ")),
);
/** One to three read headers with hostile values, the whole block kept under Node's 16 KB. */
const hostileHeaders = fc
  .uniqueArray(fc.tuple(fc.constantFrom(...READ_HEADERS), hostileValue), {
    minLength: 1,
    maxLength: 3,
    selector: ([name]) => name,
  })
  .map((pairs) =>
    Object.fromEntries(pairs.map(([name, value]) => [name, value.slice(0, 14_000 / pairs.length)])),
  );

// Bodies that pass validation, so headers read after it (If-Match, Idempotency-Key) are reached too.
const adBody = { page: "home", url: "https://ads.example/headers", isActive: true };
const validBodies: [RegExp, object][] = [
  [/\/ads(\/\{id\})?$/, adBody],
  [/\/apps(\/\{id\})?$/, validApp()],
  [/\/matches(\/\{id\})?$/, validMatch()],
  [/\/locker(\/\{id\})?$/, { type: "js", seconds: 30, isActive: true }],
];

/** A marker of what each database holds: the History log's last entry and the content service's titles. */
async function storedMarker(): Promise<string> {
  const apiDb = (stack.api.app as unknown as { db: Queryable }).db;
  const [audit] = await apiDb.query<{ id: string | null }>("select max(id)::text as id from audit_log");
  const [titles] = await stack.content.db.query<{ n: number; at: string | null }>(
    "select count(*)::int as n, max(updated_at)::text as at from titles",
  );
  return `${audit?.id}|${titles?.n}|${titles?.at}`;
}

describe("hostile request headers on every route", () => {
  it("never answers 5xx; a refusal is in the error envelope and stores nothing", {
    timeout: 900_000,
  }, async () => {
    const operations = everyOperation();
    const failures: string[] = [];
    let inputs = 0;
    let serverErrors = 0;
    let outsideEnvelope = 0;
    let storedByRefusal = 0;
    for (const operation of operations) {
      const valid = validBodies.find(([path]) => path.test(operation.path))?.[1];
      const url = urlOf(operation);
      const payload =
        operation.method === "GET" || operation.method === "DELETE" ? undefined : JSON.stringify(valid ?? {});
      const samples = fc.sample(hostileHeaders, { numRuns: HEADERS_PER_ROUTE, seed: 20261126 });
      // An edit that passes validation reaches the headers its handler reads: each pointed value in
      // each header (in the short run, the three that carry a version, a key or a tag).
      if (valid && operation.method === "PUT") {
        const names = FULL ? READ_HEADERS : ["if-match", "if-none-match", "idempotency-key"];
        for (const name of names) for (const value of pointedValues) samples.push({ [name]: value });
      }
      for (const headers of samples) {
        inputs += 1;
        const before = await storedMarker();
        const answer = await send(stack, operation, { url, payload, headers }, auth);
        const names = Object.entries(headers)
          .map(
            ([name, value]) =>
              `${name}: ${JSON.stringify(value.slice(0, 60))}${value.length > 60 ? `…(${value.length})` : ""}`,
          )
          .join("; ");
        const where = `${operation.method} ${url} [${names}] → ${answer.statusCode}`;
        let problem = "";
        if (answer.statusCode >= 500) {
          serverErrors += 1;
          problem = "5xx";
        } else if (answer.statusCode >= 400) {
          if (!isEnvelope(answer.body)) {
            outsideEnvelope += 1;
            problem = "outside the envelope";
          } else if ((await storedMarker()) !== before) {
            storedByRefusal += 1;
            problem = "stored by a refusal";
          }
        }
        if (problem && failures.length < 40)
          failures.push(`${problem}: ${where} ${answer.body.slice(0, 160)}`);
      }
    }
    report("bad-headers", {
      routes: operations.length,
      inputsPerRoute: HEADERS_PER_ROUTE,
      inputs,
      serverErrors,
      outsideEnvelope,
      storedByRefusal,
    });
    expect(failures).toEqual([]);
  });
});
