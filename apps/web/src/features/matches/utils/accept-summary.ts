import type { AcceptSummary } from "../api/feed";

const matches = (n: number) => `${n} ${n === 1 ? "match" : "matches"}`;

/** The one toast of Accept selected: what was accepted, what was there already, what failed and why. */
export function acceptSummaryToast({ accepted, already, failed }: AcceptSummary): {
  title: string;
  description: string;
  variant: "success" | "destructive" | "default";
} {
  const parts = [
    ...(accepted ? [`${matches(accepted)} accepted`] : []),
    ...(already ? [`${matches(already)} already in Manage Matches`] : []),
    ...(failed.length ? [`${matches(failed.length)} not accepted (${[...new Set(failed)].join("; ")})`] : []),
  ];
  const description = `${parts.join(", ").replace(/^./, (c) => c.toUpperCase())}.`;
  if (failed.length && !accepted) return { title: "Error", description, variant: "destructive" };
  if (!accepted) return { title: "Already accepted", description, variant: "default" };
  return { title: "Matches accepted", description, variant: "success" };
}
