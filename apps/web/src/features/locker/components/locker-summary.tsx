import { isActiveAt, type Locker } from "@backoffice/contracts";
import { CircleCheck, CircleOff } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useWindowClock, WindowBadge } from "@/components/window/window-badge";
import type { LockerValues, LockerVariant } from "../utils/locker-texts";

/** The Active / Inactive indicator of the stored setting. */
export function StatusIndicator({ isActive }: { isActive: boolean }) {
  const Icon = isActive ? CircleCheck : CircleOff;
  return (
    <Badge
      variant={isActive ? "success" : "secondary"}
      data-slot="locker-status"
      data-active={isActive}
      className="gap-1.5 px-2.5 py-1 text-sm [&>svg]:size-4"
    >
      <Icon aria-hidden="true" />
      <span className="sr-only">Locker is </span>
      {isActive ? "Active" : "Inactive"}
    </Badge>
  );
}

/**
 * Whether the public site's locker is active now: switched on and within its window
 * (docs/PRODUCT-RULES.md#windows), read again at the window's next boundary. Without a record, the default's switch.
 */
export function useLockerActive(locker: Locker | null, saved: LockerValues): boolean {
  const now = useWindowClock(locker ? [locker] : undefined);
  return locker ? isActiveAt(locker, now) : saved.isActive;
}

/** What the public site reads now (the stored setting, not unsaved edits). */
export function LockerSummary({
  variant,
  site,
  saved,
  locker,
}: {
  variant: LockerVariant;
  site: string;
  saved: LockerValues;
  /** The stored record; null while none exists: the defaults apply until the first save. */
  locker: Locker | null;
}) {
  const stored = locker !== null;
  const active = useLockerActive(locker, saved);
  const now = useWindowClock(locker ? [locker] : undefined);
  const rows: [string, string][] =
    variant === "movies"
      ? [
          ["Site", site],
          ["Type", "JS"],
          ["Timer Duration", `${saved.seconds} seconds`],
          ["Status", active ? "Active" : "Inactive"],
        ]
      : [
          ["Locker Type", saved.type.toUpperCase()],
          ["Timer", `${saved.seconds} seconds`],
          ["Status", active ? "Active" : "Inactive"],
        ];
  return (
    <Card data-slot="locker-summary" className="h-fit gap-4">
      <CardHeader>
        <CardTitle as="h2">Current Configuration</CardTitle>
        <CardDescription>
          {stored ? "What the public site uses now." : "No setting saved yet: the defaults apply."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd
                className="text-right font-medium"
                data-slot={`summary-${label.toLowerCase().replace(/ /g, "-")}`}
              >
                {value}
              </dd>
            </div>
          ))}
        </dl>
        {locker && (
          <div className="mt-3 flex justify-end">
            <WindowBadge window={locker} now={now} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
