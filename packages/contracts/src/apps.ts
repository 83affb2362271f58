import { z } from "zod";
import { booleanish, httpUrl, partialUpdate } from "./common.ts";
import { coded } from "./field-errors.ts";
import { publicImagesField } from "./media.ts";
import { flagWindowAnswerFields, flagWindowBodyFields } from "./windows.ts";

export const APP_CATEGORIES = ["apps", "games"] as const;
export type AppCategory = (typeof APP_CATEGORIES)[number];

export const APP_MESSAGES = {
  required: "Please fill all the fields because is required except it, key and toggles",
  keyMissing: "Please enter a key if you want to add a Locker.",
  itMissing: "Please enter an It if you want to add a Locker.",
  rating: "rating must be between 0 and 10 in steps of 0.1",
  devices: "supportedDevices must be exactly two http(s) URLs",
  created: "App created successfully",
  updated: "App updated successfully",
  deleted: "Apps deleted successfully",
} as const;

export const appSchema = z.object({
  _id: z.string(),
  title: z.string(),
  type: z.string(),
  icon_app: z.string(),
  bg_app: z.string(),
  content: z.string(),
  rating: z.number(),
  size: z.string(),
  download: z.string(),
  developer: z.string(),
  category: z.enum(APP_CATEGORIES),
  trending: z.boolean(),
  // When the flag is on for the public site (docs/PRODUCT-RULES.md#windows): the public read answers
  // it true only within its window.
  ...flagWindowAnswerFields("trending"),
  slider: z.boolean(),
  ...flagWindowAnswerFields("slider"),
  supportedDevices: z.array(z.string()),
  isFirst: z.boolean(),
  it: z.string().nullable(),
  key: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type App = z.infer<typeof appSchema>;

/** An app of the public read: its fields, and its icon's and background's media images (docs/MEDIA.md). */
export const publicAppSchema = appSchema.extend(publicImagesField);

/** The fields an app carries the same way in its table row, its answer and the form's payload. */
export type AppDetails = Pick<
  App,
  | "title"
  | "type"
  | "icon_app"
  | "bg_app"
  | "content"
  | "rating"
  | "size"
  | "download"
  | "developer"
  | "category"
>;

const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** Text fields: trimmed, and blank counts as not given (the required check names it). */
const text = (field: string, max = 200) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${field} must be text` })
      .trim()
      .max(max, `${field} must be at most ${max} characters`)
      .optional(),
  );
const lockerText = (field: string) =>
  z.preprocess(
    (value) => (value === null || (typeof value === "string" && value.trim() === "") ? null : value),
    z
      .string({ error: `${field} must be text` })
      .trim()
      .max(200, `${field} must be at most 200 characters`)
      .nullable()
      .optional(),
  );
const url = (field: string) => z.preprocess(blankToUndefined, httpUrl(field).optional());

const rating = z.preprocess(
  (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : Number(value)) : value),
  z
    .number({ error: APP_MESSAGES.rating })
    .min(0, APP_MESSAGES.rating)
    .max(10, APP_MESSAGES.rating)
    .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, APP_MESSAGES.rating)
    .optional(),
);

const devices = z
  .array(z.string({ error: APP_MESSAGES.devices }).trim(), { error: APP_MESSAGES.devices })
  .max(2, APP_MESSAGES.devices)
  .transform((list) => list.filter((item) => item !== ""))
  .pipe(z.array(httpUrl("supportedDevices")).max(2, APP_MESSAGES.devices));

const appFieldsShape = {
  title: text("title"),
  type: text("type"),
  icon_app: url("icon_app"),
  bg_app: url("bg_app"),
  content: text("content", 20_000),
  rating,
  size: text("size", 50),
  download: text("download", 50),
  developer: text("developer"),
  category: z.preprocess(
    blankToUndefined,
    z.enum(APP_CATEGORIES, { error: "category must be apps or games" }).optional(),
  ),
  trending: booleanish("trending").optional(),
  ...flagWindowBodyFields("trending"),
  slider: booleanish("slider").optional(),
  ...flagWindowBodyFields("slider"),
  isFirst: booleanish("isFirst").optional(),
  supportedDevices: devices.optional(),
  // The older client posts the list under the form-style name "supportedDevices[]".
  "supportedDevices[]": devices.optional(),
  // Blank clears the locker pair on an update (null), unlike the required fields where blank means "missing".
  it: lockerText("it"),
  key: lockerText("key"),
};

export const REQUIRED_APP_FIELDS = [
  "title",
  "type",
  "icon_app",
  "bg_app",
  "content",
  "size",
  "download",
  "developer",
  "category",
] as const;

type AppFields = z.infer<z.ZodObject<typeof appFieldsShape>>;
export type AppInput = Omit<AppFields, "supportedDevices[]">;

/** Merges the two spellings of the device list. */
function normalise(fields: AppFields): AppInput {
  const { "supportedDevices[]": bracketed, ...rest } = fields;
  return { ...rest, supportedDevices: rest.supportedDevices ?? bracketed };
}

/** The create rules: every listed field filled, rating not 0, two devices, it and key together. */
export function appInputIssues(app: AppInput): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  for (const field of REQUIRED_APP_FIELDS) {
    if (app[field] === undefined) issues.push({ path: field, message: APP_MESSAGES.required });
  }
  if (!app.rating) issues.push({ path: "rating", message: APP_MESSAGES.required });
  if ((app.supportedDevices?.length ?? 0) !== 2)
    issues.push({ path: "supportedDevices", message: APP_MESSAGES.required });
  if (app.it && !app.key) issues.push({ path: "key", message: APP_MESSAGES.keyMissing });
  if (app.key && !app.it) issues.push({ path: "it", message: APP_MESSAGES.itMissing });
  return issues;
}

const appFields = z.strictObject(appFieldsShape);

/** POST /apps: the whole app, checked with the fixed messages. */
export const createAppBody = appFields.transform(normalise).superRefine((app, context) => {
  for (const issue of appInputIssues(app))
    context.addIssue({ code: "custom", path: [issue.path], message: issue.message, ...coded("required") });
});

/**
 * PUT /apps/{id}: any subset, but a required field (or the rating, a toggle, the devices) sent blank
 * or null is refused naming it (blank `it` and `key` clear the locker pair); the merged app must still
 * satisfy the create rules (checked by the server in the update's transaction).
 */
export const updateAppBody = partialUpdate(
  appFields,
  [...REQUIRED_APP_FIELDS, "rating", "trending", "slider", "isFirst", "supportedDevices"],
  () => APP_MESSAGES.required,
).transform(normalise);

export const appsQuery = z.strictObject({
  category: z.enum(APP_CATEGORIES, { error: "category must be apps or games" }).optional(),
});

/** `DELETE /apps`: the ids deleted and the ones not found. */
export const deleteAppsAnswer = z.object({
  status: z.literal("success"),
  message: z.string(),
  deleted: z.array(z.string()),
  notFound: z.array(z.string()),
});
