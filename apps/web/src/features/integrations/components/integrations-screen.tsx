import { resourceLabel, SITE_NAMES } from "@backoffice/contracts";
import type { ApiToken, Webhook } from "@backoffice/contracts/integrations";
import { KeyRound, Plus, ShieldAlert, Webhook as WebhookIcon } from "lucide-react";
import { useState } from "react";
import { useConfirm } from "@/components/confirm-dialog";
import { PageHeader } from "@/components/layout/page-header";
import { EmptyState, ErrorState, ListSkeleton } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { ApiError } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { toastError, toastSuccess } from "@/lib/toast";
import {
  useDeleteWebhook,
  useHistoryRetention,
  useRevokeToken,
  useRotateSecret,
  useSendTest,
  useSetHistoryRetention,
  useTokens,
  useUpdateWebhook,
  useWebhooks,
  type WebhookWithSecret,
} from "../api/integrations";
import { DeliveriesDialog } from "./deliveries-dialog";
import { ShownOnce } from "./shown-once";
import { TokenDialog } from "./token-dialog";
import { WebhookDialog } from "./webhook-dialog";

const sitesInWords = (sites: readonly (keyof typeof SITE_NAMES)[]) =>
  sites.map((site) => SITE_NAMES[site]).join(", ");

/**
 * Integrations (Owners, account menu; docs/INTEGRATIONS.md): API tokens for scripts and servers,
 * and webhook endpoints with their delivery logs.
 */
export function IntegrationsScreen() {
  const tokens = useTokens();
  const forbidden = tokens.error instanceof ApiError && tokens.error.status === 403;
  return (
    <div className="grid gap-8">
      <PageHeader
        title="Integrations"
        description="API tokens for scripts and servers, and webhooks that tell your sites what changed."
      />
      {forbidden ? (
        <EmptyState
          icon={ShieldAlert}
          title="Only an Owner can manage integrations"
          description="Ask an Owner of the team for a token or a webhook."
        />
      ) : (
        <>
          <TokensSection />
          <WebhooksSection />
          <HistoryRetentionSection />
        </>
      )}
    </div>
  );
}

