import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { DayInput } from "./day-input";

function Filter({ initial = "" }: { initial?: string }) {
  const [day, setDay] = useState(initial);
  return (
    <>
      <DayInput label="From" value={day} onChange={setDay} />
      <output aria-label="stored">{day}</output>
      <button type="button" onClick={() => setDay("")}>
        Clear
      </button>
    </>
  );
}

describe("DayInput: a day typed and shown as dd/mm/yyyy", () => {
  it("shows the stored day as dd/mm/yyyy and stores what is typed as yyyy-mm-dd", async () => {
    render(<Filter initial="2026-11-25" />);
    const input = screen.getByLabelText("From");
    expect(input).toHaveValue("25/11/2026");
    expect(input).toHaveAttribute("placeholder", "dd/mm/yyyy");
    await userEvent.clear(input);
    await userEvent.type(input, "01/12/2026");
    expect(screen.getByLabelText("stored")).toHaveTextContent("2026-12-01");
    await userEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(input).toHaveValue("");
  });

  it("a US-order or impossible day is marked at the field once left, and not stored", async () => {
    render(<Filter />);
    const input = screen.getByLabelText("From");
    await userEvent.type(input, "11/25/2026");
    expect(input).not.toHaveAttribute("aria-invalid");
    await userEvent.tab();
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("Enter a day as dd/mm/yyyy");
    expect(screen.getByLabelText("stored")).toHaveTextContent("");
    await userEvent.clear(input);
    await userEvent.type(input, "25/11/2026");
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(screen.getByLabelText("stored")).toHaveTextContent("2026-11-25");
  });
});
