import { Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toastSuccess } from "@/lib/toast";

/**
 * A credential the server answers once (an API token, a webhook secret): shown here with Copy, and
 * never again once the dialog closes (the server keeps only a hash, or never lists the secret).
 */
export function ShownOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor="shown-once">{label}</Label>
        <Input
          id="shown-once"
          readOnly
          value={value}
          className="font-mono text-xs"
          onFocus={(e) => e.target.select()}
        />
        <p className="text-sm text-muted-foreground">Copy it now: it will not be shown again.</p>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="outline"
          onClick={() =>
            navigator.clipboard
              ?.writeText(value)
              .then(() => toastSuccess(`${label} copied`, "Keep it somewhere safe."))
          }
        >
          <Copy aria-hidden="true" />
          Copy
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
