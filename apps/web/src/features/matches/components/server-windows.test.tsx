import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, configWithZone, fakeApi, renderAt } from "@/lib/screen.testing";
import { matchesApi, matchOf, serverOf } from "./match.testing";
import { OtherServersScreen } from "./other-servers-screen";

// Stream servers' windows on Other Servers (docs/PRODUCT-RULES.md#windows): each server says where its
// window stands, the Window filter (in the URL) keeps the servers in it, and Edit Server changes a
// window typed in the site's time zone (New York, UTC-5 in November).
const TIME_ZONE = "America/New_York";
// 05:00 in New York.
const NOW = Date.parse("2026-11-28T10:00:00.000Z");

const SERVERS = [
  { ...serverOf("s1", "Kick-off stream"), startsAt: "2026-11-29T01:00:00.000Z" },
  { ...serverOf("s2", "Morning stream"), endsAt: "2026-11-28T12:00:00.000Z" },
  { ...serverOf("s3", "Old stream"), endsAt: "2026-11-28T09:00:00.000Z" },
  serverOf("s4", "Main stream"),
];

beforeEach(() => {
  captureToasts();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const api = (routes = {}) =>
  fakeApi({
    "GET /config": configWithZone(TIME_ZONE),
    "GET /sportbn/matches": matchesApi([matchOf()]),
    "GET /sportbn/other-servers/all": { body: { status: "success", data: SERVERS } },
    ...routes,
  });
const servers = () => screen.findByRole("region", { name: "Servers of Bayern vs Hertha" });
const names = async () =>
  within(await servers())
    .queryAllByRole("listitem")
    .map((item) => item.querySelector("p")?.textContent);

describe("stream servers' windows on Other Servers", () => {
  it("say when they start, until when they are live, or that they ended, and filter by Window in the URL", async () => {
    api();
    const { location } = renderAt("/sportbn/servers", <OtherServersScreen />);
    const list = await servers();
    await waitFor(() => expect(within(list).getByText("Starts 28/11/2026 20:00")).toBeInTheDocument());
    expect(within(list).getByText("Live until 07:00")).toBeInTheDocument();
    expect(within(list).getByText("Ended")).toBeInTheDocument();
    expect(await names()).toHaveLength(4);
    await userEvent.click(screen.getByRole("combobox", { name: "Window" }));
    await userEvent.click(await screen.findByRole("option", { name: "Active" }));
    await waitFor(() => expect(location()).toBe("/sportbn/servers?window=active"));
    expect(await names()).toEqual(["Morning stream", "Main stream"]);
  });

  it("Edit Server shows the window in the site's time zone and saves the one typed as instants", async () => {
    const calls = api({
      "PUT /sportbn/other-servers/s1": {
        body: { status: "success", message: "Server updated successfully", data: SERVERS[0] },
      },
    });
    renderAt("/sportbn/servers", <OtherServersScreen />);
    await userEvent.click(
      within(await servers()).getByRole("button", { name: "Edit server Kick-off stream" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Edit Server" });
    expect(within(dialog).getByLabelText("Starts")).toHaveValue("28/11/2026");
    expect(within(dialog).getByLabelText("Starts time")).toHaveValue("20:00");
    await userEvent.type(within(dialog).getByLabelText("Ends"), "28/11/2026");
    await userEvent.type(within(dialog).getByLabelText("Ends time"), "22:45");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Server" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({
      name: "Kick-off stream",
      url: "https://streams.example/s1",
      startsAt: "2026-11-29T01:00:00.000Z",
      endsAt: "2026-11-29T03:45:00.000Z",
    });
  });

  it("Edit Server's Apply at… sends the change with ?applyAt= and leaves the list as it is", async () => {
    const calls = api({
      "PUT /sportbn/other-servers/s4": {
        status: 202,
        body: {
          status: "success",
          message: "Change scheduled",
          data: { _id: "change-1", status: "pending" },
        },
      },
    });
    renderAt("/sportbn/servers", <OtherServersScreen />);
    await userEvent.click(within(await servers()).getByRole("button", { name: "Edit server Main stream" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Server" });
    await userEvent.clear(within(dialog).getByLabelText("Server Name"));
    await userEvent.type(within(dialog).getByLabelText("Server Name"), "Final stream");
    await userEvent.click(within(dialog).getByRole("button", { name: "Apply at…" }));
    await userEvent.type(within(dialog).getByLabelText("Apply at"), "28/11/2026");
    await userEvent.type(within(dialog).getByLabelText("Apply at time"), "19:30");
    await userEvent.click(within(dialog).getByRole("button", { name: "Schedule change" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    const put = calls.find((call) => call.method === "PUT")!;
    expect(put.query.get("applyAt")).toBe("2026-11-29T00:30:00.000Z");
    // Only what changed: the Schedule lists the fields the change sets.
    expect(put.body).toEqual({ name: "Final stream" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await names()).toContain("Main stream");
  });
});
