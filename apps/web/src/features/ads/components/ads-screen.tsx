import { Plus } from "lucide-react";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useCanWrite } from "@/hooks/use-access";
import { useCurrentSite } from "@/hooks/use-current-site";
import type { AdPage } from "@/sites";
import { adMessages } from "../utils/ad-form";
import { adPageLabel, currentAdPage } from "../utils/ad-pages";
import { AdDialog, type AdDialogState } from "./ad-dialog";
import { AdsList } from "./ads-list";

/** Manage Ads: one list per site, or per page on movies (tabs routed at /movies/ads/{page}). */
export function AdsScreen() {
  const site = useCurrentSite();
  const canWrite = useCanWrite(site.key);
  const params = useParams();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<AdDialogState | null>(null);
  const pages = site.adPages;
  const page: AdPage | null = pages ? currentAdPage(pages, params.page) : null;

  const onCreate = () => setDialog({ mode: "create", page });
  const onEdit = (ad: AdDialogState & { mode: "edit" }) => setDialog(ad);

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Manage Ads"
        description={adMessages.subtitle}
        actions={
          canWrite && (
            <Button onClick={onCreate} className="w-full sm:w-auto">
              <Plus aria-hidden="true" />
              Create New Ad
            </Button>
          )
        }
      />
      {pages && page ? (
        <Tabs value={page} onValueChange={(next) => navigate(`/${site.key}/ads/${next}`)} className="gap-4">
          <TabsList aria-label="Ad pages" className="w-full sm:w-fit">
            {pages.map((p) => (
              <TabsTrigger key={p} value={p} className="px-3 sm:px-4">
                {adPageLabel(p)}
              </TabsTrigger>
            ))}
          </TabsList>
          {pages.map((p) => (
            <TabsContent key={p} value={p}>
              {p === page && (
                <AdsList
                  site={site}
                  page={p}
                  onEdit={(ad) => onEdit({ mode: "edit", ad })}
                  onCreate={onCreate}
                />
              )}
            </TabsContent>
          ))}
        </Tabs>
      ) : (
        <AdsList site={site} page={null} onEdit={(ad) => onEdit({ mode: "edit", ad })} onCreate={onCreate} />
      )}
      <AdDialog site={site} state={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
