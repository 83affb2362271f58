import type { MemberSession } from "@backoffice/contracts/sessions";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, renderAt, type ShownToast } from "@/lib/screen.testing";
import { SessionsSection } from "./sessions-section";

const laptop: MemberSession = {
  id: "aaaaaaaaaaaaaaaaaaaaaaaa",
  name: null,
  browser: "Chrome 131",
  system: "macOS",
  address: "203.0.113.7",
  startedAt: "2026-11-20T08:00:00Z",
  lastActiveAt: "2026-11-20T10:05:00Z",
  lastScreen: null,
  current: true,
};
const phone: MemberSession = {
  id: "bbbbbbbbbbbbbbbbbbbbbbbb",
  name: null,
  browser: "Safari 18",
  system: "iOS",
  address: "198.51.100.4",
  startedAt: "2026-11-19T18:30:00Z",
  lastActiveAt: "2026-11-19T21:00:00Z",
  lastScreen: null,
  current: false,
};
const tablet: MemberSession = {
  ...phone,
  id: "cccccccccccccccccccccccc",
  browser: "Firefox 133",
  system: "Android",
};
const listed = (data: MemberSession[]) => ({ body: { status: "success", data } });

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

const row = async (name: string) => within((await screen.findByRole("listitem", { name })) as HTMLElement);
const dialog = async () => within(await screen.findByRole("alertdialog"));

