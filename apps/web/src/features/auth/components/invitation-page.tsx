import { ArrowLeft, CircleAlert } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { ErrorState, LoadingState } from "@/components/states";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { saveSession } from "@/lib/session";
import { toastError, toastSuccess } from "@/lib/toast";
import { useAcceptInvitation, useInvitation } from "../api/invitation";
import { AuthLayout } from "./auth-layout";
import { NewPasswordForm } from "./new-password-form";

const invitationMessages = {
  title: "Join the team",
  description: (email: string) => `Choose a password for ${email}.`,
  submit: "Set password and sign in",
  pending: "Setting up...",
  joined: "Welcome to the team",
  failed: "Could not set your password",
  loadError: { title: "Could not open the invitation", description: "Check your connection and try again." },
  closed: {
    expired: {
      title: "This invitation has expired",
      description: "Invitation links work for 72 hours. Ask an Owner of your team to send a new one.",
    },
    used: {
      title: "This invitation was already used",
      description: "Your account exists: sign in with your email and password.",
    },
    revoked: {
      title: "This invitation was revoked",
      description: "Ask an Owner of your team if you still need access.",
    },
    invalid: {
      title: "This invitation link is not valid",
      description:
        "Check that you opened the whole link from the mail, or ask an Owner of your team for a new one.",
    },
  },
  signIn: "Go to sign in",
} as const;

type Closed = keyof typeof invitationMessages.closed;

/**
 * `/invitation/{token}` (docs/PRODUCT-RULES.md#team-screen-and-invitations): the invitee chooses a
 * password and is signed in; a link that no longer works says why on its own page.
 */
export function InvitationPage({ token }: { token: string }) {
  const invitation = useInvitation(token);
  const texts = invitationMessages;
  const footer = (
    <Link
      to={paths.login}
      className="inline-flex items-center gap-1.5 underline-offset-4 hover:text-foreground hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {texts.signIn}
    </Link>
  );

  if (invitation.isPending)
    return (
      <AuthLayout title={texts.title} description="" footer={footer}>
        <LoadingState />
      </AuthLayout>
    );
  const unknown = invitation.error instanceof ApiError && invitation.error.status === 404;
  if (invitation.isError && !unknown)
    return (
      <AuthLayout title={texts.title} description="" footer={footer}>
        <ErrorState
          title={texts.loadError.title}
          description={texts.loadError.description}
          onRetry={() => invitation.refetch()}
          retrying={invitation.isFetching}
        />
      </AuthLayout>
    );
  const state = unknown ? "invalid" : invitation.data?.state;
  if (state !== "valid" || !invitation.data?.email) {
    const closed = texts.closed[(state ?? "invalid") as Closed];
    return (
      <AuthLayout title={closed.title} description={closed.description} footer={footer}>
        <CircleAlert className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
      </AuthLayout>
    );
  }
  return (
    <SetPassword
      token={token}
      email={invitation.data.email}
      footer={footer}
      onClosed={() => void invitation.refetch()}
    />
  );
}

function SetPassword({
  token,
  email,
  footer,
  onClosed,
}: {
  token: string;
  email: string;
  footer: React.ReactNode;
  /** The link closed meanwhile (used elsewhere, revoked, expired): its page says why. */
  onClosed: () => void;
}) {
  const accept = useAcceptInvitation(token);
  const navigate = useNavigate();
  const texts = invitationMessages;

  const join = async (password: string) => {
    try {
      const answer = await accept.mutateAsync(password);
      saveSession(answer.data.token, answer.data.user);
      toastSuccess(texts.joined, answer.message, "You are signed in.");
      navigate(paths.root, { replace: true });
    } catch (e) {
      if (e instanceof ApiError && (e.status === 410 || e.status === 404)) return onClosed();
      toastError(texts.failed, e);
    }
  };

  return (
    <AuthLayout title={texts.title} description={texts.description(email)} footer={footer}>
      <NewPasswordForm
        label="Choose your password"
        passwordLabel="Password"
        confirmPlaceholder="Repeat the password"
        onSubmit={join}
        pending={accept.isPending}
        pendingText={texts.pending}
      >
        {texts.submit}
      </NewPasswordForm>
    </AuthLayout>
  );
}
