import { z } from "zod";
import { booleanish, partialUpdate } from "./common.ts";
import { LOCKER_KINDS, LOCKER_RULES } from "./site-rules.ts";
import { windowAnswerFields, windowBodyFields } from "./windows.ts";

export const lockerSchema = z.object({
  _id: z.string(),
  site: z.string(),
  type: z.enum(LOCKER_KINDS),
  seconds: z.number().int(),
  isActive: z.boolean(),
  ...windowAnswerFields,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Locker = z.infer<typeof lockerSchema>;

export const LOCKER_SECONDS_MESSAGE = `seconds must be a whole number from ${LOCKER_RULES.min} to ${LOCKER_RULES.max}`;
/** Seconds arrive as a number or as its text; 1 to 300 whole seconds. */
export const lockerSeconds = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+(\.\d+)?$/, LOCKER_SECONDS_MESSAGE)
        .transform(Number),
    ],
    {
      error: LOCKER_SECONDS_MESSAGE,
    },
  )
  .pipe(
    z
      .number()
      .int(LOCKER_SECONDS_MESSAGE)
      .min(LOCKER_RULES.min, LOCKER_SECONDS_MESSAGE)
      .max(LOCKER_RULES.max, LOCKER_SECONDS_MESSAGE),
  );

/** `POST /locker`: the site's locker, created or replaced. */
export const lockerBody = z.strictObject({
  site: z.string().optional(),
  type: z.enum(LOCKER_KINDS, { error: "type must be js or api" }).optional(),
  seconds: lockerSeconds,
  isActive: booleanish("isActive"),
  // Left out on a save: the stored window stays.
  ...windowBodyFields,
});
export type LockerBody = z.infer<typeof lockerBody>;
/** `PUT /locker/{id}`: any of the fields, none blank or null (the type stays when left out). */
export const updateLockerBody = partialUpdate(lockerBody, ["type", "seconds", "isActive"]);

export const lockerQuery = z.strictObject({ site: z.string().optional() });

export const publicLockerSchema = z.object({
  type: z.enum(LOCKER_KINDS),
  seconds: z.number().int(),
  isActive: z.boolean(),
});
