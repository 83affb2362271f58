import type { App } from "@backoffice/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  captureToasts,
  fakeApi,
  type Routes,
  renderAt,
  type ShownToast,
  setWidth,
} from "@/lib/screen.testing";
import { appOf } from "./app.testing";
import { AppsScreen } from "./apps-screen";

/**
 * Apps & Games' rules: every rule of the Add App form with its message, the fields it marks and the
 * one it focuses; the empty catalogue; titles shortened on desktop; a 400 answer's messages at their
 * fields. The journey through the real server is e2e/apps.e2e.ts.
 */

const MESSAGES = {
  required: "Please fill all the fields because is required except it, key and toggles",
  keyMissing: "Please enter a key if you want to add a Locker.",
  itMissing: "Please enter an It if you want to add a Locker.",
  rating: "Enter a number between 0 and 10 in steps of 0.1.",
  // The shared schema's "icon_app must be an http(s) URL", said for people beside the field's label.
  url: "Enter a web address starting with http:// or https://",
};

const REQUIRED = [
  "Title *",
  "Type *",
  "Developer *",
  "Description *",
  "Icon URL *",
  "Background URL *",
  "Rating *",
  "Size *",
  "Downloads *",
  "Supported device 1 URL *",
  "Supported device 2 URL *",
];

const app = (title: string, fields: Partial<App> = {}): App =>
  appOf({ _id: `id-${title.replace(/ /g, "-")}`, title, ...fields });

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setWidth(1024);
});

const catalogue = (apps: App[], routes: Routes = {}) =>
  fakeApi({ "GET /apkw/apps": { body: { status: "success", data: apps } }, ...routes });
/** An app's card, found by its heading's title (the whole title, whatever is shown). */
const cardOf = async (title: string) =>
  (await screen.findByTitle(title, { exact: true })).closest<HTMLElement>('[role="article"]')!;
const form = () => screen.getByRole("dialog", { name: "Add New App" });
const field = (label: string) => within(screen.getByRole("dialog")).getByLabelText(label, { exact: true });
const submit = () => userEvent.click(within(form()).getByRole("button", { name: "Create App" }));
async function fill(label: string, text: string) {
  await userEvent.clear(field(label));
  if (text) await userEvent.type(field(label), text);
}

async function openAddApp() {
  renderAt("/apkw/apps", <AppsScreen />);
  await screen.findByText("0 items found");
  await userEvent.click(screen.getAllByRole("button", { name: "Add App" })[0]!);
  await screen.findByRole("dialog", { name: "Add New App" });
}

