import { type Match, type OtherServer, SPORT_LABELS } from "@backoffice/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { z } from "zod";
import { useConfirm } from "@/components/confirm-dialog";
import { applyServerErrors, Form, fieldOf, useDialogForm } from "@/components/form";
import {
  type DialogFormProps,
  type DialogProps,
  FormDialog,
  FormDialogFooter,
} from "@/components/form-dialog";
import { IconButton } from "@/components/icon-button";
import { ImageWithFallback } from "@/components/image-with-fallback";
import { PageHeader } from "@/components/layout/page-header";
import { CardGrid, ClearFiltersButton, ListBody } from "@/components/list/list-body";
import { useUrlFilters } from "@/components/list/url-filters";
import { ListSkeleton } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { useCurrentSite } from "@/hooks/use-current-site";
import { useErrorToast } from "@/hooks/use-error-toast";
import { toastError, toastSuccess } from "@/lib/toast";
import { useUndo } from "@/lib/undo";
import type { SiteSettings } from "@/sites";
import { useMatches } from "../api/matches";
import { serversKey, useCreateServer, useDeleteServer, useServers } from "../api/servers";
import { filterMatches, matchFiltersOf } from "../utils/match-form";
import { STATUS_BADGE } from "./match-card";
import { MatchFilters } from "./match-filters";
import { SportIcon } from "./sport-icon";

/** The texts of Other Servers, fixed word for word. */
const texts = {
  subtitle: "Manage additional servers for match streaming.",
  loadFailed: { title: "Error", description: "Failed to fetch matches" },
  created: "Server created successfully",
  confirmDelete: "Are you sure you want to delete this server?",
  required: "Please fill in all fields",
  empty: { title: "No matches found", description: "Try adjusting your search or filter criteria." },
  noMatches: "Servers belong to matches: add a match in Manage Matches first.",
  count: (n: number) => `${n} ${n === 1 ? "match" : "matches"}`,
} as const;

/** Other Servers (sportbn): the extra stream servers of each match. */
export function OtherServersScreen() {
  const site = useCurrentSite();
  const matches = useMatches(site);
  const servers = useServers(site);
  const [adding, setAdding] = useState<Match | null>(null);
  const failed = matches.isError ? matches : servers;
  useErrorToast(failed, (error) => toastError(texts.loadFailed.title, error, texts.loadFailed.description));

  const url = useUrlFilters(["q", "sport", "status", "league"] as const, "q");
  const { search, sport, status } = matchFiltersOf((key) => (key === "league" ? "" : url.get(key)));
  const visible = filterMatches(matches.data ?? [], { search, sport, status, league: "" });

  return (
    <div className="grid gap-6">
      <PageHeader title="Other Servers" description={texts.subtitle} />
      <Card className="gap-3">
        <CardContent className="grid gap-3">
          <h2 className="text-sm font-semibold">Search &amp; Filter</h2>
          <MatchFilters get={url.get} set={url.set} />
          <p role="status" className="text-sm text-muted-foreground">
            {matches.isPending ? "Loading matches..." : texts.count(visible.length)}
          </p>
        </CardContent>
      </Card>
      <ListBody
        query={{
          isPending: matches.isPending || servers.isPending,
          // Either list missing makes the screen unusable; a failed reload of one keeps what is shown.
          isError: (matches.isError && !matches.data) || (servers.isError && !servers.data),
          data: undefined,
          isFetching: matches.isFetching || servers.isFetching,
          refetch: () => Promise.all([matches.refetch(), servers.refetch()]),
        }}
        loading={<ListSkeleton rows={3} />}
        error={{ title: texts.loadFailed.description }}
        empty={
          visible.length > 0
            ? null
            : url.any
              ? { ...texts.empty, action: <ClearFiltersButton onClick={url.clear} /> }
              : {
                  title: texts.empty.title,
                  description: texts.noMatches,
                  action: (
                    <Button asChild>
                      <Link to={`/${site.key}/matches`}>
                        <Plus aria-hidden="true" />
                        Go to Manage Matches
                      </Link>
                    </Button>
                  ),
                }
        }
      >
        <CardGrid label="Matches" items={visible} className="md:grid-cols-2 xl:grid-cols-3">
          {(match) => (
            <ServersCard
              site={site}
              match={match}
              servers={(servers.data ?? []).filter((s) => s.match_id === match._id)}
              onAdd={() => setAdding(match)}
            />
          )}
        </CardGrid>
      </ListBody>
      <NewServerDialog site={site} match={adding} onClose={() => setAdding(null)} />
    </div>
  );
}

