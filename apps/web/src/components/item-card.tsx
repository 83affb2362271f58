import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/** A list item's card, named by its title element and outlined while selected. */
export function ItemCard({
  titleId,
  slot,
  selected,
  className,
  children,
}: {
  titleId: string;
  /** `data-slot`, for tests and styles. */
  slot: string;
  selected: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      data-slot={slot}
      data-selected={selected}
      className={cn(
        "data-[selected=true]:border-primary data-[selected=true]:ring-2 data-[selected=true]:ring-primary/30",
        className,
      )}
    >
      {children}
    </Card>
  );
}
