import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
  stack = await startStack();
  const token = await stack.api.login();
  auth = { token, csrf: await stack.api.csrf(token) };
}, 120_000);
afterAll(() => stack.close());

describe("bad input on every route (enumerated from the OpenAPI descriptions)", () => {
  it("answers every bad input with a 4xx in the error envelope: never a 5xx, never a 2xx", {
    timeout: 900_000,
  }, async () => {
    const operations = [
      ...operationsOf(stack.api.app, "api"),
      ...operationsOf(stack.content.app, "content"),
    ].filter(
      // Logging out ends the session the other inputs use; its body is ignored anyway.
      (operation) => operation.path !== "/api/v1/auth/logout",
    );
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
