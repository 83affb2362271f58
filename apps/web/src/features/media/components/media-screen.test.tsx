import type { Media } from "@backoffice/contracts/media";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, renderAt, type ShownToast } from "@/lib/screen.testing";
import { MediaScreen } from "./media-screen";

/** The Media screen: empty state with Upload, per-file progress and errors, srcset, filters in the URL, delete with Undo. */

const item = (fields: Partial<Media> = {}): Media => ({
  _id: "m1",
  url: "http://api.example/media/aa.png",
  fileName: "logo.png",
  format: "png",
  bytes: 20_480,
  width: 800,
  height: 400,
  alt: "",
  status: "ready",
  variants: [
    { width: 160, height: 80, format: "webp", url: "http://api.example/media/aa-160.webp" },
    { width: 160, height: 80, format: "avif", url: "http://api.example/media/aa-160.avif" },
    { width: 480, height: 240, format: "webp", url: "http://api.example/media/aa-480.webp" },
  ],
  uses: [],
  createdAt: "2026-11-20T10:00:00Z",
  updatedAt: "2026-11-20T10:00:00Z",
  ...fields,
});
const paged = (data: Media[]) => ({
  body: { status: "success", data, pagination: { page: 1, numberOfPages: 1 }, result: data.length },
});

/** XMLHttpRequest answering each upload by its file's name: "bad.*" is refused, the rest stored. */
class FakeXhr {
  static sent: string[] = [];
  static opened: string[] = [];
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  status = 0;
  responseText = "";
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  headers: Record<string, string> = {};
  open(method: string, url: string) {
    FakeXhr.opened.push(`${method} ${new URL(url, "http://x").pathname}`);
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {}
  send(form: FormData) {
    const file = form.get("file") as File;
    FakeXhr.sent.push(file.name);
    this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
    setTimeout(() => {
      if (file.name.startsWith("bad")) {
        this.status = 415;
        this.responseText = JSON.stringify({
          status: "fail",
          message: "file must be a JPEG, PNG, WebP, AVIF or GIF image",
          errors: [
            { path: "file", message: "file must be a JPEG, PNG, WebP, AVIF or GIF image", code: "invalid" },
          ],
        });
      } else {
        this.status = 201;
        this.responseText = JSON.stringify({ status: "success", data: item({ fileName: file.name }) });
      }
      this.onload?.();
    }, 10);
  }
}

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
  FakeXhr.sent = [];
  FakeXhr.opened = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe("Media", () => {
  it("empty: offers Upload; several files upload one by one, each with its own result or error", async () => {
    let stored: Media[] = [];
    const calls = fakeApi({ "GET /apkw/media": () => paged(stored) });
    renderAt("/apkw/media", <MediaScreen />);
    expect(await screen.findByText("No images yet")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Upload" }).length).toBeGreaterThan(0);

    stored = [item({ fileName: "photo.png" })];
    const files = [new File(["a"], "photo.png", { type: "image/png" }), new File(["b"], "bad.zip")];
    await userEvent.upload(screen.getAllByTestId("media-file-input")[0]!, files, { applyAccept: false });
    const uploads = await screen.findByRole("list", { name: "Uploads" });
    await waitFor(() => expect(within(uploads).getByText("Uploaded")).toBeInTheDocument());
    expect(await within(uploads).findByRole("alert")).toHaveTextContent(
      "file must be a JPEG, PNG, WebP, AVIF or GIF image",
    );
    expect(FakeXhr.sent).toEqual(["photo.png", "bad.zip"]);
    // The list reloads with the new image.
    expect(await screen.findByRole("heading", { name: "photo.png" })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/apkw/media").length).toBeGreaterThan(1);
  });

  it("shows thumbnails from the sizes (srcset), keeps search and type in the URL, and asks the server", async () => {
    const calls = fakeApi({ "GET /apkw/media": () => paged([item({ alt: "Club logo" })]) });
    const at = renderAt("/apkw/media?type=png&q=log", <MediaScreen />);
    const image = await screen.findByRole("img", { name: "Club logo" });
    expect(image).toHaveAttribute(
      "srcset",
      "http://api.example/media/aa-160.webp 160w, http://api.example/media/aa-480.webp 480w",
    );
    expect(calls[0]!.query.get("type")).toBe("png");
    expect(calls[0]!.query.get("q")).toBe("log");
    await userEvent.clear(screen.getByRole("searchbox", { name: "Search images" }));
    await waitFor(() => expect(at.location()).toBe("/apkw/media?type=png"));
  });

  it("deletes after a confirmation naming the file, with Undo in the toast", async () => {
    const calls = fakeApi({
      "GET /apkw/media": () => paged([item()]),
      "DELETE /apkw/media/m1": {
        body: { status: "success", message: "Image deleted successfully" },
        headers: { "x-undo-token": "00000000-0000-4000-8000-000000000000" },
      },
    });
    renderAt("/apkw/media", <MediaScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Delete logo.png" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm).toHaveTextContent("Are you sure you want to delete logo.png?");
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toasts).toEqual([expect.objectContaining({ title: "Image deleted" })]));
    expect(toasts[0]!.action?.label).toBe("Undo");
    expect(calls.some((call) => call.method === "DELETE")).toBe(true);
  });

  it("shows where each image is used with links, filters by use in the URL, and names the uses before deleting", async () => {
    const uses: Media["uses"] = [
      { resource: "apps", id: "a1", name: "Subway Surfers", field: "Icon URL", search: "Subway Surfers" },
    ];
    const calls = fakeApi({
      "GET /apkw/media": () => paged([item({ uses })]),
      "DELETE /apkw/media/m1": { body: { status: "success", message: "Image deleted successfully" } },
    });
    const at = renderAt("/apkw/media?used=used", <MediaScreen />);
    const list = await screen.findByRole("list", { name: "Where logo.png is used" });
    expect(within(list).getByRole("link", { name: 'App "Subway Surfers" (Icon URL)' })).toHaveAttribute(
      "href",
      "/apkw/apps?q=Subway%20Surfers",
    );
    expect(calls[0]!.query.get("used")).toBe("used");
    await userEvent.click(screen.getByRole("combobox", { name: "Where used" }));
    await userEvent.click(await screen.findByRole("option", { name: "Not used" }));
    await waitFor(() => expect(at.location()).toBe("/apkw/media?used=unused"));

    await userEvent.click(screen.getByRole("button", { name: "Delete logo.png" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm).toHaveTextContent('It is used by App "Subway Surfers" (Icon URL).');
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(calls.some((call) => call.method === "DELETE")).toBe(true));
    expect(calls.find((call) => call.method === "DELETE")!.query.get("inUse")).toBe("delete");
  });

  it("replaces an image's file with PUT and says so", async () => {
    fakeApi({ "GET /apkw/media": () => paged([item()]) });
    renderAt("/apkw/media", <MediaScreen />);
    await screen.findByRole("heading", { name: "logo.png" });
    await userEvent.upload(screen.getByLabelText("New file for logo.png"), new File(["c"], "logo-v2.png"), {
      applyAccept: false,
    });
    await waitFor(() => expect(toasts).toEqual([expect.objectContaining({ title: "Image replaced" })]));
    expect(FakeXhr.opened).toEqual(["PUT /api/v1/apkw/media/m1/file"]);
  });
});
