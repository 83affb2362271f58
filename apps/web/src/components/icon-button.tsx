import type { LucideIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

/**
 * A button that shows only an icon. `label` is what screen readers say (name the item it acts on);
 * `tooltip`, when given, shows on hover. A busy button shows a spinner in place of its icon.
 */
export function IconButton({
  icon: Icon,
  label,
  tooltip,
  destructive = false,
  busy = false,
  variant = "ghost",
  className,
  ...props
}: Omit<ComponentProps<typeof Button>, "children" | "size"> & {
  icon: LucideIcon;
  label: string;
  tooltip?: string;
  destructive?: boolean;
  busy?: boolean;
}) {
  return (
    <Button
      type="button"
      variant={variant}
      size="icon"
      aria-label={label}
      title={tooltip}
      className={cn(destructive && "text-destructive hover:text-destructive", className)}
      {...props}
    >
      {busy ? <Spinner /> : <Icon aria-hidden="true" />}
    </Button>
  );
}
