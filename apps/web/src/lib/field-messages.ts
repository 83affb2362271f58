import type { FieldErrorCode, FieldErrorDetail } from "@backoffice/contracts/field-errors";

/**
 * The dashboard's words for a refused field, by the contract's code (packages/contracts
 * field-errors.ts; docs/PRODUCT-RULES.md#answers-and-errors). The API's message names the field by
 * its key ("url must be an http(s) URL"), which an API client needs; beside its label the field is
 * known, so the dashboard says what to do instead. A code without words here (a rule the product
 * words itself, an unknown field, any other rule) shows the message as the contract states it.
 */
const WORDS: Partial<Record<FieldErrorCode, (limits: Omit<FieldErrorDetail, "code">) => string>> = {
  required: () => "Fill in this field.",
  too_long: ({ maximum }) =>
    maximum === undefined ? "Use fewer characters." : `Use at most ${maximum} characters.`,
  too_small: ({ minimum }) =>
    minimum === undefined ? "Enter a larger number." : `Enter ${minimum} or more.`,
  too_big: ({ maximum }) => (maximum === undefined ? "Enter a smaller number." : `Enter ${maximum} or less.`),
  not_text: () => "Enter text here.",
  not_number: () => "Enter a number.",
  not_whole_number: () => "Enter a whole number.",
  not_boolean: () => "Choose on or off.",
  invalid_type: () => "Enter a value this field takes.",
  invalid_format: () => "Check the format of this field.",
  invalid_email: () => "Enter an email address such as name@example.com.",
  invalid_url: () => "Enter a web address starting with http:// or https://",
  one_line: () => "Keep this on one line.",
  not_allowed: () => "Choose one of the options.",
  taken: () => "Already in use: enter another.",
};

/** A refused field as the dashboard shows it at the field: its code's words, else the message. */
export function fieldMessage(error: { message: string } & Partial<FieldErrorDetail>): string {
  const words = error.code && WORDS[error.code];
  return words ? words({ minimum: error.minimum, maximum: error.maximum }) : error.message;
}
