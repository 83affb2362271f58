import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { ConfirmProvider } from "@/components/confirm-dialog";
import type { ToastOffer } from "@/lib/toast";
import { ListBody, type ListQuery } from "./list-body";
import { useConfirmedDelete } from "./use-confirmed-delete";

const query = (state: Partial<ListQuery>): ListQuery => ({
  isPending: false,
  isError: false,
  isFetching: false,
  data: [],
  refetch: vi.fn(),
  ...state,
});

const body = (state: Partial<ListQuery>, empty: boolean) => (
  <ListBody
    query={query(state)}
    loading={<p>Loading rows</p>}
    error={{ title: "Failed to fetch rows" }}
    empty={empty ? { title: "No rows", action: <button type="button">Add Row</button> } : null}
  >
    <p>The rows</p>
  </ListBody>
);

describe("ListBody", () => {
  it("shows the loading state, then the items", () => {
    const { rerender } = render(body({ isPending: true }, false));
    expect(screen.getByText("Loading rows")).toBeTruthy();
    rerender(body({}, false));
    expect(screen.getByText("The rows")).toBeTruthy();
  });

  it("a failed first load offers Try again, which loads again", async () => {
    const refetch = vi.fn();
    render(body({ isError: true, data: undefined, refetch }, false));
    expect(screen.getByText("Failed to fetch rows")).toBeTruthy();
    expect(screen.queryByText("The rows")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it("a failed reload keeps the items on screen", () => {
    render(body({ isError: true, data: [{ _id: "a" }] }, false));
    expect(screen.getByText("The rows")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("an empty list offers the screen's main action instead of the items", () => {
    render(body({}, true));
    expect(screen.getByText("No rows")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add Row" })).toBeTruthy();
    expect(screen.queryByText("The rows")).toBeNull();
  });
});

type Row = { _id: string; name: string };
const rows: Row[] = [
  { _id: "a", name: "Alpha" },
  { _id: "b", name: "Beta" },
];

function setup(removeImpl: (ids: string[]) => Promise<string>, undo?: (answer: string) => ToastOffer) {
  const remove = { mutateAsync: vi.fn(removeImpl) };
  const selection = { forget: vi.fn() };
  const done = vi.fn();
  const failed = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => <ConfirmProvider>{children}</ConfirmProvider>;
  const { result } = renderHook(
    () =>
      useConfirmedDelete({
        remove,
        selection,
        ask: (targets: Row[]) =>
          targets.length === 1
            ? { title: `Delete ${targets[0]!.name}?` }
            : { title: `Delete ${targets.length} rows?` },
        done,
        failed,
        undo,
      }),
    { wrapper },
  );
  return { run: () => result.current, remove, selection, done, failed };
}

describe("useConfirmedDelete", () => {
  it("asks first, naming what it deletes; Cancel deletes nothing", async () => {
    const t = setup(async () => "ok");
    let outcome: Promise<boolean> = Promise.resolve(true);
    act(() => {
      outcome = t.run()(rows.slice(0, 1));
    });
    await screen.findByRole("alertdialog", { name: "Delete Alpha?" });
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(await outcome).toBe(false);
    expect(t.remove.mutateAsync).not.toHaveBeenCalled();
  });

  it("deletes on Delete, forgets the deleted ids from the selection and reports once", async () => {
    const t = setup(async () => "2 deleted");
    let outcome: Promise<boolean> = Promise.resolve(false);
    act(() => {
      outcome = t.run()(rows);
    });
    await screen.findByRole("alertdialog", { name: "Delete 2 rows?" });
    await userEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(await outcome).toBe(true);
    expect(t.remove.mutateAsync).toHaveBeenCalledWith(["a", "b"]);
    expect(t.selection.forget).toHaveBeenCalledWith(["a", "b"]);
    expect(t.done).toHaveBeenCalledWith("2 deleted", rows, undefined);
    expect(t.failed).not.toHaveBeenCalled();
  });

  it("a failed delete keeps the selection and reports the failure", async () => {
    const t = setup(async () => {
      throw new Error("offline");
    });
    let outcome: Promise<boolean> = Promise.resolve(true);
    act(() => {
      outcome = t.run()(rows);
    });
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    expect(await outcome).toBe(false);
    expect(t.selection.forget).not.toHaveBeenCalled();
    await waitFor(() => expect(t.failed).toHaveBeenCalledOnce());
    expect(t.done).not.toHaveBeenCalled();
  });

  it("gives done the Undo its toast offers for the answer", async () => {
    const offer: ToastOffer = { action: { label: "Undo", onClick: vi.fn() }, duration: 10_000 };
    const undo = vi.fn(() => offer);
    const t = setup(async () => "1 deleted", undo);
    let outcome: Promise<boolean> = Promise.resolve(false);
    act(() => {
      outcome = t.run()(rows.slice(1));
    });
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    expect(await outcome).toBe(true);
    expect(undo).toHaveBeenCalledWith("1 deleted");
    expect(t.done).toHaveBeenCalledWith("1 deleted", rows.slice(1), offer);
  });

  it("an empty selection does nothing, without asking", async () => {
    const t = setup(async () => "ok");
    expect(await t.run()([])).toBe(false);
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});
