import type { Ad } from "@backoffice/contracts";
import { CheckCircle2, Clock, Globe, History, Pencil, Power, PowerOff, Trash2, XCircle } from "lucide-react";
import { useState } from "react";
import { useConfirm } from "@/components/confirm-dialog";
import { IconButton } from "@/components/icon-button";
import { ShortenedText } from "@/components/shortened-text";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { WindowBadge } from "@/components/window/window-badge";
import { useCanWrite } from "@/hooks/use-access";
import { formatDateTime } from "@/lib/format";
import { toastError, toastSuccess } from "@/lib/toast";
import { useUndo } from "@/lib/undo";
import type { SiteSettings } from "@/sites";
import { useDeleteAd } from "../api/delete-ad";
import { adsKey } from "../api/get-ads";
import { useUpdateAd } from "../api/update-ad";
import { adMessages } from "../utils/ad-form";
import { AdVersionsDialog } from "./ad-versions-dialog";

export type AdCardProps = {
  ad: Ad;
  site: SiteSettings;
  onEdit: (ad: Ad) => void;
  /** The list's clock: the window's badge as of then (useWindowClock). */
  now: number;
};

/** One ad: page name, state, URL, its scripts shown as text (never run), and its actions. */
export function AdCard({ ad, site, onEdit, now }: AdCardProps) {
  const confirm = useConfirm();
  const update = useUpdateAd(site);
  const remove = useDeleteAd(site);
  const undo = useUndo(site, adsKey(site));
  const busy = update.isPending || remove.isPending;
  const [versionsOpen, setVersionsOpen] = useState(false);
  const canWrite = useCanWrite(site.key);
  const titleId = `ad-${ad._id}-title`;

  // Each ad's toggle and delete are actions of their own: one's success dismisses only its errors.
  const toggled = `ad-toggle:${ad._id}`;
  const deleted = `ad-delete:${ad._id}`;
  const onToggle = async () => {
    const next = !ad.isActive;
    try {
      await update.mutateAsync({ id: ad._id, changes: { isActive: next } });
      const said = `${adNamed(ad)} is now ${next ? "active" : "inactive"}.`;
      toastSuccess(next ? adMessages.activated : adMessages.deactivated, undefined, said, { key: toggled });
    } catch (error) {
      const still = `${adNamed(ad)} is still ${ad.isActive ? "active" : "inactive"}.`;
      toastError(adMessages.toggleFailed, error, still, toggled);
    }
  };

  const onDelete = async () => {
    const named = { title: adMessages.confirmDelete, description: adNamed(ad), confirmText: "Delete" };
    if (!(await confirm(named))) return;
    try {
      const answer = await remove.mutateAsync(ad._id);
      const offer = { ...undo(answer), key: deleted };
      toastSuccess(adMessages.deleted, answer.message, `${adNamed(ad)} was deleted.`, offer);
    } catch (error) {
      toastError(adMessages.deleteFailed, error, `${adNamed(ad)} was not deleted.`, deleted);
    }
  };

  const StateIcon = ad.isActive ? CheckCircle2 : XCircle;
  return (
    <Card
      data-slot="ad-card"
      data-active={ad.isActive}
      aria-labelledby={titleId}
      role="article"
      className="h-full gap-4 py-5"
    >
      <CardHeader className="flex items-start justify-between gap-3 px-5">
        <div className="flex min-w-0 items-center gap-2">
          <StateIcon
            role="img"
            aria-label={ad.isActive ? "Active" : "Inactive"}
            className={ad.isActive ? "size-5 shrink-0 text-success" : "size-5 shrink-0 text-muted-foreground"}
          />
          <CardTitle as="h2" id={titleId} className="min-w-0 truncate text-base">
            <ShortenedText slot="ad-page" text={ad.page} limits={site.truncation.adPageName} />
          </CardTitle>
        </div>
        <Badge variant={ad.isActive ? "success" : "secondary"} aria-hidden="true">
          {ad.isActive ? "Active" : "Inactive"}
        </Badge>
      </CardHeader>
      <CardContent className="grid gap-3 px-5">
        <WindowBadge window={ad} now={now} />
        <p className="flex min-w-0 items-center gap-2 text-sm">
          <Globe className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="sr-only">URL: </span>
          <ShortenedText
            slot="ad-url"
            className="min-w-0 font-mono text-xs break-all"
            text={ad.url}
            limits={site.truncation.adUrl}
          />
        </p>
        <dl className="grid gap-2 text-xs">
          <Script label="Script Head" text={ad.head} />
          <Script label="Script Body" text={ad.body} />
        </dl>
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <Clock className="size-3.5" aria-hidden="true" />
          <span>
            Updated: <time dateTime={ad.updatedAt}>{formatDateTime(ad.updatedAt)}</time>
          </span>
        </p>
      </CardContent>
      <CardFooter className="mt-auto flex flex-wrap gap-2 px-5">
        {canWrite && (
          <Button
            variant={ad.isActive ? "outline" : "default"}
            size="sm"
            onClick={onToggle}
            disabled={busy}
            aria-label={`${ad.isActive ? "Deactivate" : "Activate"} ad ${ad.page}`}
          >
            {update.isPending ? (
              <Spinner />
            ) : ad.isActive ? (
              <PowerOff aria-hidden="true" />
            ) : (
              <Power aria-hidden="true" />
            )}
            {ad.isActive ? "Deactivate" : "Activate"}
          </Button>
        )}
        <div className="ml-auto flex gap-1">
          <IconButton
            icon={History}
            label={`Versions of ${ad.url}`}
            tooltip="Versions"
            onClick={() => setVersionsOpen(true)}
          />
          {canWrite && (
            <>
              <IconButton
                icon={Pencil}
                label={`Edit ad ${ad.page}`}
                tooltip="Edit"
                disabled={busy}
                onClick={() => onEdit(ad)}
              />
              <IconButton
                icon={Trash2}
                label={`Delete ad ${ad.page}`}
                tooltip="Delete"
                destructive
                busy={remove.isPending}
                disabled={busy}
                onClick={onDelete}
              />
            </>
          )}
        </div>
      </CardFooter>
      <AdVersionsDialog site={site} ad={ad} open={versionsOpen} onClose={() => setVersionsOpen(false)} />
    </Card>
  );
}

/** A script as plain text: React escapes it, so nothing in it runs. */
function Script({ label, text }: { label: string; text: string | null }) {
  return (
    <div className="grid gap-1">
      <dt className="font-medium text-muted-foreground">{label}</dt>
      <dd>
        {text ? (
          <pre
            data-slot="ad-script"
            className="overflow-hidden rounded-md bg-muted px-2 py-1.5 font-mono text-[11px] whitespace-pre-wrap"
          >
            <code className="line-clamp-2 break-all">{text}</code>
          </pre>
        ) : (
          <span className="text-muted-foreground">None</span>
        )}
      </dd>
    </div>
  );
}

/** How an ad is named in confirmations and toasts: its page and URL. */
function adNamed(ad: Ad): string {
  return `The ad "${ad.page}" (${ad.url})`;
}
