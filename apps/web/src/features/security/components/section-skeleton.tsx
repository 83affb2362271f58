import { Skeleton } from "@/components/ui/skeleton";

/**
 * A Security section while it loads, the size of what it usually shows once loaded: `lines` of
 * small text and a button, so the cards below keep their place (docs/PRODUCT-RULES.md#performance-goals).
 */
export function SectionSkeleton({ lines = 1 }: { lines?: number }) {
  return (
    <div className="grid gap-3" aria-hidden="true">
      <div className="grid gap-1">
        {Array.from({ length: lines }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder lines
          <Skeleton key={i} className="h-5 w-full max-w-xl" />
        ))}
      </div>
      <Skeleton className="h-9 w-56" />
    </div>
  );
}
