/** The texts of Manage Contacts, fixed word for word. */
export const contactMessages = {
  subtitle: "Read and answer the messages visitors send from the movies site.",
  loadError: "Connection Error",
  noEndpoint: "No working endpoint for contacts/emails.",
  deleteFailed: { title: "Error", description: "Delete failed." },
  bulkDeleteFailed: { title: "Error", description: "Bulk delete failed." },
  nothingSelected: { title: "Nothing selected", description: "Select at least one row." },
  emptyList: { title: "Empty list", description: "There are no messages to copy." },
  copyFailed: { title: "Copy failed", description: "Failed to copy." },
  copied: (n: number) => ({
    title: "Copied!",
    description: `${n === 1 ? "1 email" : `${n} emails`} copied to clipboard`,
  }),
  confirmDelete: "Delete this message?",
  // One item reads in the singular.
  confirmBulkDelete: (n: number) => `Delete ${n} selected ${n === 1 ? "message" : "messages"}?`,
  deleted: (n: number) => (n === 1 ? "Message deleted" : "Messages deleted"),
  empty: { title: "No messages found", description: "No contact messages to display" },
  noMatch: { title: "No matching messages", description: "No message matches the search or dates." },
  searchPlaceholder: "Search email, name, subject...",
  /** Marks by hand (a message answered by phone, one to read again later): each item and its toast. */
  marks: {
    read: { label: "Mark as read", done: "Marked as read" },
    unread: { label: "Mark as unread", done: "Marked as unread" },
    answered: { label: "Mark as answered", done: "Marked as answered" },
    unanswered: { label: "Mark as not answered", done: "Marked as not answered" },
  },
  marked: (n: number, done: string) =>
    `${n === 1 ? "1 message" : `${n} messages`} ${done.charAt(0).toLowerCase()}${done.slice(1)}.`,
  markFailed: { title: "Error", description: "The messages could not be marked." },
} as const;

export type MarkKind = keyof typeof contactMessages.marks;

/** What each mark sends (`PATCH /contacts`). */
export const MARK_BODIES: Record<MarkKind, { read?: boolean; answered?: boolean }> = {
  read: { read: true },
  unread: { read: false },
  answered: { answered: true },
  unanswered: { answered: false },
};

/** "Ada Lovelace", or a dash when the visitor gave no name. */
export const nameOf = (contact: { firstName: string; lastName: string }) =>
  `${contact.firstName} ${contact.lastName}`.trim() || "-";
