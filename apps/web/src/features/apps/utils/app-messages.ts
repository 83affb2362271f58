import { APP_MESSAGES } from "@backoffice/contracts";

/** The screen's texts; the fixed ones word for word (docs/PRODUCT-RULES.md). */
export const appMessages = {
  subtitle: "Manage the apps and games of the public catalogue.",
  fetchFailed: "Failed to fetch apps",
  saveFailed: "Failed to save app",
  deleteFailed: "Failed to delete app",
  bulkDeleteFailed: "Failed to delete selected apps",
  created: APP_MESSAGES.created,
  updated: APP_MESSAGES.updated,
  deletedOne: "App deleted successfully",
  deletedMany: APP_MESSAGES.deleted,
  confirmDeleteOne: "Are you sure you want to delete this app?",
  confirmDeleteMany: "Are you sure you want to delete these apps?",
  empty: "No apps found",
  clearFilters: "Clear Filters",
  required: APP_MESSAGES.required,
  /** The contract's rating rule (APP_MESSAGES.rating) said whole beside the field, whichever part failed. */
  rating: "Enter a number between 0 and 10 in steps of 0.1.",
} as const;

/** "1 item found", "12 items found". */
export const foundText = (count: number) => `${count} ${count === 1 ? "item" : "items"} found`;
