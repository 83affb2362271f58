import type { App } from "@backoffice/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, configWithZone, fakeApi, renderAt } from "@/lib/screen.testing";
import { appOf } from "./app.testing";
import { AppsScreen } from "./apps-screen";

// The windows of an app's Trending and Slider flags (docs/PRODUCT-RULES.md#windows): each set flag's
// card says where its window stands, and Edit App types them in the site's time zone (Tokyo, UTC+9).
const TIME_ZONE = "Asia/Tokyo";
// 19:00 in Tokyo.
const NOW = Date.parse("2026-11-28T10:00:00.000Z");
const config = configWithZone(TIME_ZONE);
const app = (title: string, fields: Partial<App> = {}): App =>
  appOf({ _id: `id-${title.replace(/ /g, "-")}`, title, ...fields });

let toasts: ReturnType<typeof captureToasts>;
beforeEach(() => {
  toasts = captureToasts();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const cardOf = async (title: string) =>
  (await screen.findByTitle(title, { exact: true })).closest<HTMLElement>('[role="article"]')!;
const badges = (card: HTMLElement) =>
  [...card.querySelectorAll('[data-slot="window-badge"]')].map((badge) =>
    badge.textContent?.replace(` (${TIME_ZONE})`, ""),
  );

describe("the windows of an app's flags", () => {
  it("say on the card when Trending starts and until when Slider is live; an unset flag's window is not shown", async () => {
    fakeApi({
      "GET /config": config,
      "GET /apkw/apps": {
        body: {
          status: "success",
          data: [
            app("Windowed", {
              trending: true,
              trendingStartsAt: "2026-11-28T11:00:00.000Z",
              slider: true,
              sliderEndsAt: "2026-11-28T14:00:00.000Z",
            }),
            app("Unset", { trending: false, trendingEndsAt: "2026-11-28T14:00:00.000Z" }),
          ],
        },
      },
    });
    renderAt("/apkw/apps", <AppsScreen />);
    const card = await cardOf("Windowed");
    await waitFor(() =>
      expect(badges(card)).toEqual(["Trending: Starts 28/11/2026 20:00", "Slider: Live until 23:00"]),
    );
    expect(badges(await cardOf("Unset"))).toEqual([]);
  });

  it("Edit App types each flag's window in the site's time zone and sends instants", async () => {
    const calls = fakeApi({
      "GET /config": config,
      "GET /apkw/apps": { body: { status: "success", data: [app("Alpha App", { trending: true })] } },
      "PUT /apkw/apps/id-Alpha-App": { body: { status: "success", data: app("Alpha App") } },
    });
    renderAt("/apkw/apps", <AppsScreen />);
    await userEvent.click(within(await cardOf("Alpha App")).getByRole("button", { name: "Edit Alpha App" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit App" });
    expect(within(dialog).getByLabelText("Trending starts")).toHaveAccessibleDescription(
      expect.stringContaining(TIME_ZONE),
    );
    await userEvent.type(within(dialog).getByLabelText("Trending starts"), "28/11/2026");
    await userEvent.type(within(dialog).getByLabelText("Trending starts time"), "20:00");
    await userEvent.type(within(dialog).getByLabelText("Slider ends"), "29/11/2026");
    await userEvent.type(within(dialog).getByLabelText("Slider ends time"), "08:00");
    await userEvent.click(within(dialog).getByRole("button", { name: "Update App" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({
      trendingStartsAt: "2026-11-28T11:00:00.000Z",
      trendingEndsAt: null,
      sliderStartsAt: null,
      sliderEndsAt: "2026-11-28T23:00:00.000Z",
    });
  });

  it("refuses a flag's window ending before it starts at its end, and sends nothing", async () => {
    const calls = fakeApi({
      "GET /config": config,
      "GET /apkw/apps": { body: { status: "success", data: [app("Alpha App")] } },
    });
    renderAt("/apkw/apps", <AppsScreen />);
    await userEvent.click(within(await cardOf("Alpha App")).getByRole("button", { name: "Edit Alpha App" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit App" });
    await userEvent.type(within(dialog).getByLabelText("Slider starts"), "28/11/2026");
    await userEvent.type(within(dialog).getByLabelText("Slider starts time"), "20:00");
    await userEvent.type(within(dialog).getByLabelText("Slider ends"), "28/11/2026");
    await userEvent.type(within(dialog).getByLabelText("Slider ends time"), "19:00");
    await userEvent.click(within(dialog).getByRole("button", { name: "Update App" }));
    expect(await within(dialog).findByText("Choose an end after the start.")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Slider ends")).toHaveAttribute("aria-invalid", "true");
    expect(calls.filter((call) => call.method !== "GET")).toEqual([]);
  });

  it("Apply at… schedules the edit at a time in the site's time zone instead of saving it", async () => {
    const calls = fakeApi({
      "GET /config": config,
      "GET /apkw/apps": { body: { status: "success", data: [app("Alpha App")] } },
      "PUT /apkw/apps/id-Alpha-App": {
        status: 202,
        body: { status: "success", data: {}, message: "Change scheduled" },
      },
    });
    renderAt("/apkw/apps", <AppsScreen />);
    await userEvent.click(within(await cardOf("Alpha App")).getByRole("button", { name: "Edit Alpha App" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit App" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Apply at…" }));
    await userEvent.type(within(dialog).getByLabelText("Apply at"), "28/11/2026");
    await userEvent.type(within(dialog).getByLabelText("Apply at time"), "20:00");
    await userEvent.click(within(dialog).getByRole("button", { name: "Schedule change" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    const put = calls.find((call) => call.method === "PUT")!;
    expect(put.query.get("applyAt")).toBe("2026-11-28T11:00:00.000Z");
    expect(put.body).toMatchObject({ title: "Alpha App" });
    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({
          title: "Change scheduled",
          description: `Alpha App changes at 28/11/2026 20:00 (${TIME_ZONE}).`,
        }),
      ]),
    );
    expect(screen.queryByRole("dialog", { name: "Edit App" })).toBeNull();
  });
});
