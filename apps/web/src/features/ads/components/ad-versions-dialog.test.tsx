import type { Ad, AdVersion } from "@backoffice/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ConfirmProvider } from "@/components/confirm-dialog";
import { meData, OWNER } from "@/lib/screen.testing";
import { saveSession } from "@/lib/session";
import { registerToaster } from "@/lib/toast";
import { sites } from "@/sites";
import { AdVersionsDialog } from "./ad-versions-dialog";

const ad: Ad = {
  _id: "4",
  page: "home",
  url: "https://ads.example",
  head: "<script>three()</script>",
  body: null,
  isActive: true,
  startsAt: null,
  endsAt: null,
  createdAt: "2026-11-20T10:00:00Z",
  updatedAt: "2026-11-23T10:00:00Z",
};

const version = (n: number, head: string | null, fields: Partial<AdVersion> = {}): AdVersion => ({
  _id: `h${n}`,
  version: n,
  at: `2026-11-2${n}T10:00:00Z`,
  admin: "admin@example.com",
  action: n === 1 ? "create" : "update",
  page: "home",
  url: "https://ads.example",
  head,
  body: null,
  isActive: true,
  ...fields,
});

let versions: AdVersion[];
let calls: { method: string; url: string }[];
const toasts: string[] = [];

beforeEach(() => {
  saveSession("tok", { email: "admin@example.com", role: "admin" });
  toasts.length = 0;
  const show = (title: string, options?: { description?: string }) =>
    toasts.push(`${title}: ${options?.description ?? ""}`);
  registerToaster(Object.assign(show, { success: show, error: show }) as never);
  calls = [];
  versions = [
    version(3, "<script>\n  three();\n</script>"),
    version(2, "<script>\n  two();\n</script>", { isActive: false }),
    version(1, "<script>one()</script>"),
  ];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    calls.push({ method, url });
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
    if (url.endsWith("/csrf")) return json({ csrfToken: "csrf" });
    if (method === "POST") {
      versions = [version(4, versions[1]!.head), ...versions];
      return json({ status: "success", data: ad, message: "Version 2 restored" });
    }
    return json({ status: "success", data: versions });
  });
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
});
afterEach(() => vi.unstubAllGlobals());

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The shell loads the member before a screen shows (hooks/use-access.ts).
  client.setQueryData(["auth", "me"], meData(OWNER));
  render(
    <QueryClientProvider client={client}>
      <ConfirmProvider>
        <AdVersionsDialog site={sites.apkw} ad={ad} open onClose={() => {}} />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
}

describe("ad versions", () => {
  it("compares the previous version with the newest, side by side, changes marked in text", async () => {
    renderDialog();
    const head = await screen.findByRole("region", { name: "Script head" });
    expect(screen.getByRole("combobox", { name: "Compare version" })).toHaveTextContent("Version 2");
    expect(screen.getByRole("combobox", { name: "with version" })).toHaveTextContent("Version 3");
    expect(within(head).getByText("1 line removed, 1 line added")).toBeInTheDocument();
    const removed = head.querySelector('[data-change="removed"]')!;
    const added = head.querySelector('[data-change="added"]')!;
    expect(removed).toHaveTextContent("−Removed: two();");
    expect(added).toHaveTextContent("+Added: three();");
    // Kept lines face each other unmarked; scripts stay text.
    expect(within(head).getAllByText("<script>")).toHaveLength(2);
    expect(document.querySelector("[role=dialog] script")).toBeNull();
    // The other fields that differ are listed like History's details.
    expect(screen.getByRole("region", { name: "Other fields" })).toHaveTextContent("ActiveBeforeNoAfterYes");
  });

  it("Restore version N asks first naming the version, calls its path and reports the server's message", async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(await screen.findByRole("button", { name: "Restore version 2" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Restore version 2?" });
    expect(confirm).toHaveTextContent('The ad "home" (https://ads.example)');
    await user.click(within(confirm).getByRole("button", { name: "Restore version 2" }));
    await waitFor(() => expect(toasts).toEqual(["Ad restored: Version 2 restored"]));
    expect(calls.filter((c) => c.method === "POST").map((c) => c.url)).toEqual([
      "/api/v1/apkw/ads/4/versions/2/restore",
    ]);
    // The versions load again: the restore is the newest, compared with the one before it.
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: "with version" })).toHaveTextContent("Version 4"),
    );
    expect(screen.getByRole("combobox", { name: "Compare version" })).toHaveTextContent("Version 3");
  });

  it("Cancel restores nothing; the newest version cannot be restored over itself", async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(await screen.findByRole("button", { name: "Restore version 2" }));
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await user.click(screen.getByRole("combobox", { name: "Compare version" }));
    await user.click(await screen.findByRole("option", { name: /^Version 3/ }));
    expect(screen.getByRole("button", { name: "Restore version 3" })).toBeDisabled();
    expect(screen.getByText("Version 3 is the current one.")).toBeInTheDocument();
  });

  it("with one version only, says so and shows it", async () => {
    versions = [version(1, "<script>one()</script>")];
    renderDialog();
    expect(await screen.findByText("This ad has one version")).toBeInTheDocument();
    expect(screen.getByText("<script>one()</script>").tagName).toBe("PRE");
    expect(screen.queryByRole("button", { name: /Restore/ })).toBeNull();
  });
});
