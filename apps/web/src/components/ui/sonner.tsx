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
      // At the bottom, below every dialog (dialogs keep out of the bottom band: ui/dialog.tsx), so a
      // toast never covers a dialog's title, close button or actions; the shell's main area ends in
      // room for them on phones, so the last rows of a list can scroll above them.
      position={mobile ? "bottom-center" : "bottom-left"}
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
