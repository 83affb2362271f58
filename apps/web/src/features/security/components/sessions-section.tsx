import { type MemberSession, SESSION_NAME_MAX } from "@backoffice/contracts/sessions";
import { LogOut, Monitor, MonitorSmartphone, Pencil, Smartphone } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { useConfirm } from "@/components/confirm-dialog";
import { applyServerErrors, contractResolver, Field, Form } from "@/components/form";
import { FormDialog, FormDialogFooter } from "@/components/form-dialog";
import { EmptyState, ErrorState, ListSkeleton } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/format";
import { toastError, toastSuccess } from "@/lib/toast";
import { useRenameSession, useSessions, useSignOutOthers, useSignOutSession } from "../api/sessions";

/** "Chrome 131 on macOS": what the browser and system are. */
const browserOf = (session: MemberSession) => `${session.browser} on ${session.system}`;
/** How a session is named on screen, in confirmations and toasts: the member's name for it, else its browser. */
const deviceName = (session: MemberSession) => session.name ?? browserOf(session);

/** The rename form: empty gives the session its browser's name back. */
const nameForm = z.object({
  name: z.string().trim().max(SESSION_NAME_MAX, `name must be at most ${SESSION_NAME_MAX} characters`),
});
type NameInput = z.input<typeof nameForm>;
type NameValues = z.output<typeof nameForm>;

function RenameForm({ session, onDone }: { session: MemberSession; onDone: () => void }) {
  const rename = useRenameSession();
  const form = useForm<NameInput, unknown, NameValues>({
    resolver: contractResolver(nameForm),
    defaultValues: { name: session.name ?? "" },
  });
  const save = async ({ name }: NameValues) => {
    try {
      const answer = await rename.mutateAsync({ id: session.id, name: name || null });
      toastSuccess("Session renamed", `It is now called ${deviceName(answer.data)}.`);
      onDone();
    } catch (error) {
      if (!applyServerErrors(form, error)) toastError("Could not rename the session", error);
    }
  };
  return (
    <Form form={form} onSubmit={save} aria-label="Rename" className="grid gap-4">
      <Field<NameInput>
        name="name"
        label="Name"
        hint={`What you call this browser, e.g. Office laptop. Empty: ${browserOf(session)}.`}
      >
        <Input autoComplete="off" maxLength={SESSION_NAME_MAX} />
      </Field>
      <FormDialogFooter submit="Rename" />
    </Form>
  );
}

const MOBILE_SYSTEMS = new Set(["iOS", "Android"]);

/**
 * Sessions (docs/PRODUCT-RULES.md#sessions): where the member is signed in, this device first
 * marked; sign out one other session, or all others, each after a confirmation naming it.
 */
