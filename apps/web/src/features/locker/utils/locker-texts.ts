import { LOCKER_KINDS, LOCKER_RULES, type Locker } from "@backoffice/contracts";
import { z } from "zod";
import { applyAtFormField, checkWindowOrder, windowFormFields } from "../../../components/window/window-form"; // relative: its unit test has no "@" alias

export type LockerVariant = "sportbn" | "movies";
export type LockerType = Locker["type"];

/** The form's values; `seconds` is what the input holds (non-numeric text counts as 0). */
export type LockerValues = { type: LockerType; seconds: number; isActive: boolean };

/** With no record, and after Reset to Defaults: 30 seconds, enabled. */
export const LOCKER_DEFAULTS = { seconds: LOCKER_RULES.defaultSeconds, isActive: LOCKER_RULES.defaultActive };

type ToastText = { title: string; description?: string };

export type LockerTexts = {
  heading: string;
  saved: (locker: LockerValues) => ToastText;
  reset: ToastText;
  loadFailed: string;
  saveFailed: string;
  unknownError: string;
};

const onOff = (isActive: boolean) => (isActive ? "activated" : "deactivated");

/** The two wordings: sportbn's (with its own error toasts) and movies'. */
export const lockerTexts: Record<LockerVariant, LockerTexts> = {
  sportbn: {
    heading: "Manage Locker",
    saved: ({ isActive, seconds, type }) => ({
      title: "Locker settings saved",
      description: `Locker ${onOff(isActive)} with ${seconds} seconds for locker ${type.toUpperCase()}.`,
    }),
    reset: { title: "Reset to Defaults", description: "Locker settings have been reset to default values." },
    loadFailed: "Load failed",
    saveFailed: "Save failed",
    unknownError: "Unknown error",
  },
  movies: {
    heading: "Manage Locker — movies",
    saved: ({ isActive, seconds }) => ({
      title: "Locker settings (movies)",
      // The spec's "activated with 30s (JS)." as a sentence of its own, not a fragment of the title.
      description: `Locker ${onOff(isActive)} with ${seconds}s (JS).`,
    }),
    reset: {
      title: "Reset to Defaults (movies)",
      description: `Reset to ${LOCKER_RULES.defaultSeconds}s, active (JS).`,
    },
    loadFailed: "Load failed",
    saveFailed: "Save failed",
    unknownError: "Unknown error",
  },
};

/** The contract's range of seconds (LOCKER_SECONDS_MESSAGE), in the dashboard's words beside the field. */
const SECONDS_RULE = `Enter a whole number from ${LOCKER_RULES.min} to ${LOCKER_RULES.max}.`;

/**
 * What the form edits. Seconds are checked with the contract's rule (whole, 1–300) at the field
 * before saving, so 12.5 or an empty field is never silently saved as 12 or 0.
 */
export const lockerFormSchema = z
  .object({
    type: z.enum(LOCKER_KINDS),
    // The input's text: whole digits only, then the contract's range, the whole rule said at once.
    seconds: z
      .string()
      .trim()
      .regex(/^\d+$/, SECONDS_RULE)
      .transform(Number)
      .pipe(z.number().min(LOCKER_RULES.min, SECONDS_RULE).max(LOCKER_RULES.max, SECONDS_RULE)),
    isActive: z.boolean(),
    // When the public site uses it (docs/PRODUCT-RULES.md#windows), in the site's time zone.
    ...windowFormFields,
    // A change may wait until then (docs/PRODUCT-RULES.md#scheduled-changes).
    ...applyAtFormField,
  })
  .superRefine(checkWindowOrder);
export type LockerFormInput = z.input<typeof lockerFormSchema>;
export type LockerFormValues = z.output<typeof lockerFormSchema>;

/** The form's starting values: the stored locker, or the defaults when there is none. */
export function lockerValuesOf(locker: Locker | null, types: readonly LockerType[]): LockerValues {
  if (locker) return { type: locker.type, seconds: locker.seconds, isActive: locker.isActive };
  return { type: types[0] ?? "js", ...LOCKER_DEFAULTS };
}

/**
 * The save payload. sportbn sends isActive as the text "true"/"false"; movies names its site
 * and the fixed type js.
 */
export function lockerPayload(variant: LockerVariant, site: string, values: LockerValues) {
  if (variant === "movies") {
    return { site, type: "js" as const, seconds: values.seconds, isActive: values.isActive };
  }
  return { type: values.type, seconds: values.seconds, isActive: values.isActive ? "true" : "false" };
}
