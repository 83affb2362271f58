import { instantIn, type RecordWindow, windowFieldsOf } from "@backoffice/contracts";
import { z } from "zod";
import { dayAndTimeIn, parseDay, parseTime } from "../../lib/format"; // relative: unit tests have no "@" alias

// A window's two ends in a dialog (docs/PRODUCT-RULES.md#windows): each a day (dd/mm/yyyy) and a time
// (HH:mm) in the site's time zone, both empty for an open end. The form keeps them under the API's
// names (`startsAt`, `endsAt`), so a refusal of the server lands at its field (applyServerErrors).

/** One end as the form edits it. */
export type WindowEndValue = { day: string; time: string };
/** The form values of a window. */
export type WindowFormValues = { startsAt: WindowEndValue; endsAt: WindowEndValue };

export const WINDOW_FORM_MESSAGES = {
  day: "Enter the date as dd/mm/yyyy",
  time: "Enter the time as HH:mm (24-hour clock)",
  both: "Enter both the date and the time, or neither.",
  order: "Choose an end after the start.",
} as const;

const blank = (end: WindowEndValue) => end.day.trim() === "" && end.time.trim() === "";

/** The end as "yyyy-MM-ddTHH:mm" on the site's clock (ordered like the instants), or null when open or not typed right. */
function wallClock(end: WindowEndValue): string | null {
  const day = parseDay(end.day);
  const time = parseTime(end.time);
  return day && time ? `${day}T${time}` : null;
}

const windowEnd = z.object({ day: z.string(), time: z.string() }).superRefine((end, context) => {
  if (blank(end)) return;
  const message =
    end.day.trim() === "" || end.time.trim() === ""
      ? WINDOW_FORM_MESSAGES.both
      : parseDay(end.day) === null
        ? WINDOW_FORM_MESSAGES.day
        : parseTime(end.time) === null
          ? WINDOW_FORM_MESSAGES.time
          : null;
  if (message) context.addIssue({ code: "custom", message });
});

/** The form values of a flag's window (`trendingStartsAt`, `trendingEndsAt`). */
export type FlagWindowFormValues<F extends string> = Record<`${F}StartsAt` | `${F}EndsAt`, WindowEndValue>;

/** A flag's window fields of a dialog's schema (the record's own: `windowFormFields`). */
export function windowFormFieldsOf<F extends string>(flag: F) {
  const names = windowFieldsOf(flag);
  return { [names.startsAt]: windowEnd, [names.endsAt]: windowEnd } as Record<
    `${F}StartsAt` | `${F}EndsAt`,
    typeof windowEnd
  >;
}

/** The fields of a dialog's schema: spread them in, and refine the whole with `checkWindowOrder`. */
export const windowFormFields = { startsAt: windowEnd, endsAt: windowEnd };

/** An end after its start, on the site's clock; the server checks it again on the instants (and how far ahead). */
export function checkWindowOrder(values: WindowFormValues, context: z.RefinementCtx) {
  checkWindowOrderOf("")(values, context);
}

/** `checkWindowOrder` of a flag's window. */
export function checkWindowOrderOf(flag: string) {
  const names = windowFieldsOf(flag);
  return (values: object, context: z.RefinementCtx) => {
    const fields = values as Record<string, WindowEndValue>;
    const starts = fields[names.startsAt] && wallClock(fields[names.startsAt]!);
    const ends = fields[names.endsAt] && wallClock(fields[names.endsAt]!);
    if (starts && ends && ends <= starts)
      context.addIssue({ code: "custom", path: [names.endsAt], message: WINDOW_FORM_MESSAGES.order });
  };
}

const OPEN: WindowEndValue = { day: "", time: "" };
export const emptyWindowForm = (): WindowFormValues => ({ startsAt: { ...OPEN }, endsAt: { ...OPEN } });

const endToForm = (iso: string | null | undefined, timeZone: string) =>
  iso ? dayAndTimeIn(iso, timeZone) : { ...OPEN };

/** A record's window in the form, in the site's time zone. */
export function windowToForm(window: RecordWindow, timeZone: string): WindowFormValues {
  return { startsAt: endToForm(window.startsAt, timeZone), endsAt: endToForm(window.endsAt, timeZone) };
}

/** A flag's window of a record (`record.trendingStartsAt`, …) in the form; open when the record is null (a new one). */
export function flagWindowToForm<F extends string>(
  record: object | null,
  flag: F,
  timeZone: string,
): FlagWindowFormValues<F> {
  const names = windowFieldsOf(flag);
  const fields = (record ?? {}) as Record<string, string | null | undefined>;
  return {
    [names.startsAt]: endToForm(fields[names.startsAt], timeZone),
    [names.endsAt]: endToForm(fields[names.endsAt], timeZone),
  } as FlagWindowFormValues<F>;
}

const endToInstant = (value: WindowEndValue | undefined, timeZone: string) => {
  const day = value && parseDay(value.day);
  const time = value && parseTime(value.time);
  return day && time ? new Date(instantIn(day, time, timeZone)).toISOString() : null;
};

/**
 * "Apply at…" of an edit dialog (docs/PRODUCT-RULES.md#scheduled-changes): a day and a time in the
 * site's time zone, both empty to save now. Its field is `applyAt`, the query parameter's name, so
 * the server's refusal (past, too far ahead) lands at it.
 */
export const applyAtFormField = { applyAt: windowEnd };
export const emptyApplyAt = () => ({ applyAt: { ...OPEN } });
/** The instant a change is to be applied at, or undefined to save it now. */
export const toApplyAt = (value: WindowEndValue | undefined, timeZone: string) =>
  endToInstant(value, timeZone) ?? undefined;

/**
 * The fields of an edit's body that differ from the body its loaded values make: what a scheduled
 * change sets, so the Schedule lists only those (every field when none differs).
 */
export function changedFields<Body extends object>(body: Body, loaded: Body): Partial<Body> {
  const before = loaded as Record<string, unknown>;
  const changed = Object.entries(body).filter(
    ([field, value]) => JSON.stringify(value) !== JSON.stringify(before[field]),
  );
  return changed.length > 0 ? (Object.fromEntries(changed) as Partial<Body>) : body;
}

/** What a body carries: each end as an instant, null when open. */
export function toWindowBody(values: WindowFormValues, timeZone: string): RecordWindow {
  return { startsAt: endToInstant(values.startsAt, timeZone), endsAt: endToInstant(values.endsAt, timeZone) };
}

/** A flag's window as a body carries it (`trendingStartsAt`, `trendingEndsAt`: instants or null). */
export function toFlagWindowBody(
  values: object,
  flag: string,
  timeZone: string,
): Record<string, string | null> {
  const names = windowFieldsOf(flag);
  const fields = values as Record<string, WindowEndValue | undefined>;
  return {
    [names.startsAt]: endToInstant(fields[names.startsAt], timeZone),
    [names.endsAt]: endToInstant(fields[names.endsAt], timeZone),
  };
}
