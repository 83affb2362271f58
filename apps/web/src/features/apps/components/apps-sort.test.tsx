import type { App } from "@backoffice/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, renderAt } from "@/lib/screen.testing";
import { downloadCount } from "../utils/app-sort";
import { appOf } from "./app.testing";
import { AppsScreen } from "./apps-screen";

/** Apps & Games sorts by title, rating, downloads or newest, kept in the URL with the filters. */

const app = (id: string, title: string, rating: number, download: string): App =>
  appOf({ _id: id, title, rating, download, category: "apps", type: "Tools" });
// In the server's order: newest first.
const catalogue = [
  app("3", "photo editor", 4.1, "10K+"),
  app("2", "Chess 10", 4.8, "1,000,000+"),
  app("1", "Chess 9", 3.2, "500M+"),
];

beforeEach(() => {
  captureToasts();
  fakeApi({ "GET /apkw/apps": () => ({ body: { status: "success", data: catalogue } }) });
});
afterEach(() => vi.unstubAllGlobals());

const titles = () =>
  within(screen.getByRole("list", { name: "Apps and games" }))
    .getAllByRole("heading", { level: 2 })
    .map((heading) => heading.getAttribute("title"));
const sortBy = () => screen.getByRole("combobox", { name: "Sort by" });

describe("sorting the apps", () => {
  it("newest first by default, with no parameter", async () => {
    renderAt("/apkw/apps", <AppsScreen />);
    await waitFor(() => expect(titles()).toEqual(["photo editor", "Chess 10", "Chess 9"]));
    expect(sortBy()).toHaveTextContent("Sort: Newest");
  });

  it.each([
    ["title", ["Chess 9", "Chess 10", "photo editor"], "Title (A–Z)"],
    ["rating", ["Chess 10", "photo editor", "Chess 9"], "Rating"],
    ["downloads", ["Chess 9", "Chess 10", "photo editor"], "Downloads"],
    ["nonsense", ["photo editor", "Chess 10", "Chess 9"], "Newest"],
  ])("?sort=%s orders the cards", async (sort, expected, label) => {
    renderAt(`/apkw/apps?sort=${sort}`, <AppsScreen />);
    await waitFor(() => expect(titles()).toEqual(expected));
    expect(sortBy()).toHaveTextContent(`Sort: ${label}`);
  });

  it("choosing an order puts it in the URL beside the search; Newest removes it", async () => {
    const user = userEvent.setup();
    const at = renderAt("/apkw/apps?q=chess", <AppsScreen />);
    await waitFor(() => expect(titles()).toEqual(["Chess 10", "Chess 9"]));
    await user.click(sortBy());
    await user.click(await screen.findByRole("option", { name: "Sort: Title (A–Z)" }));
    await waitFor(() => expect(at.location()).toBe("/apkw/apps?q=chess&sort=title"));
    expect(titles()).toEqual(["Chess 9", "Chess 10"]);
    await user.click(sortBy());
    await user.click(await screen.findByRole("option", { name: "Sort: Newest" }));
    await waitFor(() => expect(at.location()).toBe("/apkw/apps?q=chess"));
  });
});

describe("downloadCount", () => {
  it.each([
    ["500M+", 500e6],
    ["1,000,000+", 1e6],
    ["1.2B", 1.2e9],
    ["10 K", 10e3],
    ["50k+", 50e3],
    ["https://cdn.example/file.apk", 0],
    ["", 0],
  ])("%s is %d", (text, count) => expect(downloadCount(text)).toBe(count));
});
