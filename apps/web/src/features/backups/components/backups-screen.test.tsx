import type { Backup } from "@backoffice/contracts/backups";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, renderAt, type ShownToast } from "@/lib/screen.testing";
import { BackupsScreen } from "./backups-screen";

const verified: Backup = {
  id: "20261127-033000-ab12",
  createdAt: "2026-11-27T03:30:00.000Z",
  size: 5 * 1024 * 1024,
  verified: true,
  status: "ready",
  kind: "job",
  encrypted: false,
  error: null,
  offsite: "none",
  offsiteError: null,
};
const failed: Backup = {
  ...verified,
  id: "20261126-033000-cd34",
  createdAt: "2026-11-26T03:30:00.000Z",
  size: 0,
  verified: false,
  status: "failed",
  error: "The content service is unavailable",
};
const notCopied: Backup = {
  ...verified,
  id: "20261125-033000-ef56",
  createdAt: "2026-11-25T03:30:00.000Z",
  encrypted: true,
  offsite: "failed",
  offsiteError: "The off-site copy failed: connect ECONNREFUSED",
};
const preview = {
  id: verified.id,
  createdAt: verified.createdAt,
  productVersion: "0.0.0",
  databases: {
    content: { level: "0001_titles.sql", tables: { titles: 3 }, current: { titles: 4 } },
    api: { level: "0035_flag_windows.sql", tables: { users: 1, apps: 9 }, current: { users: 1, apps: 12 } },
  },
  files: { secrets: 1, media: 2 },
};

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
  vi.stubEnv("TZ", "UTC");
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe("Backups", () => {
  it("lists each backup's time, size and verified state, and restores one after the preview and the password", async () => {
    const calls = fakeApi({
      "GET /backups": {
        body: {
          status: "success",
          data: [verified, failed, notCopied, { ...verified, id: "20261124-033000-aa11", offsite: "copied" }],
        },
      },
      [`GET /backups/${verified.id}`]: { body: { status: "success", data: preview } },
      [`POST /backups/${verified.id}/restore`]: ({ body }) =>
        (body as { password: string }).password === "right-password"
          ? { body: { status: "success", message: "Restored." } }
          : {
              status: 400,
              body: {
                status: "fail",
                message: "The password is incorrect",
                errors: [{ path: "password", message: "The password is incorrect", code: "invalid" }],
              },
            },
    });
    renderAt("/settings/backups", <BackupsScreen />);
    const list = within(await screen.findByRole("list", { name: "Backups" }));
    const first = within(list.getAllByRole("listitem")[0]!);
    expect(first.getByRole("heading").textContent).toMatch(/^27\/11\/2026 \d\d:30$/);
    expect(first.getByText("Verified")).toBeInTheDocument();
    expect(first.getByText("5.0 MB")).toBeInTheDocument();
    const second = within(list.getAllByRole("listitem")[1]!);
    expect(second.getByText("Failed")).toBeInTheDocument();
    expect(second.getByText(/content service is unavailable/)).toBeInTheDocument();
    expect(second.queryByRole("button", { name: "Restore" })).toBeNull();
    // The off-site state: a failed copy says so and why; the backup is still here to restore.
    const third = within(list.getAllByRole("listitem")[2]!);
    expect(third.getByText("Not copied off-site")).toBeInTheDocument();
    expect(third.getByText(/The off-site copy failed: connect ECONNREFUSED/)).toBeInTheDocument();
    expect(third.getByRole("button", { name: "Restore" })).toBeInTheDocument();
    expect(within(list.getAllByRole("listitem")[3]!).getByText("Copied off-site")).toBeInTheDocument();
    expect(first.queryByText(/off-site/i)).toBeNull();

    await userEvent.click(first.getByRole("button", { name: "Restore" }));
    const dialog = within(await screen.findByRole("dialog", { name: /Restore the backup of 27\/11\/2026/ }));
    expect(await dialog.findByText(/10 rows in the backup replace 13 rows now/)).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText("Your password"), "wrong-password");
    await userEvent.click(dialog.getByRole("button", { name: /^Restore the backup of 27\/11\/2026/ }));
    expect(await dialog.findByText("The password is incorrect")).toBeInTheDocument();
    expect(dialog.getByLabelText("Your password")).toHaveAttribute("aria-invalid", "true");
    await userEvent.clear(dialog.getByLabelText("Your password"));
    await userEvent.type(dialog.getByLabelText("Your password"), "right-password");
    await userEvent.click(dialog.getByRole("button", { name: /^Restore the backup of 27\/11\/2026/ }));
    await vi.waitFor(() => expect(toasts.some((toast) => toast.title === "Backup restored")).toBe(true));
    expect(calls.filter((call) => call.method === "POST").at(-1)?.body).toEqual({
      password: "right-password",
    });
  });

  it("restores one kind only when one is chosen from the descriptor's kinds", async () => {
    const calls = fakeApi({
      "GET /backups": { body: { status: "success", data: [verified] } },
      [`GET /backups/${verified.id}`]: { body: { status: "success", data: preview } },
      [`POST /backups/${verified.id}/restore`]: {
        body: { status: "success", message: "Restored Apps & Games." },
      },
    });
    const user = userEvent.setup();
    renderAt("/settings/backups", <BackupsScreen />);
    await user.click(await screen.findByRole("button", { name: "Restore" }));
    const dialog = within(await screen.findByRole("dialog", { name: /Restore the backup of 27\/11\/2026/ }));
    const what = dialog.getByRole("combobox", { name: "What to restore" });
    expect(what).toHaveTextContent("Everything (replaces all the data)");
    await user.click(what);
    const options = (await screen.findAllByRole("option")).map((option) => option.textContent);
    expect(options).toEqual([
      "Everything (replaces all the data)",
      "Only Apps & Games",
      "Only Ads",
      "Only Emails",
      "Only Matches",
      "Only Servers",
    ]);
    await user.click(screen.getByRole("option", { name: "Only Apps & Games" }));
    await user.type(dialog.getByLabelText("Your password"), "right-password");
    await user.click(dialog.getByRole("button", { name: /^Restore the backup of 27\/11\/2026/ }));
    await vi.waitFor(() => expect(toasts.some((toast) => toast.title === "Backup restored")).toBe(true));
    expect(calls.filter((call) => call.method === "POST").at(-1)?.body).toEqual({
      password: "right-password",
      kind: "apps",
    });
  });
});
