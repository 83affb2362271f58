import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "@/lib/session";
import { registerToaster } from "@/lib/toast";
import { sites } from "@/sites";
import { ExportCsvButton } from "./export-csv-button";

const toasts: string[] = [];

/** An export answer streamed in the given chunks, as the server sends it. */
function csvAnswer(chunks: string[], rows: number) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="movies-contacts-2026-11-23.csv"',
      "x-export-rows": String(rows),
    },
  });
}

beforeEach(() => {
  saveSession("tok", { email: "admin@example.com", role: "admin" });
  toasts.length = 0;
  const show = (title: string, options?: { description?: string }) =>
    toasts.push(`${title}: ${options?.description ?? ""}`);
  registerToaster(Object.assign(show, { success: show, error: show }) as never);
  vi.stubGlobal(
    "URL",
    Object.assign(URL, { createObjectURL: () => "blob:export", revokeObjectURL: () => {} }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("Export CSV", () => {
  it("counts records, not line breaks: a message's own line breaks and chunks cut inside a CRLF do not add rows", async () => {
    vi.stubGlobal("fetch", async () =>
      csvAnswer(
        [
          "Email,Subject,Message\r",
          '\na@example.com,Hi,"One\r\nTwo"\r\nb@example.com,"Say ""hi""",Hello\r',
          "\n",
        ],
        2,
      ),
    );
    render(
      <ExportCsvButton
        site={sites.movies}
        path="/contacts"
        selectedIds={[]}
        noun={["message", "messages"]}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() =>
      expect(toasts).toContain("Export ready: 2 messages saved to movies-contacts-2026-11-23.csv."),
    );
  });

  it("shows the rows received so far while the file arrives, on the button and to screen readers", async () => {
    let push: (text: string) => void = () => {};
    let end: () => void = () => {};
    vi.stubGlobal("fetch", async () => {
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => controller.enqueue(encoder.encode(text));
          end = () => controller.close();
        },
      });
      return new Response(body, {
        headers: {
          "content-disposition": 'attachment; filename="apkw-emails-2026-11-25.csv"',
          "x-export-rows": "4",
        },
      });
    });
    render(<ExportCsvButton site={sites.apkw} path="/emails" selectedIds={[]} noun={["email", "emails"]} />);
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Exporting... 0%" })).toBeDisabled());
    push("Email,Page,Subscribed at\r\na@example.com,,2026-11-25T10:00:00.000Z\r\n");
    await waitFor(() => expect(screen.getByRole("button", { name: "Exporting... 25%" })).toBeDisabled());
    expect(screen.getByRole("status")).toHaveTextContent("Exporting... 25% (1 of 4 emails)");
    push("b@example.com,,2026-11-25T09:00:00.000Z\r\nc@example.com,,2026-11-25T08:00:00.000Z\r\n");
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("Exporting... 75% (3 of 4 emails)"),
    );
    push("d@example.com,,2026-11-25T07:00:00.000Z\r\n");
    end();
    await waitFor(() =>
      expect(toasts).toContain("Export ready: 4 emails saved to apkw-emails-2026-11-25.csv."),
    );
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeEnabled();
  });
});
