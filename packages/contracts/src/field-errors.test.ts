import { describe, expect, it } from "vitest";
import { z } from "zod";
import { httpUrl, partialUpdate } from "./common.ts";
import { fieldErrorOf, valueAt } from "./field-errors.ts";

/** The code of each field a schema refuses in `input`, as the servers and the dashboard derive it. */
function codesOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [
      issue.path.join("."),
      fieldErrorOf(issue, valueAt(input, issue.path)),
    ]),
  );
}

describe("fieldErrorOf", () => {
  const body = z.strictObject({
    name: z.string({ error: "name is required" }).trim().min(1, "name is required").max(5),
    password: z.string().min(8, "Password must be at least 8 characters long"),
    seconds: z.number().int().min(1).max(300),
    positive: z.number().positive().optional(),
    email: z.email("email must be a valid email address"),
    url: httpUrl("url"),
    level: z.enum(["owner", "editor"]),
    active: z.boolean(),
    tags: z.array(z.string()).min(1).max(2),
  });

  it("names what is missing, too long, too short, too small or too big, with the rule's limit", () => {
    expect(codesOf(body, { name: "  ", password: "short", seconds: 0, tags: ["a", "b", "c"] })).toMatchObject(
      {
        name: { code: "required" },
        password: { code: "too_short", minimum: 8 },
        seconds: { code: "too_small", minimum: 1 },
        email: { code: "required" },
        url: { code: "required" },
        level: { code: "required" },
        active: { code: "required" },
        tags: { code: "too_big", maximum: 2 },
      },
    );
    expect(codesOf(body, { name: "Too long", seconds: 301, positive: 0, tags: [] })).toMatchObject({
      name: { code: "too_long", maximum: 5 },
      seconds: { code: "too_big", maximum: 300 },
      // `positive()` refuses 0 itself: no limit to say "at least".
      positive: { code: "too_small" },
      tags: { code: "too_small", minimum: 1 },
    });
    expect(codesOf(body, { positive: 0 }).positive).toEqual({ code: "too_small" });
  });

  it("tells a value of the wrong kind from one left out", () => {
    expect(codesOf(body, { name: 3, seconds: 1.5, active: "yes", password: null })).toMatchObject({
      name: { code: "not_text" },
      seconds: { code: "not_whole_number" },
      active: { code: "not_boolean" },
      password: { code: "required" },
    });
    expect(codesOf(body, { seconds: "12" }).seconds).toEqual({ code: "not_number" });
  });

  it("reads formats, options, unknown fields and the codes a contract's own rule names", () => {
    expect(codesOf(body, { email: "x", url: "ftp://x.example", level: "boss", extra: 1 })).toMatchObject({
      email: { code: "invalid_email" },
      url: { code: "invalid_url" },
      level: { code: "not_allowed" },
      "": { code: "unknown_field" },
    });
    expect(codesOf(z.string().regex(/^\d{6}$/), "12")).toEqual({ "": { code: "invalid_format" } });
    expect(
      codesOf(
        z.string().refine(() => false, "x must be rare"),
        "a",
      ),
    ).toEqual({ "": { code: "invalid" } });
    const update = partialUpdate(z.strictObject({ title: z.string().optional() }), ["title"]);
    expect(codesOf(update, { title: " " })).toEqual({ title: { code: "required" } });
  });
});
