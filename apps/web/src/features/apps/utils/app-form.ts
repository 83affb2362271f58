import {
  APP_MESSAGES,
  type App,
  type AppCategory,
  type AppDetails,
  type AppInput,
  createAppBody,
  REQUIRED_APP_FIELDS,
} from "@backoffice/contracts";
import { type FieldErrorDetail, fieldErrorOf, valueAt } from "@backoffice/contracts/field-errors";
import type { FieldErrors, Resolver } from "react-hook-form";
import { z } from "zod";
// relative: the unit test project has no "@" alias
import {
  applyAtFormField,
  checkWindowOrderOf,
  emptyApplyAt,
  type FlagWindowFormValues,
  flagWindowToForm,
  toFlagWindowBody,
  type WindowEndValue,
  windowFormFieldsOf,
} from "../../../components/window/window-form";
import { fieldMessage } from "../../../lib/field-messages";
import { appMessages } from "./app-messages";

/** The flags whose window the dialog edits (the descriptor's `flagWindows` of apps). */
export const APP_FLAG_WINDOWS = ["trending", "slider"] as const;
type AppFlagWindows = FlagWindowFormValues<"trending"> & FlagWindowFormValues<"slider">;

/**
 * What the Add/Edit dialog edits: text as typed, toggles as booleans, the two device URLs, and the
 * Trending and Slider windows, each end a day and a time in the site's time zone.
 */
export type AppFormValues = AppFlagWindows & {
  title: string;
  type: string;
  icon_app: string;
  bg_app: string;
  content: string;
  rating: string;
  size: string;
  download: string;
  developer: string;
  category: AppCategory | "";
  trending: boolean;
  slider: boolean;
  isFirst: boolean;
  supportedDevices: [string, string];
  it: string;
  key: string;
  /** "Apply at…" of an edit (docs/PRODUCT-RULES.md#scheduled-changes): empty to save now. */
  applyAt: WindowEndValue;
};

/** A field of the form, the device URLs by position ("supportedDevices.0"). */
export type AppFormField = Exclude<keyof AppFormValues, "supportedDevices"> | `supportedDevices.${0 | 1}`;

/** The fields the one "fill all the fields" message covers: the contract's list, rating and both devices. */
export const REQUIRED_FORM_FIELDS = [
  ...REQUIRED_APP_FIELDS,
  "rating",
  "supportedDevices.0",
  "supportedDevices.1",
] as const satisfies readonly AppFormField[];

/**
 * What `POST /apps` and `PUT /apps/{id}` carry: every field, booleans as the text
 * "true"/"false", the device list under the name `supportedDevices[]`.
 */
export type AppPayload = AppDetails & {
  trending: "true" | "false";
  slider: "true" | "false";
  trendingStartsAt: string | null;
  trendingEndsAt: string | null;
  sliderStartsAt: string | null;
  sliderEndsAt: string | null;
  isFirst: "true" | "false";
  "supportedDevices[]": string[];
  it: string;
  key: string;
};

export function emptyAppForm(category: AppCategory | "" = ""): AppFormValues {
  return {
    title: "",
    type: "",
    icon_app: "",
    bg_app: "",
    content: "",
    rating: "",
    size: "",
    download: "",
    developer: "",
    category,
    trending: false,
    slider: false,
    isFirst: false,
    supportedDevices: ["", ""],
    it: "",
    key: "",
    ...flagWindowsToForm(null, "UTC"),
    ...emptyApplyAt(),
  };
}

/** The flags' windows of an app in the form (open for a new one), in `timeZone`. */
function flagWindowsToForm(app: App | null, timeZone: string): AppFlagWindows {
  return { ...flagWindowToForm(app, "trending", timeZone), ...flagWindowToForm(app, "slider", timeZone) };
}

/** An app in the form; its flags' windows in `timeZone` (the site's). */
export function appToForm(app: App, timeZone: string): AppFormValues {
  return {
    title: app.title,
    type: app.type,
    icon_app: app.icon_app,
    bg_app: app.bg_app,
    content: app.content,
    rating: String(app.rating),
    size: app.size,
    download: app.download,
    developer: app.developer,
    category: app.category,
    trending: app.trending,
    slider: app.slider,
    isFirst: app.isFirst,
    supportedDevices: [app.supportedDevices[0] ?? "", app.supportedDevices[1] ?? ""],
    it: app.it ?? "",
    key: app.key ?? "",
    ...flagWindowsToForm(app, timeZone),
    ...emptyApplyAt(),
  };
}

/** The checked app as the API takes it. */
export function toAppPayload(app: AppInput): AppPayload {
  const flag = (value: boolean | undefined) => (value ? "true" : "false");
  return {
    title: app.title ?? "",
    type: app.type ?? "",
    icon_app: app.icon_app ?? "",
    bg_app: app.bg_app ?? "",
    content: app.content ?? "",
    rating: app.rating ?? 0,
    size: app.size ?? "",
    download: app.download ?? "",
    developer: app.developer ?? "",
    category: app.category ?? "apps",
    trending: flag(app.trending),
    slider: flag(app.slider),
    isFirst: flag(app.isFirst),
    "supportedDevices[]": app.supportedDevices ?? [],
    it: app.it ?? "",
    key: app.key ?? "",
    trendingStartsAt: app.trendingStartsAt ?? null,
    trendingEndsAt: app.trendingEndsAt ?? null,
    sliderStartsAt: app.sliderStartsAt ?? null,
    sliderEndsAt: app.sliderEndsAt ?? null,
  };
}