function ServersCard({
  site,
  match,
  servers,
  onAdd,
}: {
  site: SiteSettings;
  match: Match;
  servers: OtherServer[];
  onAdd: () => void;
}) {
  const confirm = useConfirm();
  const remove = useDeleteServer(site);
  const undo = useUndo(site, serversKey(site));
  const title = `${match.homeTeam.name} vs ${match.awayTeam.name}`;
  const onDelete = async (server: OtherServer) => {
    if (
      !(await confirm({
        title: texts.confirmDelete,
        description: `${server.name} (${server.url})`,
        confirmText: "Delete",
      }))
    )
      return;
    try {
      const answer = await remove.mutateAsync(server._id);
      const offer = { ...undo(answer), key: "server-delete" };
      toastSuccess("Success", answer.message, `${server.name} was removed.`, offer);
    } catch (error) {
      toastError("Error", error, undefined, "server-delete");
    }
  };
  const team = (side: Match["homeTeam"]) => (
    <div className="flex min-w-0 items-center gap-2">
      <ImageWithFallback
        src={side.logo}
        alt=""
        className="size-7 shrink-0 rounded-full border object-cover"
      />
      <span className="truncate font-medium">{side.name}</span>
      {side.score !== null && side.score !== undefined && (
        <span className="ml-auto font-semibold tabular-nums">{side.score}</span>
      )}
    </div>
  );
  return (
    <Card role="article" aria-label={title} data-slot="servers-card" className="gap-3 px-4 py-4">
      <div className="flex items-center gap-2">
        <SportIcon sport={match.type} decorative className="text-muted-foreground" />
        <Badge variant="outline">{SPORT_LABELS[match.type]}</Badge>
        <Badge className={STATUS_BADGE[match.status]}>{match.status}</Badge>
      </div>
      <h2 className="truncate text-sm text-muted-foreground">{match.league.name}</h2>
      {team(match.homeTeam)}
      {team(match.awayTeam)}
      <p className="text-xs text-muted-foreground">
        {match.date} · {match.time}
      </p>
      {/* One shrinkable column (grid-cols-1): a long URL's width never widens the card. */}
      <div className="grid grid-cols-1 gap-2 border-t pt-3">
        <h3 className="text-sm font-semibold">Existing Servers</h3>
        {servers.length === 0 ? (
          <p className="text-sm text-muted-foreground">No servers yet.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-2" aria-label={`Servers of ${title}`}>
            {servers.map((server) => (
              <li key={server._id} className="flex items-center gap-2 rounded-md border px-2 py-1.5 text-sm">
                <div className="min-w-0 flex-1">
                  <p className="font-medium [overflow-wrap:anywhere]">{server.name}</p>
                  <p className="font-mono text-xs break-all text-muted-foreground">{server.url}</p>
                </div>
                <IconButton
                  icon={Trash2}
                  label={`Delete server ${server.name}`}
                  destructive
                  disabled={remove.isPending}
                  onClick={() => onDelete(server)}
                />
              </li>
            ))}
          </ul>
        )}
        <Button variant="outline" size="sm" onClick={onAdd} aria-label={`New Server for ${title}`}>
          <Plus aria-hidden="true" />
          New Server
        </Button>
      </div>
    </Card>
  );
}

const serverFormSchema = z.object({
  name: z.string().trim().min(1, texts.required),
  url: z.string().trim().min(1, texts.required),
});
type ServerFormValues = z.infer<typeof serverFormSchema>;
const ServerField = fieldOf<ServerFormValues>();

function NewServerDialog({ site, match, onClose }: DialogProps<{ match: Match | null }>) {
  return (
    <FormDialog
      value={match}
      formKey={(match) => match._id}
      title="New Server"
      description={match ? `An extra stream for ${match.homeTeam.name} vs ${match.awayTeam.name}.` : ""}
      onClose={onClose}
    >
      {(match, dialog) => <ServerForm site={site} match={match} {...dialog} />}
    </FormDialog>
  );
}

function ServerForm({ site, match, onDone, reportDirty }: DialogFormProps<{ match: Match }>) {
  const form = useDialogForm<ServerFormValues>(
    { resolver: zodResolver(serverFormSchema), defaultValues: { name: "", url: "" } },
    reportDirty,
  );
  const create = useCreateServer(site);
  const onSubmit = async (values: ServerFormValues) => {
    try {
      const answer = await create.mutateAsync({ match_id: match._id, ...values });
      toastSuccess(
        "Success",
        answer.message,
        `${values.name} streams ${match.homeTeam.name} vs ${match.awayTeam.name}.`,
        { key: "server-create" },
      );
      onDone();
    } catch (error) {
      // An error with a field is said there only.
      if (applyServerErrors(form, error)) return;
      toastError("Error", error, undefined, "server-create");
    }
  };
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="New server" className="grid gap-4">
      <ServerField name="name" label="Server Name">
        <Input autoComplete="off" placeholder="e.g. HD Server" />
      </ServerField>
      <ServerField name="url" label="Stream URL">
        <Input type="url" inputMode="url" placeholder="https://" />
      </ServerField>
      <FormDialogFooter submit="Save Server" busy={form.formState.isSubmitting} />
    </Form>
  );
}
