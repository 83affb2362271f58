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
import { fieldMessage } from "../../../lib/field-messages"; // relative: the unit test project has no "@" alias
import { appMessages } from "./app-messages";

/** What the Add/Edit dialog edits: text as typed, toggles as booleans, the two device URLs. */
export type AppFormValues = {
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
  };
}

export function appToForm(app: App): AppFormValues {
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

/** The create rules (from the contracts, as the server runs them) over the form. */
export function checkAppForm(
  values: AppFormValues,
): { ok: true; app: AppInput } | { ok: false; fields: Partial<Record<AppFormField, string>> } {
  const result = createAppBody.safeParse(values);
  if (result.success) return { ok: true, app: result.data };
  const issues = result.error.issues.map((issue) => ({
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

/** react-hook-form resolver running the contracts' create schema, so the rules are written once. */
export const appFormResolver: Resolver<AppFormValues, unknown, AppInput> = async (values) => {
  const checked = checkAppForm(values);
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
