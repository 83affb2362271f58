import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, renderAt, type ShownToast } from "@/lib/screen.testing";
import { matchesApi, matchOf, serverOf } from "./match.testing";
import { MatchesScreen } from "./matches-screen";
import { OtherServersScreen } from "./other-servers-screen";

/** A match's stream servers, one component on Other Servers' cards and in the Edit Match dialog. */

const match = matchOf({ logos: false });
const server = serverOf;

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

const api = () =>
  fakeApi({
    "GET /sportbn/matches": matchesApi([match]),
    "GET /sportbn/other-servers/all": {
      body: { status: "success", data: [server("s1", "HD Server"), server("s2", "Elsewhere", "m2")] },
    },
    "POST /sportbn/other-servers": {
      status: 201,
      body: { status: "success", data: server("s3", "Backup"), message: "Server created successfully" },
    },
    "DELETE /sportbn/other-servers/s1": {
      body: { status: "success", message: "Server deleted successfully" },
    },
    "GET /sportbn/history/matches/m1": { body: { status: "success", data: [] } },
  });

describe("a match's servers in Edit Match", () => {
  it("lists the match's own servers, adds one and deletes one without saving the match", async () => {
    const calls = api();
    renderAt("/sportbn/matches", <MatchesScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Edit Bayern vs Hertha" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Match" });
    const servers = await within(dialog).findByRole("region", { name: "Servers of Bayern vs Hertha" });
    expect(await within(servers).findByText("HD Server")).toBeInTheDocument();
    expect(within(servers).queryByText("Elsewhere")).toBeNull();

    await userEvent.click(within(servers).getByRole("button", { name: "New Server for Bayern vs Hertha" }));
    const add = await screen.findByRole("dialog", { name: "New Server" });
    await userEvent.type(within(add).getByLabelText("Server Name"), "Backup");
    await userEvent.type(within(add).getByLabelText("Stream URL"), "https://streams.example/s3");
    await userEvent.click(within(add).getByRole("button", { name: "Save Server" }));
    expect(await within(servers).findByText("Backup")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      match_id: "m1",
      name: "Backup",
      url: "https://streams.example/s3",
      startsAt: null,
      endsAt: null,
    });

    await userEvent.click(within(servers).getByRole("button", { name: "Delete server HD Server" }));
    const confirm = await screen.findByRole("alertdialog", {
      name: "Are you sure you want to delete this server?",
    });
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(within(servers).queryByText("HD Server")).toBeNull());
    expect(toasts.map((t) => t.title)).toEqual(["Success", "Success"]);
    // The match itself was neither saved nor closed.
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
    expect(screen.getByRole("dialog", { name: "Edit Match" })).toBeInTheDocument();
  });

  it("Save Server of a valid match saves the server only: no match update, one toast, Edit Match stays open", async () => {
    const valid = matchOf();
    const calls = fakeApi({
      "GET /sportbn/matches": matchesApi([valid]),
      "GET /sportbn/other-servers/all": { body: { status: "success", data: [] } },
      "POST /sportbn/other-servers": {
        status: 201,
        body: { status: "success", data: server("s3", "Backup"), message: "Server created successfully" },
      },
      "PUT /sportbn/matches/m1": {
        body: { status: "success", data: valid, message: "Match updated successfully" },
      },
      "GET /sportbn/history/matches/m1": { body: { status: "success", data: [] } },
    });
    renderAt("/sportbn/matches", <MatchesScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Edit Bayern vs Hertha" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Match" });
    const servers = await within(dialog).findByRole("region", { name: "Servers of Bayern vs Hertha" });
    await userEvent.click(within(servers).getByRole("button", { name: "New Server for Bayern vs Hertha" }));
    const add = await screen.findByRole("dialog", { name: "New Server" });
    await userEvent.type(within(add).getByLabelText("Server Name"), "Backup");
    await userEvent.type(within(add).getByLabelText("Stream URL"), "https://streams.example/s3");
    await userEvent.click(within(add).getByRole("button", { name: "Save Server" }));
    expect(await within(servers).findByText("Backup")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "New Server" })).toBeNull());
    expect(calls.filter((c) => c.method !== "GET").map((c) => `${c.method} ${c.path}`)).toEqual([
      "POST /sportbn/other-servers",
    ]);
    expect(toasts.map((t) => t.title)).toEqual(["Success"]);
    expect(screen.getByRole("dialog", { name: "Edit Match" })).toBeInTheDocument();
    // The server's form is not inside the match's: HTML has no nested forms.
    expect(dialog.querySelector("form form")).toBeNull();
    expect(document.querySelector("form form")).toBeNull();
  });

  it("Other Servers' cards show the same list", async () => {
    api();
    renderAt("/sportbn/servers", <OtherServersScreen />);
    const servers = await screen.findByRole("region", { name: "Servers of Bayern vs Hertha" });
    expect(await within(servers).findByText("HD Server")).toBeInTheDocument();
    expect(
      within(servers).getByRole("button", { name: "New Server for Bayern vs Hertha" }),
    ).toBeInTheDocument();
  });
});
