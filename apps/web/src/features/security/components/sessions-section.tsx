import type { MemberSession } from "@backoffice/contracts/sessions";
import { LogOut, Monitor, MonitorSmartphone, Smartphone } from "lucide-react";
import { useConfirm } from "@/components/confirm-dialog";
import { EmptyState, ErrorState, ListSkeleton } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/format";
import { toastError, toastSuccess } from "@/lib/toast";
import { useSessions, useSignOutOthers, useSignOutSession } from "../api/sessions";

/** "Chrome 131 on macOS": how a session is named on screen, in confirmations and toasts. */
const deviceName = (session: MemberSession) => `${session.browser} on ${session.system}`;

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
    </Card>
  );
}

function SessionRow({
  session,
  busy,
  onSignOut,
}: {
  session: MemberSession;
  busy: boolean;
  onSignOut: () => void;
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
            <span className="font-medium">{name}</span>
            {session.current && <Badge variant="success">This device</Badge>}
          </div>
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
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
          </dl>
        </div>
      </div>
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
    </li>
  );
}