describe("Security: Sessions", () => {
  it("lists each session with browser, system, address, started, last active and This device", async () => {
    fakeApi({ "GET /auth/sessions": listed([laptop, phone]) });
    renderAt("/settings/security", <SessionsSection />);
    expect(screen.getByRole("heading", { level: 2, name: "Sessions" })).toBeInTheDocument();

    const mine = await row("Chrome 131 on macOS, this device");
    expect(mine.getByText("This device")).toBeInTheDocument();
    expect(mine.getByText("203.0.113.7")).toBeInTheDocument();
    expect(mine.getByText("20/11/2026 08:00")).toBeInTheDocument();
    expect(mine.getByText("20/11/2026 10:05")).toBeInTheDocument();
    // This device is signed out with Logout, not from here; it can be renamed.
    expect(mine.queryByRole("button", { name: /^Sign out/ })).toBeNull();
    expect(mine.getByRole("button", { name: "Rename Chrome 131 on macOS" })).toBeInTheDocument();

    const other = await row("Safari 18 on iOS");
    expect(other.queryByText("This device")).toBeNull();
    expect(other.getByText("198.51.100.4")).toBeInTheDocument();
    expect(other.getByRole("button", { name: "Sign out Safari 18 on iOS" })).toBeInTheDocument();
  });

  it("signs out one session after a confirmation naming the device, then says so and reloads", async () => {
    const user = userEvent.setup();
    let sessions = [laptop, phone, tablet];
    const calls = fakeApi({
      "GET /auth/sessions": () => listed(sessions),
      [`DELETE /auth/sessions/${phone.id}`]: () => {
        sessions = [laptop, tablet];
        return { body: { status: "success", message: "Session signed out" } };
      },
    });
    renderAt("/settings/security", <SessionsSection />);
    await user.click(
      (await row("Safari 18 on iOS")).getByRole("button", { name: "Sign out Safari 18 on iOS" }),
    );
    const confirm = await dialog();
    expect(confirm.getByText("Sign out Safari 18 on iOS?")).toBeInTheDocument();
    expect(confirm.getByText(/198\.51\.100\.4, last active 19\/11\/2026 21:00/)).toBeInTheDocument();

    // Cancel changes nothing.
    await user.click(confirm.getByRole("button", { name: "Cancel" }));
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);

    await user.click(
      (await row("Safari 18 on iOS")).getByRole("button", { name: "Sign out Safari 18 on iOS" }),
    );
    await user.click((await dialog()).getByRole("button", { name: "Sign out" }));
    expect(await screen.findByRole("listitem", { name: "Firefox 133 on Android" })).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole("listitem", { name: "Safari 18 on iOS" })).toBeNull());
    expect(toasts).toContainEqual(
      expect.objectContaining({
        title: "Session signed out",
        description: "Safari 18 on iOS is signed out.",
      }),
    );
  });

  it("signs out all other sessions after a confirmation, and then shows only this device", async () => {
    const user = userEvent.setup();
    let sessions = [laptop, phone, tablet];
    const calls = fakeApi({
      "GET /auth/sessions": () => listed(sessions),
      "POST /auth/sessions/sign-out-others": () => {
        sessions = [laptop];
        return { body: { status: "success", message: "Other sessions signed out", signedOut: 2 } };
      },
    });
    renderAt("/settings/security", <SessionsSection />);
    await user.click(await screen.findByRole("button", { name: "Sign out all other sessions" }));
    const confirm = await dialog();
    expect(confirm.getByText("Sign out all other sessions?")).toBeInTheDocument();
    expect(confirm.getByText("2 other sessions end now. This device stays signed in.")).toBeInTheDocument();
    await user.click(confirm.getByRole("button", { name: "Sign out all others" }));

    expect(await screen.findByText("No other sessions")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Sign out all other sessions" })).toBeNull();
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(1);
    expect(toasts).toContainEqual(
      expect.objectContaining({
        title: "Other sessions signed out",
        description: "2 sessions signed out. This device stays signed in.",
      }),
    );
  });

  it("says why a sign-out failed", async () => {
    const user = userEvent.setup();
    fakeApi({
      "GET /auth/sessions": listed([laptop, phone]),
      [`DELETE /auth/sessions/${phone.id}`]: {
        status: 404,
        body: { status: "fail", message: "Session not found" },
      },
    });
    renderAt("/settings/security", <SessionsSection />);
    await user.click(
      (await row("Safari 18 on iOS")).getByRole("button", { name: "Sign out Safari 18 on iOS" }),
    );
    await user.click((await dialog()).getByRole("button", { name: "Sign out" }));
    await vi.waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({
          title: "Could not sign out the session",
          description: "Session not found",
        }),
      ),
    );
  });

  it("tells two browsers apart: the member's device names, the browser under them, the last screen", async () => {
    fakeApi({
      "GET /auth/sessions": listed([
        { ...laptop, name: "Office laptop", lastScreen: "/movies/emails" },
        { ...tablet, name: "Kitchen tablet", lastScreen: "/apkw/ads" },
        phone,
      ]),
    });
    renderAt("/settings/security", <SessionsSection />);
    const office = await row("Office laptop, this device");
    expect(office.getByText("Chrome 131 on macOS")).toBeInTheDocument();
    expect(office.getByText("Last screen").nextSibling).toHaveTextContent("/movies/emails");
    const kitchen = await row("Kitchen tablet");
    expect(kitchen.getByText("Firefox 133 on Android")).toBeInTheDocument();
    expect(kitchen.getByText("/apkw/ads")).toBeInTheDocument();
    expect(kitchen.getByRole("button", { name: "Sign out Kitchen tablet" })).toBeInTheDocument();
    // Unnamed and never seen on a screen: its browser's name, no Last screen.
    const unnamed = await row("Safari 18 on iOS");
    expect(unnamed.queryByText("Last screen")).toBeNull();
    expect(unnamed.queryByText("Browser")).toBeNull();
  });

  it("renames a session from its row, this device too; an empty name gives it its browser's name back", async () => {
    const user = userEvent.setup();
    let sessions = [laptop, phone];
    const calls = fakeApi({
      "GET /auth/sessions": () => listed(sessions),
      [`PATCH /auth/sessions/${laptop.id}`]: ({ body }) => {
        const { name } = body as { name: string | null };
        sessions = [{ ...laptop, name }, phone];
        return { body: { status: "success", message: "Session renamed", data: sessions[0] } };
      },
    });
    renderAt("/settings/security", <SessionsSection />);
    await user.click(
      (await row("Chrome 131 on macOS, this device")).getByRole("button", {
        name: "Rename Chrome 131 on macOS",
      }),
    );
    const form = await screen.findByRole("dialog", { name: "Rename Chrome 131 on macOS" });
    const name = within(form).getByLabelText("Name");
    expect(name).toHaveValue("");
    expect(name).toHaveAttribute("maxlength", "60");
    await user.type(name, "  Office laptop ");
    await user.click(within(form).getByRole("button", { name: "Rename" }));
    expect(await row("Office laptop, this device")).toBeTruthy();
    expect(calls.filter((call) => call.method === "PATCH").map((call) => call.body)).toEqual([
      { name: "Office laptop" },
    ]);
    expect(toasts).toContainEqual(
      expect.objectContaining({ title: "Session renamed", description: "It is now called Office laptop." }),
    );

    await user.click(
      (await row("Office laptop, this device")).getByRole("button", { name: "Rename Office laptop" }),
    );
    const again = await screen.findByRole("dialog", { name: "Rename Office laptop" });
    expect(within(again).getByLabelText("Name")).toHaveValue("Office laptop");
    await user.clear(within(again).getByLabelText("Name"));
    await user.click(within(again).getByRole("button", { name: "Rename" }));
    expect(await row("Chrome 131 on macOS, this device")).toBeTruthy();
    expect(calls.filter((call) => call.method === "PATCH").at(-1)!.body).toEqual({ name: null });
  });

  it("shows a load error with Try again, which loads the list", async () => {
    const user = userEvent.setup();
    let fail = true;
    fakeApi({
      "GET /auth/sessions": () =>
        fail ? { status: 500, body: { status: "error", message: "Something went wrong" } } : listed([laptop]),
      // The page's other sections load (their own Try again stays away).
      "GET /auth/second-factor": {
        body: {
          status: "success",
          data: {
            totp: false,
            recoveryCodesLeft: 0,
            passkeys: [],
            required: false,
            setupNeeded: false,
            canRequire: false,
          },
        },
      },
    });
    renderAt("/settings/security", <SessionsSection />);
    expect(await screen.findByText("Your sessions could not be loaded")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(
      await screen.findByRole("listitem", { name: "Chrome 131 on macOS, this device" }),
    ).toBeInTheDocument();
    expect(screen.getByText("No other sessions")).toBeInTheDocument();
  });
});
