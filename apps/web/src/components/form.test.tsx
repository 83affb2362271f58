import { httpUrl } from "@backoffice/contracts";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { applyServerErrors, contractResolver, Form, fieldOf } from "@/components/form";
import { FormField } from "@/components/form-field";
import { ApiError } from "@/lib/api-client";

// A refused field is said at the field in the dashboard's words for its code (lib/field-messages.ts),
// whether the contract's schema refused it in the browser or the server did: no rewriting of the
// API's English (docs/PRODUCT-RULES.md#answers-and-errors).

const schema = z.strictObject({
  name: z
    .string({ error: "name is required" })
    .trim()
    .min(1, "name is required")
    .max(5, "name must be at most 5 characters"),
  url: httpUrl("url"),
  code: z.string().regex(/^\d{6}$/, "code must be a 6-digit code"),
});
type Values = z.input<typeof schema>;
const Field = fieldOf<Values>();

function Probe({ refusal }: { refusal?: unknown }) {
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: contractResolver(schema),
    defaultValues: { name: "", url: "", code: "" },
  });
  const save = () => {
    if (refusal) applyServerErrors(form, refusal);
  };
  return (
    <Form form={form} onSubmit={save} aria-label="Probe">
      <Field name="name" label="Name">
        <input />
      </Field>
      <Field name="url" label="Address">
        <input />
      </Field>
      <Field name="code" label="Code">
        <input />
      </Field>
      <button type="submit">Save</button>
    </Form>
  );
}

const refused = (errors: unknown[]) =>
  new ApiError("refused", 400, { status: "fail", message: "refused", errors });

describe("field errors from the contract's schema", () => {
  it("says each refused field in the dashboard's words for its code", async () => {
    const user = userEvent.setup();
    render(<Probe />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findAllByText("Fill in this field.")).toHaveLength(2);
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveAccessibleDescription("Fill in this field.");
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Too long");
    await user.type(screen.getByRole("textbox", { name: "Address" }), "ftp://files.example");
    await user.type(screen.getByRole("textbox", { name: "Code" }), "12");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Use at most 5 characters.")).toBeInTheDocument();
    expect(screen.getByText("Enter a web address starting with http:// or https://")).toBeInTheDocument();
    expect(screen.getByText("Check the format of this field.")).toBeInTheDocument();
    expect(screen.queryByText(/must be|is required/)).toBeNull();
  });
});

describe("field errors of a server's refusal", () => {
  it("places each at its field in the words for its code, with the limit the rule set", async () => {
    const user = userEvent.setup();
    render(
      <Probe
        refusal={refused([
          { path: "name", message: "name must be at most 3 characters", code: "too_long", maximum: 3 },
          { path: "url", message: "url must be an http(s) URL", code: "invalid_url" },
          { path: "code", message: "email must be an address that is not a member yet", code: "taken" },
        ])}
      />,
    );
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Ann");
    await user.type(screen.getByRole("textbox", { name: "Address" }), "https://x.example");
    await user.type(screen.getByRole("textbox", { name: "Code" }), "123456");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Use at most 3 characters.")).toBeInTheDocument();
    expect(screen.getByText("Enter a web address starting with http:// or https://")).toBeInTheDocument();
    expect(screen.getByText("Already in use: enter another.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveAttribute("aria-invalid", "true");
  });

  it("shows the message as the server states it for a rule the dashboard has no words for", async () => {
    const user = userEvent.setup();
    render(
      <Probe
        refusal={refused([
          { path: "name", message: "name must be a name nobody has chosen", code: "invalid" },
          { path: "url", message: "Please fill all the fields" },
        ])}
      />,
    );
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Ann");
    await user.type(screen.getByRole("textbox", { name: "Address" }), "https://x.example");
    await user.type(screen.getByRole("textbox", { name: "Code" }), "123456");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("name must be a name nobody has chosen")).toBeInTheDocument();
    expect(screen.getByText("Please fill all the fields")).toBeInTheDocument();
  });
});

describe("FormField", () => {
  it("shows its error as given, without rewriting it", () => {
    render(
      <FormField label="Address" error="url must be an http(s) URL">
        <input />
      </FormField>,
    );
    expect(screen.getByRole("textbox", { name: "Address" })).toHaveAccessibleDescription(
      "url must be an http(s) URL",
    );
  });
});