export function SessionsSection() {
  const query = useSessions();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOthers();
  const confirm = useConfirm();
  const [renaming, setRenaming] = useState<MemberSession | null>(null);

  const others = query.data?.filter((session) => !session.current) ?? [];

  const onSignOut = async (session: MemberSession) => {
    const name = deviceName(session);
    const confirmed = await confirm({
      title: `Sign out ${name}?`,
      description: `The session from ${session.address ?? "an unknown address"}, last active ${formatDateTime(session.lastActiveAt)}, ends now and will have to sign in again.`,
      confirmText: "Sign out",
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await signOut.mutateAsync(session.id);
      toastSuccess("Session signed out", `${name} is signed out.`);
    } catch (error) {
      toastError("Could not sign out the session", error, "Please try again.");
    }
  };

  const onSignOutOthers = async () => {
    const confirmed = await confirm({
      title: "Sign out all other sessions?",
      description: `${others.length === 1 ? "1 other session ends" : `${others.length} other sessions end`} now. This device stays signed in.`,
      confirmText: "Sign out all others",
      destructive: true,
    });
    if (!confirmed) return;
    try {
      const answer = await signOutOthers.mutateAsync();
      toastSuccess(
        "Other sessions signed out",
        `${answer.signedOut === 1 ? "1 session" : `${answer.signedOut} sessions`} signed out. This device stays signed in.`,
      );
    } catch (error) {
      toastError("Could not sign out the other sessions", error, "Please try again.");
    }
  };

  let body: React.ReactNode;
  if (query.isPending) body = <ListSkeleton rows={2} />;
  else if (query.isError && !query.data)
    body = (
      <ErrorState
        title="Your sessions could not be loaded"
        description="Check your connection and try again."
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  else
    body = (
      <div className="grid gap-3">
        <ul className="grid gap-3" aria-label="Sessions">
          {query.data.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              busy={signOut.isPending && signOut.variables === session.id}
              onSignOut={() => onSignOut(session)}
              onRename={() => setRenaming(session)}
            />
          ))}
        </ul>
        {others.length === 0 && (
          <EmptyState
            icon={MonitorSmartphone}
            title="No other sessions"
            description="Only this device is signed in. Sessions on other devices show here."
          />
        )}
      </div>
    );

  return (
    <Card aria-labelledby="sessions-title">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle id="sessions-title" role="heading" aria-level={2}>
            Sessions
          </CardTitle>
          <CardDescription>
            Where your account is signed in. Sign out any session you don't recognise.
          </CardDescription>
        </div>
        {others.length > 0 && (
          <Button
            variant="outline"
            className="w-full sm:w-auto"
            disabled={signOutOthers.isPending}
            onClick={onSignOutOthers}
          >
            {signOutOthers.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
            Sign out all other sessions
          </Button>
        )}
      </CardHeader>
      <CardContent>{body}</CardContent>
      <FormDialog
        value={renaming}
        title={renaming ? `Rename ${deviceName(renaming)}` : "Rename"}
        description="A name tells your sessions apart in this list."
        onClose={() => setRenaming(null)}
      >
        {(session) => <RenameForm session={session} onDone={() => setRenaming(null)} />}
      </FormDialog>
    </Card>
  );
}

function SessionRow({
  session,
  busy,
  onSignOut,
  onRename,
}: {
  session: MemberSession;
  busy: boolean;
  onSignOut: () => void;
  onRename: () => void;
}) {
  const name = deviceName(session);
  const Icon = MOBILE_SYSTEMS.has(session.system) ? Smartphone : Monitor;
  return (
    <li
      aria-label={session.current ? `${name}, this device` : name}
      className="flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 items-start gap-3">
        <div className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted">
          <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
        </div>
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium [overflow-wrap:anywhere]">{name}</span>
            {session.current && <Badge variant="success">This device</Badge>}
          </div>
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            {session.name && (
              <div className="flex gap-1">
                <dt>Browser</dt>
                <dd className="text-foreground">{browserOf(session)}</dd>
              </div>
            )}
            <div className="flex gap-1">
              <dt>Address</dt>
              <dd className="[overflow-wrap:anywhere] text-foreground">{session.address ?? "Unknown"}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Started</dt>
              <dd className="text-foreground">
                <time dateTime={session.startedAt}>{formatDateTime(session.startedAt)}</time>
              </dd>
            </div>
            <div className="flex gap-1">
              <dt>Last active</dt>
              <dd className="text-foreground">
                <time dateTime={session.lastActiveAt}>{formatDateTime(session.lastActiveAt)}</time>
              </dd>
            </div>
            {session.lastScreen && (
              <div className="flex gap-1">
                <dt>Last screen</dt>
                <dd className="[overflow-wrap:anywhere] text-foreground">{session.lastScreen}</dd>
              </div>
            )}
          </dl>
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          size="sm"
          variant="outline"
          className="w-full sm:w-auto"
          onClick={onRename}
          aria-label={`Rename ${name}`}
        >
          <Pencil aria-hidden="true" />
          Rename
        </Button>
        {!session.current && (
          <Button
            size="sm"
            variant="outline"
            className="w-full sm:w-auto"
            disabled={busy}
            onClick={onSignOut}
            aria-label={`Sign out ${name}`}
          >
            {busy ? <Spinner /> : <LogOut aria-hidden="true" />}
            Sign out
          </Button>
        )}
      </div>
    </li>
  );
}
