import { useEffect } from "react";
import { Toaster as Sonner, type ToasterProps, toast } from "sonner";
import { useBreakpoint } from "@/hooks/use-breakpoint";
import { registerToaster } from "@/lib/toast";

/** The toast region; show toasts with `toast` from `@/lib/toast`. */
export function Toaster(props: ToasterProps) {
  useEffect(() => registerToaster(toast), []);
  const { mobile } = useBreakpoint();
  return (
    <Sonner
      // Never over a dialog's actions (bottom right) nor, on phones, over the last rows of a list
      // bottom left beside centred dialogs, top centre on small screens.
      position={mobile ? "top-center" : "bottom-left"}
      closeButton
      duration={4000}
      toastOptions={{
        classNames: {
          toast: "group !rounded-lg !border !shadow-lg !gap-2 !items-start",
          title: "!font-semibold",
          description: "!text-muted-foreground",
          error:
            "!bg-destructive !text-destructive-foreground !border-destructive [&_[data-description]]:!text-destructive-foreground",
          success: "!bg-background !text-foreground",
          closeButton: "!bg-background !text-foreground !border-border",
          // A delete's Undo: a real button's size, easy to hit on a phone.
          actionButton: "!h-8 !px-3 !text-sm !font-medium",
        },
      }}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
        } as React.CSSProperties
      }
      {...props}
    />
  );
}
