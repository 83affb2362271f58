import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ShortenedText } from "./shortened-text";

const url = "https://ads.example.com/campaigns/summer";

describe("ShortenedText", () => {
  it("keeps the cut on screen and the whole text for screen readers", () => {
    render(<ShortenedText slot="ad-url" text={url} short="https://ads.example..." />);
    expect(document.querySelector('[data-slot="ad-url"]')).toHaveTextContent("https://ads.example...");
    expect(document.querySelector('[data-slot="ad-url"]')).toHaveAttribute("aria-hidden", "true");
    expect(screen.getByText(url)).toHaveClass("sr-only");
  });

  it("shows the whole text on keyboard focus", async () => {
    const user = userEvent.setup();
    render(<ShortenedText slot="ad-url" text={url} short="https://ads.example..." />);
    await user.tab();
    await waitFor(() => expect(document.querySelector('[data-slot="ad-url-full"]')).toHaveTextContent(url));
  });

  it("an uncut text is plain and takes no tab stop", async () => {
    const user = userEvent.setup();
    render(<ShortenedText slot="ad-page" text="home" short="home" />);
    await user.tab();
    expect(document.body).toHaveFocus();
    expect(document.querySelector('[data-slot="ad-page-full"]')).toBeNull();
  });
});
