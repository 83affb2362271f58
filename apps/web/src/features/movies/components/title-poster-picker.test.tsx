import type { Media } from "@backoffice/contracts/media";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderAt } from "@/lib/screen.testing";
import { movieItem } from "../utils/movie-item.testing";
import { MoviesListScreen } from "./movies-list-screen";

// The title dialog's Poster URL is an image field like an app's icon (docs/MEDIA.md, "Image fields"):
// Choose uploads an image or picks one of the movies site's library and puts its address in the
// field; a typed address still works.

const POSTER: Media = {
  _id: "m1",
  url: "http://api.example/media/aa.jpg",
  fileName: "night-poster.jpg",
  format: "jpeg",
  bytes: 204_800,
  width: 1000,
  height: 1500,
  alt: "",
  status: "ready",
  variants: [{ width: 160, height: 240, format: "webp", url: "http://api.example/media/aa-160.webp" }],
  uses: [],
  createdAt: "2026-11-20T10:00:00Z",
  updatedAt: "2026-11-20T10:00:00Z",
};
const UPLOADED: Media = { ...POSTER, _id: "m2", url: "http://api.example/media/bb.png", fileName: "new.png" };

/** XMLHttpRequest storing every upload as UPLOADED (the picker uploads with it, for its progress). */
class FakeXhr {
  static opened: string[] = [];
  upload = {};
  status = 0;
  responseText = "";
  onload?: () => void;
  open(method: string, url: string) {
    FakeXhr.opened.push(`${method} ${new URL(url, "http://x").pathname}`);
  }
  setRequestHeader() {}
  abort() {}
  send() {
    setTimeout(() => {
      this.status = 201;
      this.responseText = JSON.stringify({ status: "success", data: UPLOADED });
      this.onload?.();
    }, 10);
  }
}

afterEach(() => vi.unstubAllGlobals());

const api = () =>
  fakeApi({
    "GET /movies/catalog": { body: [movieItem("t1", "Night film")] },
    "GET /movies/history/titles/t1": { body: { status: "success", data: [] } },
    "GET /movies/media": {
      body: { status: "success", data: [POSTER], pagination: { page: 1, numberOfPages: 1 }, result: 1 },
    },
    "PATCH /movies/catalog/t1": { body: { status: "success", data: movieItem("t1", "Night film") } },
  });

async function editDialog() {
  renderAt("/movies/list", <MoviesListScreen />);
  await userEvent.click(await screen.findByRole("button", { name: "Edit Night film" }));
  return screen.findByRole("dialog", { name: "Edit Movie" });
}

const saved = async (calls: ReturnType<typeof api>, dialog: HTMLElement) => {
  await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
  await waitFor(() => expect(calls.some((call) => call.method === "PATCH")).toBe(true));
  return calls.find((call) => call.method === "PATCH")!.body;
};

describe("the title dialog's poster picker", () => {
  it("chooses a poster from the site's library: the field holds its address and Save sends it", async () => {
    const calls = api();
    const dialog = await editDialog();
    await userEvent.click(within(dialog).getByRole("button", { name: "Choose image for Poster URL" }));
    const picker = await screen.findByRole("dialog", { name: "Choose an image" });
    await userEvent.click(await within(picker).findByRole("button", { name: "Choose night-poster.jpg" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Choose an image" })).toBeNull());
    expect(within(dialog).getByLabelText("Poster URL")).toHaveValue(POSTER.url);
    expect(await saved(calls, dialog)).toMatchObject({ poster_path: POSTER.url });
  });

  it("uploads a poster from the picker, and a typed address still works", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    api();
    const dialog = await editDialog();
    await userEvent.click(within(dialog).getByRole("button", { name: "Choose image for Poster URL" }));
    const picker = await screen.findByRole("dialog", { name: "Choose an image" });
    const file = new File([new Uint8Array([1, 2, 3])], "new.png", { type: "image/png" });
    await userEvent.upload(within(picker).getByTestId("media-file-input"), file);
    await waitFor(() => expect(within(dialog).getByLabelText("Poster URL")).toHaveValue(UPLOADED.url));
    expect(FakeXhr.opened).toEqual(["POST /api/v1/movies/media"]);

    const field = within(dialog).getByLabelText("Poster URL");
    await userEvent.clear(field);
    await userEvent.type(field, "/typed-poster.jpg");
    expect(field).toHaveValue("/typed-poster.jpg");
  });
});
