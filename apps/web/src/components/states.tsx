import type { LucideIcon } from "lucide-react";
import { AlertTriangle, Inbox, RotateCw } from "lucide-react";
import type * as React from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

export type EmptyStateProps = {
  title: string;
  description?: string;
  icon?: LucideIcon;
  /** A call to action, e.g. the apps screen's Clear Filters button. */
  action?: React.ReactNode;
  className?: string;
};

/** What a list shows when it has nothing to show. */
export function EmptyState({ title, description, icon: Icon = Inbox, action, className }: EmptyStateProps) {
  return (
    <div
      data-slot="empty-state"
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center",
        className,
      )}
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-muted">
        <Icon className="size-6 text-muted-foreground" aria-hidden="true" />
      </div>
      <div className="space-y-1">
        <p className="font-semibold">{title}</p>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {action}
    </div>
  );
}

/** A list that could not load: what failed, and Try again (which is busy while it retries). */
export function ErrorState({
  title,
  description,
  icon = AlertTriangle,
  onRetry,
  retrying,
}: {
  title: string;
  description?: string;
  icon?: LucideIcon;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={description}
      className="border-destructive/40"
      action={
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          {retrying ? <Spinner /> : <RotateCw aria-hidden="true" />}
          Try again
        </Button>
      }
    />
  );
}

/** A busy indicator with a text, announced politely to screen readers. */
export function LoadingState({ label = "Loading...", className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn("flex items-center justify-center gap-2 py-12 text-sm text-muted-foreground", className)}
    >
      <Spinner />
      <span>{label}</span>
    </div>
  );
}

/** Placeholder rows while a list loads. */
export function ListSkeleton({ rows = 4, className }: { rows?: number; className?: string }) {
  return (
    <div className={cn("space-y-3", className)} aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
        <Skeleton key={i} className="h-16 w-full" />
      ))}
    </div>
  );
}

/** A whole page that could not be shown (no shell around it): Try again reloads the page. */
export function ReloadPageState({ title }: { title: string }) {
  return (
    <main className="grid min-h-dvh place-items-center p-6">
      <ErrorState
        title={title}
        description="Check your connection, then try again."
        onRetry={() => window.location.reload()}
        retrying={false}
      />
    </main>
  );
}
