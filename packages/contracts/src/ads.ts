import { z } from "zod";
import { booleanish, httpUrl, partialUpdate } from "./common.ts";
import { windowAnswerFields, windowBodyFields } from "./windows.ts";

/** Movies keeps one ad list per page of its public site. */
export const SCRIPT_MAX_LENGTH = 100_000;

export const adSchema = z.object({
  _id: z.string(),
  page: z.string(),
  url: z.string(),
  head: z.string().nullable(),
  body: z.string().nullable(),
  isActive: z.boolean(),
  ...windowAnswerFields,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Ad = z.infer<typeof adSchema>;

/** The older client sends an empty script as the text "null"; scripts are otherwise kept exactly as sent. */
const script = (field: string) =>
  z
    .union(
      [
        z.string().max(SCRIPT_MAX_LENGTH, `${field} must be at most ${SCRIPT_MAX_LENGTH} characters`),
        z.null(),
      ],
      {
        error: `${field} must be text`,
      },
    )
    .transform((value) => (value === null || value === "null" || value === "" ? null : value));

const page = z
  .string({ error: "page is required" })
  .trim()
  .min(1, "page is required")
  .max(100, "page must be at most 100 characters");

export const adFields = {
  page,
  url: httpUrl("url"),
  head: script("head"),
  body: script("body"),
  isActive: booleanish("isActive"),
};

export const createAdBody = z.strictObject({
  page: adFields.page,
  url: adFields.url,
  head: adFields.head.optional(),
  body: adFields.body.optional(),
  // The older client sends a missing isActive as the text "false"; a new ad is inactive.
  isActive: adFields.isActive.default(false),
  ...windowBodyFields,
});
/** `PUT /ads/{id}`: any of the fields; page and url never blank (the Activate toggle sends only isActive). */
export const updateAdBody = partialUpdate(createAdBody, ["page", "url", "isActive"]);
export type CreateAdBody = z.infer<typeof createAdBody>;
export type UpdateAdBody = z.infer<typeof updateAdBody>;

export const adsQuery = z.strictObject({ page: z.string().trim().max(100).optional() });

export const publicAdSchema = adSchema.pick({
  _id: true,
  page: true,
  url: true,
  head: true,
  body: true,
  updatedAt: true,
});
