import type { Webhook } from "@backoffice/contracts/integrations";
import { RotateCw } from "lucide-react";
import { ListSkeleton } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { formatDateTime } from "@/lib/format";
import { toastError, toastSuccess } from "@/lib/toast";
import { useDeliveries, useRedeliver } from "../api/integrations";

/** An endpoint's delivery log: status, attempts, answer and latency of the last 100, each with Redeliver. */
export function DeliveriesDialog({ endpoint, onClose }: { endpoint: Webhook | null; onClose: () => void }) {
  return (
    <Dialog open={endpoint !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Deliveries</DialogTitle>
          <DialogDescription className="[overflow-wrap:anywhere]">{endpoint?.url}</DialogDescription>
        </DialogHeader>
        {endpoint && <DeliveriesLog id={endpoint._id} />}
      </DialogContent>
    </Dialog>
  );
}

function DeliveriesLog({ id }: { id: string }) {
  const query = useDeliveries(id);
  const redeliver = useRedeliver();
  if (query.isPending) return <ListSkeleton rows={3} />;
  if (query.isError)
    return (
      <div className="grid justify-items-start gap-2 text-sm">
        <p>The deliveries could not load.</p>
        <Button variant="outline" onClick={() => query.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (query.data.length === 0) return <p className="text-sm text-muted-foreground">No deliveries yet.</p>;
  return (
    <div className="max-h-[60vh] overflow-y-auto">
      <table className="w-full text-sm" aria-label="Deliveries">
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th className="px-2 py-2 font-medium">Event</th>
            <th className="px-2 py-2 font-medium">Status</th>
            <th className="px-2 py-2 font-medium">Attempts</th>
            <th className="px-2 py-2 font-medium">Answer</th>
            <th className="px-2 py-2 font-medium">Sent</th>
            <th className="px-2 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {query.data.map((delivery) => (
            <tr key={delivery._id} className="border-b align-top">
              <td className="px-2 py-2 font-mono text-xs">{delivery.event}</td>
              <td className="px-2 py-2">
                <Badge
                  variant={
                    delivery.status === "failed"
                      ? "destructive"
                      : delivery.status === "delivered"
                        ? "success"
                        : "outline"
                  }
                >
                  {delivery.status === "pending" && delivery.attempts > 0 ? "retrying" : delivery.status}
                </Badge>
              </td>
              <td className="px-2 py-2">{delivery.attempts}</td>
              <td className="max-w-56 px-2 py-2 break-words">
                {delivery.responseStatus ?? "–"}
                {delivery.latencyMs !== null && ` · ${delivery.latencyMs} ms`}
                {delivery.response && (
                  <span className="block truncate text-xs text-muted-foreground">{delivery.response}</span>
                )}
              </td>
              <td className="px-2 py-2 whitespace-nowrap">
                {delivery.lastAttemptAt ? formatDateTime(delivery.lastAttemptAt) : "–"}
              </td>
              <td className="px-2 py-2">
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Redeliver ${delivery.event} ${delivery.messageId}`}
                  onClick={() =>
                    redeliver
                      .mutateAsync({ id, deliveryId: delivery._id })
                      .then(() => toastSuccess("Delivery queued again"))
                      .catch((error) => toastError("Could not redeliver", error))
                  }
                >
                  <RotateCw aria-hidden="true" />
                  Redeliver
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
