import { Loader2 } from "lucide-react";
import type * as React from "react";
import { cn } from "@/lib/utils";

/** A decorative spinner; the surrounding text says what is happening. */
export function Spinner({ className, ...props }: React.ComponentProps<"svg">) {
  return <Loader2 aria-hidden="true" className={cn("size-4 animate-spin", className)} {...props} />;
}
