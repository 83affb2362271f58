import type { Locker } from "@backoffice/contracts";
import { RotateCcw, Save } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/lib/toast";
import type { SiteSettings } from "@/sites";
import { useSaveLocker } from "../api/save-locker";
import {
  LOCKER_DEFAULTS,
  type LockerType,
  type LockerValues,
  type LockerVariant,
  lockerTexts,
  SECONDS_RANGE,
  secondsFromInput,
} from "../utils/locker-texts";
import { LockerSummary } from "./locker-summary";

export type LockerFormProps = {
  site: SiteSettings;
  variant: LockerVariant;
  locker: Locker | null;
  /** The stored values (or the defaults when there is no record). */
  saved: LockerValues;
};

/** The settings form and the summary beside it. */
export function LockerForm({ site, variant, locker, saved }: LockerFormProps) {
  const texts = lockerTexts[variant];
  const types = site.lockerTypes ?? ["js"];
  const [type, setType] = useState<LockerType>(saved.type);
  // The input's own text; what is not a number is saved as 0 (spec §5).
  const [secondsText, setSecondsText] = useState(String(saved.seconds));
  const [isActive, setIsActive] = useState(saved.isActive);
  const save = useSaveLocker(site);
  const typeId = useId();
  const switchId = useId();

  const values: LockerValues = { type, seconds: secondsFromInput(secondsText), isActive };
  const dirty =
    !locker ||
    values.type !== saved.type ||
    values.seconds !== saved.seconds ||
    values.isActive !== saved.isActive ||
    secondsText !== String(saved.seconds);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const stored = await save.mutateAsync({ id: locker?._id ?? null, values });
      toast({ ...texts.saved(stored), variant: "success" });
    } catch (error) {
      toast({
        title: texts.saveFailed,
        description: (error instanceof Error && error.message) || texts.unknownError,
        variant: "destructive",
      });
    }
  };

  const onReset = () => {
    setSecondsText(String(LOCKER_DEFAULTS.seconds));
    setIsActive(LOCKER_DEFAULTS.isActive);
    toast({ ...texts.reset, variant: "default" });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <Card className="gap-4">
        <CardHeader>
          <CardTitle as="h2">Locker Settings</CardTitle>
          <CardDescription>
            {variant === "movies"
              ? "The movies site's locker always runs in the browser (JS)."
              : "Choose how the locker runs and how long visitors wait."}
          </CardDescription>
        </CardHeader>
        <form onSubmit={onSubmit} noValidate aria-label="Locker settings" className="grid gap-6">
          <CardContent className="grid gap-5">
            {types.length > 1 && (
              <div className="grid gap-2">
                <Label htmlFor={typeId}>Locker Type</Label>
                <Select value={type} onValueChange={(next) => setType(next as LockerType)}>
                  <SelectTrigger id={typeId} className="w-full sm:w-60">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {types.map((t) => (
                      <SelectItem key={t} value={t}>
                        {t.toUpperCase()}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            )}
            <FormField label="Timer (seconds)" hint="Range: 1-300 seconds" className="sm:max-w-60">
              <Input
                type="number"
                inputMode="numeric"
                min={SECONDS_RANGE.min}
                max={SECONDS_RANGE.max}
                step={1}
                value={secondsText}
                onChange={(e) => setSecondsText(e.target.value)}
              />
            </FormField>
            <div className="flex items-center gap-3">
              <Switch
                id={switchId}
                checked={isActive}
                onCheckedChange={setIsActive}
                aria-describedby={`${switchId}-state`}
              />
              <Label htmlFor={switchId}>Locker status</Label>
              <span
                id={`${switchId}-state`}
                data-slot="locker-switch-state"
                className="text-sm text-muted-foreground"
              >
                {isActive ? "Enabled" : "Disabled"}
              </span>
            </div>
          </CardContent>
          <CardFooter className="flex flex-col-reverse items-stretch gap-3 border-t pt-6 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {dirty && locker ? "Unsaved changes" : ""}
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button variant="outline" onClick={onReset} disabled={save.isPending}>
                <RotateCcw aria-hidden="true" />
                Reset to Defaults
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? <Spinner /> : <Save aria-hidden="true" />}
                Save Settings
              </Button>
            </div>
          </CardFooter>
        </form>
      </Card>
      <LockerSummary variant={variant} site={site.key} saved={saved} stored={locker !== null} />
    </div>
  );
}
