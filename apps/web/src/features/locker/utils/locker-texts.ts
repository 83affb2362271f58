import type { Locker } from "@backoffice/contracts";

export type LockerVariant = "sportbn" | "movies";
export type LockerType = Locker["type"];

/** The form's values; `seconds` is what the input holds (non-numeric text counts as 0). */
export type LockerValues = { type: LockerType; seconds: number; isActive: boolean };

/** With no record, and after Reset to Defaults: 30 seconds, enabled (spec §4, §9). */
export const LOCKER_DEFAULTS = { seconds: 30, isActive: true } as const;
export const SECONDS_RANGE = { min: 1, max: 300 } as const;

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

/** The two wordings of spec §8: sportbn's (also its error toasts, DESIGN §9) and movies'. */
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
      description: `${onOff(isActive)} with ${seconds}s (JS).`,
    }),
    reset: { title: "Reset to Defaults (movies)", description: "Reset to 30s, active (JS)." },
    loadFailed: "Load failed",
    saveFailed: "Save failed",
    unknownError: "Unknown error",
  },
};

/** The seconds input's text as a number: a whole number, or 0 for anything else (spec §5). */
export function secondsFromInput(text: string): number {
  const n = Number.parseInt(text, 10);
  return Number.isNaN(n) ? 0 : n;
}

/** The form's starting values: the stored locker, or the defaults when there is none. */
export function lockerValuesOf(locker: Locker | null, types: readonly LockerType[]): LockerValues {
  if (locker) return { type: locker.type, seconds: locker.seconds, isActive: locker.isActive };
  return { type: types[0] ?? "js", ...LOCKER_DEFAULTS };
}

/**
 * The save payload. sportbn sends isActive as the text "true"/"false"; movies names its site
 * and the fixed type js (spec §7).
 */
export function lockerPayload(variant: LockerVariant, site: string, values: LockerValues) {
  if (variant === "movies") {
    return { site, type: "js" as const, seconds: values.seconds, isActive: values.isActive };
  }
  return { type: values.type, seconds: values.seconds, isActive: values.isActive ? "true" : "false" };
}
