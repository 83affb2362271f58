import { z } from "zod";
import { booleanish } from "./common.ts";

export const LOCKER_TYPES = ["js", "api"] as const;
export const LOCKER_SECONDS = { min: 1, max: 300, default: 30 } as const;

export const lockerSchema = z.object({
  _id: z.string(),
  site: z.string(),
  type: z.enum(LOCKER_TYPES),
  seconds: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Locker = z.infer<typeof lockerSchema>;

const secondsMessage = `seconds must be a whole number from ${LOCKER_SECONDS.min} to ${LOCKER_SECONDS.max}`;
/** Seconds arrive as a number or as its text; 1 to 300 whole seconds. */
export const lockerSeconds = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+(\.\d+)?$/, secondsMessage)
        .transform(Number),
    ],
    {
      error: secondsMessage,
    },
  )
  .pipe(
    z
      .number()
      .int(secondsMessage)
      .min(LOCKER_SECONDS.min, secondsMessage)
      .max(LOCKER_SECONDS.max, secondsMessage),
  );

export const lockerBody = z.strictObject({
  site: z.string().optional(),
  type: z.enum(LOCKER_TYPES, { error: "type must be js or api" }).optional(),
  seconds: lockerSeconds,
  isActive: booleanish("isActive"),
});
export type LockerBody = z.infer<typeof lockerBody>;

export const lockerQuery = z.strictObject({ site: z.string().optional() });

export const publicLockerSchema = z.object({
  type: z.enum(LOCKER_TYPES),
  seconds: z.number().int(),
  isActive: z.boolean(),
});
