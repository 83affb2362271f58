import type { Me } from "@backoffice/contracts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@/lib/query-client";
import { saveSession } from "@/lib/session";
import { preloadScreens, renderApp, stubConfigOnly } from "../router.testing";

/** The shell shows a member only their sites (docs/PRODUCT-RULES.md#team-and-access). */

const member = (sites: Me["sites"]): Me => ({
  email: "m@example.com",
  role: "admin",
  level: "editor",
  sites,
});

beforeAll(preloadScreens);
beforeEach(() => {
  window.localStorage.clear();
  // The member is read once per sign-in: each test starts with none known.
  queryClient.clear();
  saveSession("tok", { email: "m@example.com", role: "admin" });
});
afterEach(() => vi.unstubAllGlobals());

describe("a member of some sites", () => {
  it("finds only their sites in the switcher", async () => {
    stubConfigOnly(member(["sportbn", "movies"]));
    const user = userEvent.setup();
    renderApp("/sportbn/matches");
    await user.click(await screen.findByRole("combobox", { name: "Site" }));
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["SportBN", "Movies"]);
  });

  it("lands on their own first site from a direct URL to another site's screen", async () => {
    stubConfigOnly(member(["movies"]));
    const { path } = renderApp("/apkw/ads");
    await waitFor(() => expect(path()).toBe("/movies"));
    expect(await screen.findByTestId("sidebar-site-name")).toHaveTextContent("Movies");
  });

  it("an Owner keeps every site", async () => {
    stubConfigOnly();
    const user = userEvent.setup();
    const { path } = renderApp("/apkw/ads");
    await user.click(await screen.findByRole("combobox", { name: "Site" }));
    expect((await screen.findAllByRole("option")).map((option) => option.textContent)).toEqual([
      "APKW",
      "SportBN",
      "Movies",
    ]);
    expect(path()).toBe("/apkw/ads");
  });
});
