import { Construction } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { Card, CardContent } from "@/components/ui/card";

/** Stands in for a screen that a later piece of work fills in, inside the shell. */
export function ScreenPlaceholder({
  title,
  description,
  siteName,
}: {
  title: string;
  description?: string;
  siteName: string;
}) {
  return (
    <div className="grid gap-6">
      <PageHeader title={title} description={description} />
      <Card className="border-dashed">
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
          <div className="flex size-12 items-center justify-center rounded-full bg-muted">
            <Construction className="size-6 text-muted-foreground" aria-hidden="true" />
          </div>
          <p className="font-medium">This screen is coming soon</p>
          <p className="max-w-md text-sm text-muted-foreground">
            {title} for {siteName} is not available yet. Use the sidebar to open another section.
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
