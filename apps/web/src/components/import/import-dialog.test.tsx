import type { ImportResult } from "@backoffice/contracts/import";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, renderAt, type ShownToast } from "@/lib/screen.testing";
import { ImportButton } from "./import-dialog";
import { importTexts as T } from "./import-texts";

/** The import dialog: file → mapping (remembered / by name) → preview with row errors → Apply → Undo toast. */

const SITE = { key: "sportbn", apiVariant: "default" as const };

const result = (fields: Partial<ImportResult> = {}): ImportResult => ({
  dryRun: true,
  key: "email",
  mapping: { "E-mail": "email", Page: "url" },
  columns: ["E-mail", "Page", "Note"],
  rows: 3,
  created: 2,
  updated: 0,
  unchanged: 1,
  errorCount: 0,
  errors: [],
  preview: [
    { row: 1, action: "create", id: null, values: { email: "a@example.com", url: "https://x.example" } },
    { row: 2, action: "unchanged", id: "e1", values: { email: "b@example.com" } },
  ],
  undoToken: null,
  ...fields,
});

/** XMLHttpRequest answering the import: each send's query kept; the dry run or apply answered by `answer`. */
class FakeXhr {
  static urls: string[] = [];
  static answer: (url: URL) => { status: number; body: unknown } = () => ({ status: 200, body: {} });
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  status = 0;
  responseText = "";
  url = "";
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  abort() {}
  send() {
    FakeXhr.urls.push(this.url);
    this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
    setTimeout(() => {
      const answer = FakeXhr.answer(new URL(this.url, "http://localhost"));
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    }, 5);
  }
}

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
  FakeXhr.urls = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

const csv = (text: string, name = "list.csv") => new File([text], name, { type: "text/csv" });

function open(settings: { mapping: Record<string, string> | null; key: string | null }) {
  const calls = fakeApi({
    "GET /sportbn/emails/import": {
      body: { status: "success", data: { fields: ["email", "url"], keys: ["email"], ...settings } },
    },
    "POST /sportbn/trash/undo": {
      body: { status: "success", message: "Import undone: 2 records put back", restored: 2, skipped: 0 },
    },
  });
  renderAt(
    "/sportbn/emails",
    <ImportButton site={SITE} kind="emails" noun="emails" lists={[["emails", "sportbn"]]} />,
  );
  return calls;
}

describe("ImportButton", () => {
  it("maps columns from the remembered mapping, previews the counts, applies and offers Undo", async () => {
    const calls = open({ mapping: { Adresse: "email" }, key: "email" });
    FakeXhr.answer = (url) =>
      url.searchParams.get("dryRun")
        ? { status: 200, body: { status: "success", message: "2 to create, 0 to update", data: result() } }
        : {
            status: 200,
            body: {
              status: "success",
              message: "Imported: 2 created, 0 updated",
              data: result({ dryRun: false, undoToken: "0b6f6f0e-0000-4000-8000-000000000001" }),
            },
          };
    await userEvent.click(screen.getByRole("button", { name: T.button }));
    const dialog = await screen.findByRole("dialog", { name: T.title("emails") });
    await waitFor(() => expect(calls.some((call) => call.path === "/sportbn/emails/import")).toBe(true));
    await userEvent.upload(
      within(dialog).getByLabelText(T.fileLabel),
      csv("Adresse,Page,Note\na@example.com,,\n"),
    );

    // Pre-filled: the remembered column, then the one named like a field's alias; Note left out.
    expect(await within(dialog).findByLabelText("Adresse")).toHaveValue("email");
    expect(within(dialog).getByLabelText("Page")).toHaveValue("url");
    expect(within(dialog).getByLabelText("Note")).toHaveValue("");
    expect(within(dialog).getByLabelText(T.keyLabel)).toHaveValue("email");

    await userEvent.click(within(dialog).getByRole("button", { name: T.preview }));
    expect(await within(dialog).findByText(T.counts(result()))).toBeInTheDocument();
    const sent = new URL(FakeXhr.urls[0]!, "http://localhost");
    expect(sent.pathname).toBe("/api/v1/sportbn/emails/import");
    expect(sent.searchParams.get("dryRun")).toBe("true");
    expect(JSON.parse(sent.searchParams.get("mapping")!)).toEqual({
      Adresse: "email",
      Page: "url",
      Note: "",
    });
    const rows = within(dialog).getByRole("table", { name: T.rowsLabel });
    expect(within(rows).getByText("a@example.com")).toBeInTheDocument();
    expect(within(rows).getByText("Unchanged")).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole("button", { name: T.apply }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(new URL(FakeXhr.urls[1]!, "http://localhost").searchParams.get("dryRun")).toBeNull();
    const done = toasts.find((toast) => toast.title === T.applied);
    expect(done?.description).toBe("Imported: 2 created, 0 updated");
    expect(done?.action?.label).toBe("Undo");
    await done?.action?.onClick();
    await waitFor(() =>
      expect(calls.find((call) => call.path === "/sportbn/trash/undo")?.body).toEqual({
        token: "0b6f6f0e-0000-4000-8000-000000000001",
      }),
    );
  });

  it("lists each row's errors with its number and field, and keeps Apply off", async () => {
    open({ mapping: null, key: null });
    FakeXhr.answer = () => ({
      status: 200,
      body: {
        status: "success",
        message: "",
        data: result({
          errorCount: 1,
          errors: [{ row: 3, field: "email", message: "email must be a valid email address" }],
        }),
      },
    });
    await userEvent.click(screen.getByRole("button", { name: T.button }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.upload(within(dialog).getByLabelText(T.fileLabel), csv("email\nnot-an-email\n"));
    expect(await within(dialog).findByLabelText("email")).toHaveValue("email");
    await userEvent.click(within(dialog).getByRole("button", { name: T.preview }));
    const errors = await within(dialog).findByRole("table", { name: T.errorsLabel });
    const cells = within(errors)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells).toEqual(["3", "email", "email must be a valid email address"]);
    expect(within(dialog).getByRole("button", { name: T.apply })).toBeDisabled();
  });

  it("says when no column is mapped to the key, and shows a refused file's reason", async () => {
    open({ mapping: null, key: null });
    FakeXhr.answer = () => ({
      status: 400,
      body: {
        status: "fail",
        message: "file is not UTF-8 text: the bytes at offset 9 are not valid UTF-8 (save it as CSV UTF-8)",
        errors: [
          {
            path: "file",
            message:
              "file is not UTF-8 text: the bytes at offset 9 are not valid UTF-8 (save it as CSV UTF-8)",
            code: "invalid",
          },
        ],
      },
    });
    await userEvent.click(screen.getByRole("button", { name: T.button }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.upload(within(dialog).getByLabelText(T.fileLabel), csv("Name,Page\nx,y\n"));
    expect(await within(dialog).findByText(T.keyNotMapped("email"))).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: T.preview })).toBeDisabled();
    await userEvent.selectOptions(within(dialog).getByLabelText("Name"), "email");
    await userEvent.click(within(dialog).getByRole("button", { name: T.preview }));
    expect(await within(dialog).findByText(/not UTF-8 text/)).toBeInTheDocument();
  });
});
