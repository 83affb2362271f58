import { z } from "zod";
import { coded, FIELD_ERROR_CODES } from "./field-errors.ts";
import { SITES } from "./site-rules.ts";

export const siteSchema = z.enum(SITES);

export const idSchema = z.string().regex(/^[0-9a-f]{24}$/, "id must be 24 hexadecimal digits");
export const idParams = z.strictObject({ id: idSchema });
export const idsBody = z.strictObject({
  ids: z.array(idSchema, { error: "ids must be a list of ids" }).min(1, "ids must not be empty").max(1000),
});

/** `?ids=a,b,c`: the selection an export is limited to (none: the whole list). */
export const exportQuery = z.strictObject({
  ids: z
    .string()
    .optional()
    .transform((text) => (text ? text.split(",").map((id) => id.trim()) : undefined))
    .pipe(
      z
        .array(idSchema, { error: "ids must be a comma-separated list of ids" })
        .min(1, "ids must not be empty")
        .max(1000, "ids must name at most 1000 rows")
        .optional(),
    ),
});

/**
 * A refused field of an error answer: its path, the rule in the API's words, and what is wrong as a
 * code, with the limit its rule set (field-errors.ts; docs/PRODUCT-RULES.md#answers-and-errors).
 */
export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
  code: z.enum(FIELD_ERROR_CODES),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
});

export const errorBody = z.object({
  status: z.enum(["fail", "error"]),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
  /** A 5xx's trace, when the server sends traces (docs/DEPLOYMENT.md, "Traces"). */
  traceId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ status: z.literal("success"), message: z.string() });

/** A delete by ids: how many rows went (emails, contact messages, titles). */
export const deletedCountAnswer = z.object({
  status: z.literal("success"),
  message: z.string(),
  deleted: z.number().int(),
});
export type MessageAnswer = z.infer<typeof messageBody>;

/** `{status: "success", data, message?}`, the success answer shape. */
export function successOf<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal("success"), data, message: z.string().optional() });
}

/** The answer type of `successOf(schema)`: what clients read, typed from the same schema. */
export type SuccessAnswer<T extends z.ZodType> = z.infer<ReturnType<typeof successOf<T>>>;
/** `successOf(z.array(schema))`'s answer type. */
export type ListAnswer<T extends z.ZodType> = SuccessAnswer<z.ZodArray<T>>;

export const pagination = z.object({ page: z.number().int(), numberOfPages: z.number().int() });
export function pagedOf<T extends z.ZodType>(item: T) {
  return z.object({
    status: z.literal("success"),
    data: z.array(item),
    pagination,
    result: z.number().int(),
  });
}
export type PagedAnswer<T extends z.ZodType> = z.infer<ReturnType<typeof pagedOf<T>>>;

export const pageQuery = z.strictObject({
  page: z.coerce
    .number({ error: "page must be a number" })
    .int("page must be a whole number")
    .min(1, "page must be at least 1")
    .default(1),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(100, "limit must be at most 100")
    .default(20),
});

/** The older client sends booleans as the text "true"/"false"; accept both forms, store real booleans. */
export const booleanish = (field: string) =>
  z.union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")], {
    error: `${field} must be true or false`,
  });

/** An absolute http or https address (never `javascript:`, `data:` or the like). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

export const httpUrl = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    // A missing URL says only that, not also that it is not an http(s) URL.
    .min(1, { error: `${field} is required`, abort: true })
    .max(2048, `${field} must be at most 2048 characters`)
    .refine(isHttpUrl, { message: `${field} must be an http(s) URL`, ...coded("invalid_url") });

/** An http(s) address that may be left out or empty (a public form's source page). */
export const optionalHttpUrl = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(2048, `${field} must be at most 2048 characters`)
    .refine((value) => value === "" || isHttpUrl(value), {
      message: `${field} must be an http(s) URL`,
      ...coded("invalid_url"),
    })
    .optional();

export const isoDate = z.union([z.date(), z.string()]).transform((value) => new Date(value).toISOString());

/**
 * Where an update's OpenAPI body names the fields it refuses blank or null (`partialUpdate`), so
 * clients and the tests generated from the route table (apps/api/src/routes/partial-updates.test.ts)
 * read the rule from the route itself.
 */
export const FILLED_ON_UPDATE_KEY = "x-filled-on-update";
export const filledOnUpdate = (fields: readonly string[]) => ({ [FILLED_ON_UPDATE_KEY]: [...fields] });

type WithoutDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;
type PartialShape<Shape extends z.ZodRawShape> = {
  [Field in keyof Shape]: z.ZodOptional<WithoutDefault<Shape[Field]>>;
};

/**
 * An update's body from its create body (docs/PRODUCT-RULES.md#answers-and-errors): each field may be
 * left out, which keeps it unchanged (no create default is filled in), but a field of `filled` sent
 * blank or null is refused naming it: blank never silently means "unchanged". A field whose own
 * schema refuses blank or null says so in its own words; one that would read it as "not given" (the
 * apps' text fields) gets `message`. The server merges the body with the stored record and checks
 * the rules of several fields on the merged one, in the update's transaction.
 */
export function partialUpdate<Shape extends z.ZodRawShape>(
  create: z.ZodObject<Shape>,
  filled: readonly (keyof Shape & string)[],
  message: (field: string) => string = (field) => `${field} is required`,
) {
  const shape = Object.fromEntries(
    Object.entries(create.shape).map(([field, schema]) => [
      field,
      (schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : (schema as z.ZodType)).optional(),
    ]),
  ) as unknown as PartialShape<Shape>;
  const fields = z.strictObject(shape);
  return z
    .preprocess((raw, context) => {
      if (raw === null || typeof raw !== "object") return raw;
      for (const field of filled) {
        const value = (raw as Record<string, unknown>)[field];
        const blank = value === null || (typeof value === "string" && value.trim() === "");
        if (blank && shape[field]!.safeParse(value).success)
          context.addIssue({
            code: "custom",
            path: [field],
            message: message(field),
            input: value,
            ...coded("required"),
          });
      }
      return raw;
    }, fields)
    .meta(filledOnUpdate(filled));
}
