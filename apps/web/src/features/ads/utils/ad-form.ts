import { type Ad, adFields, type RecordWindow } from "@backoffice/contracts";
import { z } from "zod";
import {
  applyAtFormField,
  checkWindowOrder,
  emptyApplyAt,
  emptyWindowForm,
  toWindowBody,
  windowFormFields,
  windowToForm,
} from "../../../components/window/window-form"; // relative: its unit test has no "@" alias

/**
 * What the dialog edits: the contract's page rule and a required URL (the older client checked
 * presence only; the server's http(s) refusal comes back to the field). Scripts as typed.
 */
export const adFormSchema = z
  .object({
    page: adFields.page,
    url: z.string().trim().min(1, "url is required"),
    head: z.string(),
    body: z.string(),
    isActive: z.boolean(),
    // When it shows on the public site (docs/PRODUCT-RULES.md#windows), in the site's time zone.
    ...windowFormFields,
    // An edit may wait until then (docs/PRODUCT-RULES.md#scheduled-changes).
    ...applyAtFormField,
  })
  .superRefine(checkWindowOrder);
export type AdFormValues = z.infer<typeof adFormSchema>;

/** What POST /ads and PUT /ads/{id} carry: an empty script is the text "null"; the window as instants. */
export type AdPayload = {
  page: string;
  url: string;
  head: string;
  body: string;
  isActive: boolean;
} & Partial<RecordWindow>;

export const adMessages = {
  required: "Please page name and domain url are required",
  fixFields: "Fix the fields marked in the form.",
  reopen: "Close the dialog and open the ad again.",
  noneSelected: "No ad selected to update",
  created: "Ad created successfully",
  deleted: "Ad deleted successfully",
  activated: "Ad activated successfully",
  deactivated: "Ad deactivated successfully",
  confirmDelete: "Are you sure you want to delete this ad?",
  empty: "No ads created yet.",
  noneInFilter: "No ads in this window.",
  emptyHint: "Create your first ad to get started.",
  createFirst: "Create your first ad",
  subtitle: "Create and manage advertisement scripts for your website.",
  errorTitle: "Error",
  createFailed: "Failed to create",
  updateFailed: "Failed to update",
  deleteFailed: "Failed to delete",
  toggleFailed: "Failed to toggle",
} as const;

export const emptyAdForm = (page = ""): AdFormValues => ({
  page,
  url: "",
  head: "",
  body: "",
  isActive: false,
  ...emptyWindowForm(),
  ...emptyApplyAt(),
});

/** The form of an existing ad; a stored null script is an empty field; its window in `timeZone`. */
export function adToForm(ad: Ad, timeZone: string): AdFormValues {
  return {
    page: ad.page,
    url: ad.url,
    head: ad.head ?? "",
    body: ad.body ?? "",
    isActive: ad.isActive,
    ...windowToForm(ad, timeZone),
    ...emptyApplyAt(),
  };
}

/** Page and URL trimmed; scripts kept exactly as typed, an empty one sent as the text "null"; the window typed in `timeZone`. */
export function toAdPayload(values: AdFormValues, timeZone: string): AdPayload {
  const script = (text: string) => (text.trim() === "" ? "null" : text);
  return {
    page: values.page.trim(),
    url: values.url.trim(),
    head: script(values.head),
    body: script(values.body),
    isActive: values.isActive,
    ...toWindowBody(values, timeZone),
  };
}
