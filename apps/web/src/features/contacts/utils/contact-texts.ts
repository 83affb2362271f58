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
} as const;

/** "Ada Lovelace", or a dash when the visitor gave no name. */
export const nameOf = (contact: { firstName: string; lastName: string }) =>
  `${contact.firstName} ${contact.lastName}`.trim() || "-";
