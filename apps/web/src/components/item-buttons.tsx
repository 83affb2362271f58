import { Pencil, Trash2 } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useCanWriteHere } from "@/hooks/use-access";
import { cn } from "@/lib/utils";

type ItemButtonProps = Omit<ComponentProps<typeof Button>, "children"> & {
  /** The item's name: screen readers hear "Edit {name}", so each button of a list is distinct. */
  itemName: string;
  /** Shows a spinner while this item's action runs. */
  busy?: boolean;
};

/** Edit on a list's card or row; none for a member who may not change the site (a Viewer). */
export function EditButton({ itemName, busy = false, className, ...props }: ItemButtonProps) {
  if (!useCanWriteHere()) return null;
  return (
    <Button variant="outline" size="sm" className={className} {...props}>
      {busy ? <Spinner /> : <Pencil aria-hidden="true" />}
      Edit<span className="sr-only"> {itemName}</span>
    </Button>
  );
}

/** Delete on a list's card or row (it asks for confirmation before deleting); none for a Viewer. */
export function DeleteButton({ itemName, busy = false, className, ...props }: ItemButtonProps) {
  if (!useCanWriteHere()) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      className={cn("text-destructive hover:bg-destructive/10 hover:text-destructive", className)}
      {...props}
    >
      {busy ? <Spinner /> : <Trash2 aria-hidden="true" />}
      Delete<span className="sr-only"> {itemName}</span>
    </Button>
  );
}
