import { type ReactNode, useEffect } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

export function BrandMark() {
  return (
    <div className="flex items-center gap-2 font-semibold">
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <svg viewBox="0 0 32 32" className="size-5" aria-hidden="true">
          <path d="M9 10h9a5 5 0 0 1 0 10h-5v4H9z" fill="currentColor" />
        </svg>
      </span>
      <span>Back-office</span>
    </div>
  );
}

/** The centred card of the public screens (sign-in, forgotten password). */
export function AuthLayout({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Back-office`;
  }, [title]);
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-muted/60 px-4 py-10">
      {/* The brand is the page's banner, so nothing sits outside a landmark. */}
      <header>
        <BrandMark />
      </header>
      <main className="w-full max-w-sm">
        <Card className="gap-5">
          <CardHeader className="text-center">
            <CardTitle as="h1" className="text-2xl">
              {title}
            </CardTitle>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
        {footer && <div className="mt-4 text-center text-sm text-muted-foreground">{footer}</div>}
      </main>
    </div>
  );
}

/** A form-level validation message, announced when it appears. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive"
    >
      {message}
    </p>
  );
}
