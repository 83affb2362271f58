import { zodResolver } from "@hookform/resolvers/zod";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ConfirmProvider } from "@/components/confirm-dialog";
import { Form, fieldOf, useDialogForm } from "@/components/form";
import { type DialogFormProps, FormDialog, FormDialogFooter } from "@/components/form-dialog";
import { sites } from "@/sites";

type Item = { _id: string; name: string };
const schema = z.object({ name: z.string().min(1, "Name is required") });
const NameField = fieldOf<z.infer<typeof schema>>();

function ItemForm({ item, onDone, reportDirty }: DialogFormProps<{ item: Item }>) {
  const form = useDialogForm(
    { resolver: zodResolver(schema), defaultValues: { name: item.name } },
    reportDirty,
  );
  return (
    <Form form={form} onSubmit={onDone} aria-label="Edit item">
      <NameField name="name" label="Name">
        <input />
      </NameField>
      <FormDialogFooter submit="Save" />
    </Form>
  );
}

function Screen() {
  const [item, setItem] = useState<Item | null>(null);
  return (
    <ConfirmProvider>
      <button type="button" onClick={() => setItem({ _id: "a", name: "Alpha" })}>
        Edit Alpha
      </button>
      <button type="button" onClick={() => setItem({ _id: "b", name: "Beta" })}>
        Edit Beta
      </button>
      <FormDialog
        value={item}
        formKey={(item) => item._id}
        title="Edit"
        description=""
        onClose={() => setItem(null)}
      >
        {(item, dialog) => <ItemForm site={sites.apkw} item={item} {...dialog} />}
      </FormDialog>
    </ConfirmProvider>
  );
}

describe("FormDialog", () => {
  it("opens for a value with that value's form, and closes when saved", async () => {
    const user = userEvent.setup();
    render(<Screen />);
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Edit Beta" }));
    expect((screen.getByRole("textbox", { name: "Name" }) as HTMLInputElement).value).toBe("Beta");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("asks before closing with unsaved changes; Keep editing keeps them", async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(screen.getByRole("button", { name: "Edit Alpha" }));
    await user.type(screen.getByRole("textbox", { name: "Name" }), " 2");
    await user.keyboard("{Escape}");
    await user.click(await screen.findByRole("button", { name: "Keep editing" }));
    expect((screen.getByRole("textbox", { name: "Name" }) as HTMLInputElement).value).toBe("Alpha 2");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await user.click(await screen.findByRole("button", { name: "Discard" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes at once when nothing changed", async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(screen.getByRole("button", { name: "Edit Alpha" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
