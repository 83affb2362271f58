import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { ConfirmProvider, useConfirm } from "./confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./ui/dialog";

function EditOpener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Edit Ad</DialogTitle>
          <DialogDescription>Change the ad.</DialogDescription>
          <input aria-label="Domain URL" />
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
        </DialogContent>
      </Dialog>
    </>
  );
}

function DeleteOpener() {
  const confirm = useConfirm();
  return (
    <button type="button" onClick={() => confirm({ title: "Are you sure you want to delete this ad?" })}>
      Delete
    </button>
  );
}

describe("dialogs return focus to the control that opened them", () => {
  it("a form dialog, closed with Escape or Cancel", async () => {
    const user = userEvent.setup();
    render(<EditOpener />);
    const opener = screen.getByRole("button", { name: "Edit" });
    // A keyboard user: Tab to the opener, Enter to open.
    await user.tab();
    expect(opener).toHaveFocus();
    await user.keyboard("{Enter}");
    await waitFor(() =>
      expect(screen.getByRole("dialog")).toContainElement(document.activeElement as HTMLElement),
    );
    await user.keyboard("{Escape}");
    await waitFor(() => expect(opener).toHaveFocus());

    await user.keyboard("{Enter}");
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("a confirmation, closed with Escape or Cancel", async () => {
    const user = userEvent.setup();
    render(
      <ConfirmProvider>
        <DeleteOpener />
      </ConfirmProvider>,
    );
    const opener = screen.getByRole("button", { name: "Delete" });
    await user.tab();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("alertdialog")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(opener).toHaveFocus());

    await user.keyboard("{Enter}");
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(opener).toHaveFocus());
  });
});

/** A card's own list with its heading, like Other Servers' "Existing Servers". */
function ServerList() {
  const confirm = useConfirm();
  const [servers, setServers] = useState(["HD Server", "SD Server"]);
  const remove = async (name: string) => {
    if (await confirm({ title: "Are you sure you want to delete this server?" }))
      setTimeout(() => setServers((all) => all.filter((s) => s !== name)), 20);
  };
  return (
    <main>
      <h1>Other Servers</h1>
      <h3>Existing Servers</h3>
      {servers.length === 0 ? (
        <p>No servers yet.</p>
      ) : (
        <ul>
          {servers.map((name) => (
            <li key={name}>
              {name}
              <button type="button" onClick={() => remove(name)}>
                Delete {name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

describe("after a confirmed delete, focus stays with the list", () => {
  it("on the next item's same control, then on the list's heading once the list is gone", async () => {
    const user = userEvent.setup();
    render(
      <ConfirmProvider>
        <ServerList />
      </ConfirmProvider>,
    );
    const confirmDelete = async (name: string) => {
      screen.getByRole("button", { name: `Delete ${name}` }).focus();
      await user.keyboard("{Enter}");
      await user.click(
        within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }),
      );
    };
    await confirmDelete("HD Server");
    await waitFor(() => expect(screen.getByRole("button", { name: "Delete SD Server" })).toHaveFocus());
    await confirmDelete("SD Server");
    await waitFor(() => expect(screen.getByRole("heading", { name: "Existing Servers" })).toHaveFocus());
    expect(document.body).not.toHaveFocus();
  });
});
