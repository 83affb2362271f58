import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { countTicks, DayBars, dayTicks } from "./day-bars";

/**
 * The overview's per-day bars (docs/PRODUCT-RULES.md#overview), drawn without a chart library: a bar
 * per day, dd/mm ticks, keyboard focus with the arrow keys, the day in a tooltip and told to screen
 * readers. The summary and the table around it are overview-screen.test.tsx.
 */

const days = Array.from({ length: 30 }, (_, i) => ({
  day: new Date(Date.UTC(2026, 10, 25) - (29 - i) * 86_400_000).toISOString().slice(0, 10),
  count: i === 29 ? 5 : i === 0 ? 1234 : 1,
}));
const SUMMARY = "1,268 subscriptions in the last 30 days.";

const draw = () =>
  render(
    <>
      <p id="summary">{SUMMARY}</p>
      <DayBars title="Subscriptions" summaryId="summary" days={days} />
    </>,
  );
const chart = () => screen.getByRole("application", { name: "Subscriptions per day" });
const told = () => chart().querySelector("[aria-live]")?.textContent;
const tooltip = () => chart().querySelector<HTMLElement>("[data-slot=day-bars-tooltip]");

describe("the per-day bars", () => {
  it("draws a bar per day, its height by the count, with dd/mm ticks, described by the summary", () => {
    draw();
    expect(chart()).toHaveAttribute("aria-roledescription", "bar chart");
    expect(chart()).toHaveAccessibleDescription(
      `${SUMMARY} The arrow keys move between days; Show table lists them all.`,
    );
    const bars = chart().querySelectorAll<HTMLElement>("li[data-day]");
    expect(bars).toHaveLength(30);
    // Counts up to 1,234: the top tick is 1,500, so 5 is a third of a percent of the height.
    const height = (day: string) =>
      chart().querySelector<HTMLElement>(`li[data-day="${day}"] > div`)!.style.height;
    expect(height("2026-10-27")).toBe(`${(1234 / 1500) * 100}%`);
    expect(height("2026-11-25")).toBe(`${(5 / 1500) * 100}%`);
    expect(within(chart()).getByText("1,500")).toBeInTheDocument();
    // Six dd/mm ticks, the newest day one of them; never a month name.
    for (const tick of ["31/10", "05/11", "10/11", "15/11", "20/11", "25/11"])
      expect(within(chart()).getByText(tick)).toBeInTheDocument();
    expect(chart().textContent).not.toMatch(/Nov|2026/);
    expect(tooltip()).toBeNull();
  });

  it("is one tab stop whose arrow keys move between days, each in the tooltip and told to screen readers", async () => {
    draw();
    await userEvent.tab();
    expect(chart()).toHaveFocus();
    // Focus starts on the newest day.
    expect(told()).toBe("25/11/2026: 5");
    expect(tooltip()).toHaveTextContent("25/11/2026Subscriptions 5");
    await userEvent.keyboard("{ArrowLeft}");
    expect(told()).toBe("24/11/2026: 1");
    await userEvent.keyboard("{ArrowRight}{ArrowRight}");
    expect(told()).toBe("25/11/2026: 5");
    await userEvent.keyboard("{Home}");
    expect(told()).toBe("27/10/2026: 1,234");
    expect(tooltip()).toHaveTextContent("27/10/2026Subscriptions 1,234");
    await userEvent.keyboard("{ArrowLeft}{PageDown}");
    expect(told()).toBe("03/11/2026: 1");
    await userEvent.keyboard("{End}");
    expect(told()).toBe("25/11/2026: 5");
    await userEvent.tab();
    expect(tooltip()).toBeNull();
    expect(told()).toBe("");
  });

  it("shows the day under the pointer", () => {
    draw();
    fireEvent.pointerEnter(chart().querySelector('li[data-day="2026-11-20"]')!);
    expect(tooltip()).toHaveTextContent("20/11/2026Subscriptions 1");
    fireEvent.pointerLeave(chart());
    expect(tooltip()).toBeNull();
  });

  it("ticks: whole round steps up to the largest count, and days counted back from the newest", () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(1)).toEqual([0, 1]);
    expect(countTicks(5)).toEqual([0, 2, 4, 6]);
    expect(countTicks(22)).toEqual([0, 10, 20, 30]);
    expect(countTicks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(dayTicks(30)).toEqual([4, 9, 14, 19, 24, 29]);
    expect(dayTicks(90)).toEqual([14, 29, 44, 59, 74, 89]);
    expect(dayTicks(3)).toEqual([0, 1, 2]);
  });
});
