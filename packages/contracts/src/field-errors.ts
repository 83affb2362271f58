/**
 * What is wrong with a refused field, as a code (docs/PRODUCT-RULES.md#answers-and-errors): each
 * item of the error envelope's `errors` carries one beside its `path` and `message`. The message
 * says the rule in the API's words and names the field by its key ("name must be at most 60
 * characters"); the code lets a client say it in its own ("Use at most 60 characters."), with the
 * limit the rule set (`minimum`, `maximum`) where it has one. Derived from the zod issue by
 * `fieldErrorOf`, on the servers (packages/server's error handler) and in the dashboard's forms
 * alike. Zod-free, so the sign-in bundle can read it.
 */
export const FIELD_ERROR_CODES = [
  /** Missing, blank, or an empty list where one item at least is needed. */
  "required",
  /** Text longer than `maximum` characters. */
  "too_long",
  /** Text shorter than `minimum` characters (at least two). */
  "too_short",
  /** A number (or a list) under `minimum`; no `minimum` when the bound itself is refused too. */
  "too_small",
  /** A number (or a list) over `maximum`; no `maximum` when the bound itself is refused too. */
  "too_big",
  /** Not text. */
  "not_text",
  /** Not a number. */
  "not_number",
  /** A number with a fraction where a whole one is asked. */
  "not_whole_number",
  /** Not true or false. */
  "not_boolean",
  /** Another kind of value than the one asked (a list, an object, one of several forms). */
  "invalid_type",
  /** Text not in the form asked (a code, a date, a time, an id). */
  "invalid_format",
  /** Not an email address. */
  "invalid_email",
  /** Not an http(s) address. */
  "invalid_url",
  /** Text on several lines where one is asked. */
  "one_line",
  /** Not one of the values allowed (an option of a list). */
  "not_allowed",
  /** Already in use: an address that is a member already, say. */
  "taken",
  /** A field the body may not have. */
  "unknown_field",
  /** Any other rule: the message says which. */
  "invalid",
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/** What a refused field carries besides its path and message. */
export interface FieldErrorDetail {
  code: FieldErrorCode;
  minimum?: number;
  maximum?: number;
}

/** A refused field as the error envelope's `errors` lists it. */
export interface FieldError extends FieldErrorDetail {
  path: string;
  message: string;
}

const CODES: ReadonlySet<string> = new Set(FIELD_ERROR_CODES);
export const isFieldErrorCode = (value: unknown): value is FieldErrorCode =>
  typeof value === "string" && CODES.has(value);

/**
 * A rule the contract checks itself (`refine`, `addIssue`) names its code here, as the issue's
 * params: `.refine(isHttpUrl, { message: "url must be an http(s) URL", ...coded("invalid_url") })`.
 * Without one, such a rule is `invalid`.
 */
export const coded = (code: FieldErrorCode, limits: { minimum?: number; maximum?: number } = {}) => ({
  params: { code, ...limits },
});

/** The part of a zod issue a code is read from (the servers pass theirs, the dashboard its own). */
export interface IssueLike {
  code: string;
  origin?: unknown;
  expected?: unknown;
  format?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: unknown;
  params?: unknown;
}

const limit = (value: unknown, inclusive: unknown): number | undefined =>
  inclusive !== false && (typeof value === "number" || typeof value === "bigint") ? Number(value) : undefined;

/** The value at `path` in what was sent (the body, the query…), or undefined when it was left out. */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * The code of a zod issue, with the limit its rule set. `given` is the value sent at the issue's
 * path: a value of the wrong kind, or none of the options, is `required` when nothing (or null) was
 * sent.
 */
export function fieldErrorOf(issue: IssueLike, given: unknown): FieldErrorDetail {
  const text = issue.origin === "string";
  switch (issue.code) {
    case "custom": {
      const params = issue.params as { code?: unknown; minimum?: unknown; maximum?: unknown } | undefined;
      if (!isFieldErrorCode(params?.code)) return { code: "invalid" };
      return withLimits(params.code, limit(params.minimum, true), limit(params.maximum, true));
    }
    case "invalid_type":
    case "invalid_union":
      if (given === undefined || given === null) return { code: "required" };
      if (issue.code === "invalid_union") return { code: "invalid_type" };
      switch (issue.expected) {
        case "string":
          return { code: "not_text" };
        case "number":
          return { code: "not_number" };
        case "int":
          return { code: "not_whole_number" };
        case "boolean":
          return { code: "not_boolean" };
        default:
          return { code: "invalid_type" };
      }
    case "too_small": {
      const minimum = limit(issue.minimum, issue.inclusive);
      if (text)
        return minimum !== undefined && minimum <= 1
          ? { code: "required" }
          : withLimits("too_short", minimum);
      return withLimits("too_small", minimum);
    }
    case "too_big":
      return withLimits(text ? "too_long" : "too_big", undefined, limit(issue.maximum, issue.inclusive));
    case "invalid_format":
      return {
        code:
          issue.format === "email"
            ? "invalid_email"
            : issue.format === "url"
              ? "invalid_url"
              : "invalid_format",
      };
    case "invalid_value":
      return { code: given === undefined || given === null ? "required" : "not_allowed" };
    case "unrecognized_keys":
      return { code: "unknown_field" };
    default:
      return { code: "invalid" };
  }
}

function withLimits(code: FieldErrorCode, minimum?: number, maximum?: number): FieldErrorDetail {
  return {
    code,
    ...(minimum !== undefined && { minimum }),
    ...(maximum !== undefined && { maximum }),
  };
}