/** A refused field, from the contracts' schema (coded by `fieldErrorOf`) or a 400 answer. */
type Issue = { path: PropertyKey[] | string; message: string } & Partial<FieldErrorDetail>;

/**
 * A refused field in the dialog's words: the apps' own rules (every field filled, It and Key
 * together: `required`) are the product's sentences, stated as they are, the rating's rule is said
 * whole, and any other in the dashboard's words for its code.
 */
function wordsOf(issue: Issue, field: string): string {
  if (issue.code === "required") return issue.message;
  if (field === "rating") return appMessages.rating;
  return fieldMessage(issue);
}

/**
 * Places issues (from the contracts' schema or a 400 answer) on the form's fields. The device
 * list is checked after blank entries are dropped, so an issue's index counts filled entries.
 */
export function issuesToFields(
  issues: Issue[],
  values: AppFormValues,
): Partial<Record<AppFormField, string>> {
  const fields: Partial<Record<AppFormField, string>> = {};
  const put = (field: AppFormField, message: string) => {
    fields[field] ??= message;
  };
  const filled = values.supportedDevices.flatMap((url, index) => (url.trim() ? [index as 0 | 1] : []));
  for (const issue of issues) {
    const path = typeof issue.path === "string" ? issue.path.split(".") : issue.path.map(String);
    const [head, second] = path;
    if (head === "supportedDevices" || head === "supportedDevices[]") {
      if (second !== undefined && /^\d+$/.test(second)) {
        put(`supportedDevices.${filled[Number(second)] ?? 0}`, wordsOf(issue, head));
      } else {
        // The list as a whole: mark the entries that are missing (or both when none is).
        const blank = ([0, 1] as const).filter((index) => !values.supportedDevices[index].trim());
        for (const index of blank.length ? blank : ([0, 1] as const))
          put(`supportedDevices.${index}`, wordsOf(issue, head));
      }
    } else if (head && head in values) {
      put(head as AppFormField, wordsOf(issue, head));
    }
  }
  return fields;
}

/** The flags' windows as typed: each end a day and a time, or neither; an end after its start. */
const flagWindowsSchema = z
  .object({ ...windowFormFieldsOf("trending"), ...windowFormFieldsOf("slider"), ...applyAtFormField })
  .superRefine(checkWindowOrderOf("trending"))
  .superRefine(checkWindowOrderOf("slider"));

/**
 * The create rules (from the contracts, as the server runs them) over the form, and the windows'
 * as typed; the checked app carries the windows as instants of `timeZone` (the site's).
 */
export function checkAppForm(
  values: AppFormValues,
  timeZone = "UTC",
): { ok: true; app: AppInput } | { ok: false; fields: Partial<Record<AppFormField, string>> } {
  const { trendingStartsAt, trendingEndsAt, sliderStartsAt, sliderEndsAt, applyAt, ...rest } = values;
  const windows = { trendingStartsAt, trendingEndsAt, sliderStartsAt, sliderEndsAt };
  const result = createAppBody.safeParse(rest);
  const typed = flagWindowsSchema.safeParse({ ...windows, applyAt });
  if (result.success && typed.success)
    return {
      ok: true,
      app: {
        ...result.data,
        ...Object.assign({}, ...APP_FLAG_WINDOWS.map((flag) => toFlagWindowBody(windows, flag, timeZone))),
      },
    };
  const issues = [...(result.error?.issues ?? []), ...(typed.error?.issues ?? [])].map((issue) => ({
    path: issue.path,
    message: issue.message,
    ...fieldErrorOf(issue, valueAt(values, issue.path)),
  }));
  return { ok: false, fields: issuesToFields(issues, values) };
}

/** The field messages as react-hook-form keeps them (device URLs nested by position). */
export function toFieldErrors(fields: Partial<Record<AppFormField, string>>): FieldErrors<AppFormValues> {
  const errors: Record<string, unknown> = {};
  for (const [field, message] of Object.entries(fields)) {
    const error = { type: "validate", message };
    const device = /^supportedDevices\.(\d)$/.exec(field);
    if (device) {
      const list = (errors.supportedDevices ?? []) as unknown[];
      list[Number(device[1])] = error;
      errors.supportedDevices = list;
    } else {
      errors[field] = error;
    }
  }
  return errors as FieldErrors<AppFormValues>;
}

/**
 * react-hook-form resolver running the contracts' create schema, so the rules are written once; the
 * windows typed in `timeZone` (the site's).
 */
export const appFormResolver =
  (timeZone: string): Resolver<AppFormValues, unknown, AppInput> =>
  async (values) => {
    const checked = checkAppForm(values, timeZone);
    if (checked.ok) return { values: checked.app, errors: {} };
    return { values: {}, errors: toFieldErrors(checked.fields) };
  };

/** Whether a field's message is the one "fill all the fields" message (shown once, on top). */
export const isRequiredMessage = (message: string | undefined) => message === APP_MESSAGES.required;

/** Search over title, developer and type, case-insensitive. */
export function matchesSearch(app: App, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [app.title, app.developer, app.type].some((text) => text.toLowerCase().includes(needle));
}