describe("Add App checks every rule with its message before sending", () => {
  it("nothing filled: the one required message, every required field marked, the first focused", async () => {
    const calls = catalogue([]);
    await openAddApp();
    await submit();
    expect(await within(form()).findByRole("alert")).toHaveTextContent(MESSAGES.required);
    for (const label of REQUIRED) expect(field(label), label).toHaveAttribute("aria-invalid", "true");
    expect(within(form()).getByRole("combobox", { name: "Category *" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    expect(field("It")).not.toHaveAttribute("aria-invalid", "true");
    expect(field("Title *")).toHaveFocus();
    await fill("Title *", "Sky Notes");
    expect(field("Title *")).not.toHaveAttribute("aria-invalid", "true");
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
  });

  it("rating: 0 counts as not filled; out of range or off the 0.1 step has its own message", async () => {
    catalogue([]);
    await openAddApp();
    expect(field("Rating *")).toHaveAttribute("min", "0");
    expect(field("Rating *")).toHaveAttribute("max", "10");
    expect(field("Rating *")).toHaveAttribute("step", "0.1");
    await fill("Rating *", "0");
    await submit();
    expect(await within(form()).findByRole("alert")).toHaveTextContent(MESSAGES.required);
    expect(field("Rating *")).toHaveAttribute("aria-invalid", "true");
    await fill("Rating *", "10.5");
    expect(await within(form()).findByText(MESSAGES.rating)).toBeInTheDocument();
    await fill("Rating *", "4.55");
    expect(within(form()).getByText(MESSAGES.rating)).toBeInTheDocument();
    await fill("Rating *", "4.6");
    await waitFor(() => expect(within(form()).queryByText(MESSAGES.rating)).toBeNull());
    expect(field("Rating *")).not.toHaveAttribute("aria-invalid", "true");
  });

  it("URLs must be http(s): the icon and a supported device, each at its field", async () => {
    catalogue([]);
    await openAddApp();
    await fill("Icon URL *", "ftp://files.example/icon.png");
    await fill("Supported device 2 URL *", "not a url");
    await submit();
    expect(await within(form()).findAllByText(MESSAGES.url)).toHaveLength(2);
    expect(within(form()).queryByText(/must be an http\(s\) URL/)).toBeNull();
    expect(field("Icon URL *")).toHaveAttribute("aria-invalid", "true");
    expect(field("Icon URL *")).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.url));
    expect(field("Supported device 2 URL *")).toHaveAttribute("aria-invalid", "true");
    expect(field("Supported device 2 URL *")).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.url),
    );
  });

  it("It and Key go together, each missing one named at its field", async () => {
    const calls = catalogue([]);
    await openAddApp();
    await fill("It", "locker-7");
    await submit();
    expect(await within(form()).findByText(MESSAGES.keyMissing)).toBeInTheDocument();
    expect(field("Key")).toHaveAttribute("aria-invalid", "true");
    await fill("It", "");
    await fill("Key", "k-123");
    expect(await within(form()).findByText(MESSAGES.itMissing)).toBeInTheDocument();
    expect(field("It")).toHaveAttribute("aria-invalid", "true");
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
  });
});

describe("Apps & Games", () => {
  it("an empty catalogue says No apps found and offers to add one", async () => {
    catalogue([]);
    renderAt("/apkw/apps", <AppsScreen />);
    expect(await screen.findByText("No apps found")).toBeInTheDocument();
    expect(screen.getByText("0 items found")).toBeInTheDocument();
    const empty = document.querySelector('[data-slot="empty-state"]') as HTMLElement;
    await userEvent.click(within(empty).getByRole("button", { name: "Add App" }));
    expect(await screen.findByRole("dialog", { name: "Add New App" })).toBeInTheDocument();
  });

  it.each([
    { width: 1280, racer: "Galaxy R…", chess: "Chess" },
    { width: 390, racer: "Galaxy Racer", chess: "Chess" },
  ])(
    "at $width px titles read $racer; the whole title stays in the heading",
    async ({ width, racer, chess }) => {
      setWidth(width);
      catalogue([app("Galaxy Racer"), app("Chess")]);
      renderAt("/apkw/apps", <AppsScreen />);
      const card = await cardOf("Galaxy Racer");
      expect(card.querySelector('[data-slot="app-title"]')?.textContent).toBe(racer);
      expect(within(card).getByRole("heading", { level: 2 })).toHaveAttribute("title", "Galaxy Racer");
      const short = (await cardOf("Chess")).querySelector('[data-slot="app-title"]');
      expect(short?.textContent).toBe(chess);
    },
  );

  it("a 400 answer's field messages land on the fields, and only there", async () => {
    catalogue([app("Alpha App")], {
      "PUT /apkw/apps/id-Alpha-App": {
        status: 400,
        body: {
          status: "fail",
          message: MESSAGES.keyMissing,
          errors: [{ path: "key", message: MESSAGES.keyMissing }],
        },
      },
    });
    renderAt("/apkw/apps", <AppsScreen />);
    const card = await cardOf("Alpha App");
    await userEvent.click(within(card).getByRole("button", { name: "Edit Alpha App" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit App" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Update App" }));
    expect(await within(dialog).findByText(MESSAGES.keyMissing)).toBeInTheDocument();
    expect(field("Key")).toHaveAttribute("aria-invalid", "true");
    expect(toasts).toEqual([]);
  });
});