function TokensSection() {
  const query = useTokens();
  const revoke = useRevokeToken();
  const confirm = useConfirm();
  const [creating, setCreating] = useState(false);
  const createButton = (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" />
      Create token
    </Button>
  );
  const onRevoke = async (token: ApiToken) => {
    const sure = await confirm({
      title: `Revoke the token ${token.name}?`,
      description: `${token.prefix}… stops working at once, for every script that uses it.`,
      confirmText: "Revoke",
      destructive: true,
    });
    if (!sure) return;
    try {
      const answer = await revoke.mutateAsync(token._id);
      toastSuccess(`Token ${token.name} revoked`, answer.message);
    } catch (error) {
      toastError("Could not revoke the token", error);
    }
  };
  return (
    <section className="grid gap-4" aria-labelledby="tokens-heading">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="tokens-heading" className="text-lg font-semibold">
            API tokens
          </h2>
          <p className="text-sm text-muted-foreground">
            Sent as Authorization: Bearer … on the sites' routes.
          </p>
        </div>
        {query.data && query.data.length > 0 && createButton}
      </div>
      {query.isPending ? (
        <ListSkeleton rows={2} />
      ) : query.isError ? (
        <ErrorState
          title="The tokens could not load"
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.length === 0 ? (
        <EmptyState
          icon={KeyRound}
          title="No API tokens"
          description="Create one for a script or a server that calls the API."
          action={createButton}
        />
      ) : (
        <ul className="grid gap-2" aria-label="API tokens">
          {query.data.map((token) => (
            <li
              key={token._id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3 text-sm"
            >
              <div className="grid gap-1">
                <span className="font-medium">{token.name}</span>
                <span className="font-mono text-xs text-muted-foreground">{token.prefix}…</span>
                <span className="text-muted-foreground">
                  {sitesInWords(token.sites)} · {token.access === "write" ? "Read and write" : "Read only"} ·{" "}
                  {token.expiresAt ? `Expires ${formatDateTime(token.expiresAt)}` : "Never expires"}
                </span>
                <span className="text-muted-foreground">
                  {token.resources
                    ? `Only ${token.resources.map(resourceLabel).join("; ")}`
                    : "Every resource"}
                </span>
                <span className="text-muted-foreground">
                  {token.lastUsedAt
                    ? `Last used ${formatDateTime(token.lastUsedAt)} from ${token.lastUsedAddress ?? "?"}`
                    : "Never used"}
                </span>
              </div>
              <Button variant="outline" onClick={() => onRevoke(token)} aria-label={`Revoke ${token.name}`}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <TokenDialog open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}

function WebhooksSection() {
  const query = useWebhooks();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateSecret();
  const sendTest = useSendTest();
  const confirm = useConfirm();
  const [adding, setAdding] = useState(false);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [rotated, setRotated] = useState<WebhookWithSecret | null>(null);
  const addButton = (
    <Button onClick={() => setAdding(true)}>
      <Plus aria-hidden="true" />
      Add endpoint
    </Button>
  );
  const onToggle = (endpoint: Webhook, active: boolean) =>
    update
      .mutateAsync({ id: endpoint._id, active })
      .then(() => toastSuccess(active ? "Endpoint switched on" : "Endpoint switched off"))
      .catch((error) => toastError("Could not change the endpoint", error));
  const onDelete = async (endpoint: Webhook) => {
    if (
      !(await confirm({
        title: `Delete the endpoint ${endpoint.url}?`,
        description: "Nothing more is sent there, and its delivery log goes with it.",
        confirmText: "Delete",
        destructive: true,
      }))
    )
      return;
    remove
      .mutateAsync(endpoint._id)
      .then((answer) => toastSuccess("Endpoint deleted", answer.message))
      .catch((error) => toastError("Could not delete the endpoint", error));
  };
  const onRotate = async (endpoint: Webhook) => {
    if (
      !(await confirm({
        title: `Rotate the secret of ${endpoint.url}?`,
        description: "The current secret keeps signing beside the new one for 24 hours.",
        confirmText: "Rotate",
      }))
    )
      return;
    rotate
      .mutateAsync(endpoint._id)
      .then((answer) => setRotated(answer.data))
      .catch((error) => toastError("Could not rotate the secret", error));
  };
  return (
    <section className="grid gap-4" aria-labelledby="webhooks-heading">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="webhooks-heading" className="text-lg font-semibold">
            Webhooks
          </h2>
          <p className="text-sm text-muted-foreground">
            Signed POSTs to your sites' servers when records change.
          </p>
        </div>
        {query.data && query.data.length > 0 && addButton}
      </div>
      {query.isPending ? (
        <ListSkeleton rows={2} />
      ) : query.isError ? (
        <ErrorState
          title="The webhooks could not load"
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.length === 0 ? (
        <EmptyState
          icon={WebhookIcon}
          title="No webhook endpoints"
          description="Add one to purge a CDN or rebuild a site when its records change."
          action={addButton}
        />
      ) : (
        <ul className="grid gap-2" aria-label="Webhook endpoints">
          {query.data.map((endpoint) => (
            <li key={endpoint._id} className="grid gap-3 rounded-md border p-3 text-sm">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="grid min-w-0 gap-1">
                  <span className="font-medium [overflow-wrap:anywhere]">{endpoint.url}</span>
                  <span className="text-muted-foreground">
                    {sitesInWords(endpoint.sites)} · {endpoint.events.length} event
                    {endpoint.events.length === 1 ? "" : "s"}
                  </span>
                  {endpoint.disabledReason && (
                    <Badge variant="destructive" className="w-fit">
                      {endpoint.disabledReason}
                    </Badge>
                  )}
                  {!endpoint.disabledReason && endpoint.failingSince && (
                    <Badge variant="warning" className="w-fit">
                      Failing since {formatDateTime(endpoint.failingSince)}
                    </Badge>
                  )}
                </div>
                <div className="flex items-center gap-2">
                  <Switch
                    id={`active-${endpoint._id}`}
                    checked={endpoint.active}
                    onCheckedChange={(on) => onToggle(endpoint, on)}
                    aria-label={`Active: ${endpoint.url}`}
                  />
                  <label htmlFor={`active-${endpoint._id}`}>Active</label>
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" size="sm" onClick={() => setLogOf(endpoint)}>
                  Deliveries
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    sendTest
                      .mutateAsync(endpoint._id)
                      .then(() => toastSuccess("Test event queued", undefined, "See it in the deliveries."))
                      .catch((error) => toastError("Could not send the test event", error))
                  }
                >
                  Send test event
                </Button>
                <Button variant="outline" size="sm" onClick={() => onRotate(endpoint)}>
                  Rotate secret
                </Button>
                <Button variant="outline" size="sm" onClick={() => onDelete(endpoint)}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <WebhookDialog open={adding} onClose={() => setAdding(false)} />
      <DeliveriesDialog endpoint={logOf} onClose={() => setLogOf(null)} />
      <Dialog open={rotated !== null} onOpenChange={(open) => !open && setRotated(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>New signing secret</DialogTitle>
            <DialogDescription>The former secret keeps signing beside it for 24 hours.</DialogDescription>
          </DialogHeader>
          {rotated && (
            <ShownOnce label="Signing secret" value={rotated.secret} onDone={() => setRotated(null)} />
          )}
        </DialogContent>
      </Dialog>
    </section>
  );
}

/** The retention choices: for ever (the default) or a number of days, never under the Trash's 30. */
const RETENTION_CHOICES: readonly [string, string][] = [
  ["forever", "For ever"],
  ["30", "30 days"],
  ["90", "90 days"],
  ["365", "1 year"],
  ["730", "2 years"],
  ["1825", "5 years"],
];

/** History's retention (docs/PRODUCT-RULES.md#history-trash-and-undo): older entries are removed hourly. */
function HistoryRetentionSection() {
  const query = useHistoryRetention();
  const save = useSetHistoryRetention();
  const current = query.data ? (query.data.days === null ? "forever" : String(query.data.days)) : undefined;
  const choices =
    current && !RETENTION_CHOICES.some(([value]) => value === current)
      ? [...RETENTION_CHOICES, [current, `${current} days`] as [string, string]]
      : RETENTION_CHOICES;
  const onChange = async (value: string) => {
    try {
      const answer = await save.mutateAsync(value === "forever" ? null : Number(value));
      toastSuccess(answer.message ?? "History retention saved");
    } catch (error) {
      toastError("Could not save the retention", error);
    }
  };
  return (
    <section className="grid gap-4" aria-labelledby="history-retention-heading">
      <div>
        <h2 id="history-retention-heading" className="text-lg font-semibold">
          History
        </h2>
        <p className="text-sm text-muted-foreground">
          Entries older than this are removed every hour, on every site. The chain of hashes stays verifiable
          from the oldest entry kept (npm run history -- verify).
        </p>
      </div>
      {query.isError ? (
        <ErrorState
          title="The retention could not load"
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <div className="grid max-w-xs gap-2">
          <Label htmlFor="history-retention">Keep History entries</Label>
          <Select value={current} onValueChange={onChange} disabled={!current || save.isPending}>
            <SelectTrigger id="history-retention" aria-label="Keep History entries">
              <SelectValue placeholder="Loading..." />
            </SelectTrigger>
            <SelectContent>
              {choices.map(([value, label]) => (
                <SelectItem key={value} value={value}>
                  {label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}
    </section>
  );
}
