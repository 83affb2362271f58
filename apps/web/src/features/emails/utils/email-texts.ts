/** The texts of Manage Emails, fixed word for word. */
export const emailMessages = {
  subtitle: "View and manage email subscriptions.",
  connected: "Connected",
  disconnected: "Disconnected",
  loadError: { title: "Connection Error", description: "Failed to connect to email API" },
  deleteFailed: { title: "Error", description: "Failed to delete email" },
  bulkDeleteFailed: { title: "Error", description: "Failed to delete selected emails" },
  deleted: "Email deleted successfully",
  copied: (email: string) => ({ title: "Copied!", description: `Email ${email} copied to clipboard` }),
  copyFailed: { title: "Copy failed", description: "Failed to copy email to clipboard" },
  confirmDelete: "Are you sure you want to delete this email?",
  // One item reads in the singular.
  confirmBulkDelete: (n: number) => `Are you sure you want to delete ${n} ${n === 1 ? "email" : "emails"}?`,
  selectedEmails: (n: number) =>
    `The ${n === 1 ? "selected email" : `${n} selected emails`} will be removed.`,
  removed: (n: number) => `${n === 1 ? "1 email was" : `${n} emails were`} removed.`,
  empty: { title: "No emails found", description: "No email subscriptions to display" },
  noMatch: { title: "No matching emails", description: "No subscription matches the search or dates." },
  searchPlaceholder: "Search by email address...",
} as const;
