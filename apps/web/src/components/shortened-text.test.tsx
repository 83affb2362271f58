import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { setWidth } from "@/lib/screen.testing";
import { ShortenedText } from "./shortened-text";

const url = "https://ads.example.com/campaigns/summer";
const adUrl = { default: 20, mobile: 15 };

afterEach(() => setWidth(1280));

describe("ShortenedText", () => {
  it("shows the spec's number of characters and an ellipsis, the whole text for screen readers", () => {
    render(<ShortenedText slot="ad-url" text={url} limits={adUrl} />);
    expect(document.querySelector('[data-slot="ad-url"]')?.textContent).toBe("https://ads.example.…");
    expect(document.querySelector('[data-slot="ad-url"]')).toHaveAttribute("aria-hidden", "true");
    expect(screen.getByText(url)).toHaveClass("sr-only");
  });

  it("uses the limit of the window's width", () => {
    setWidth(390);
    render(<ShortenedText slot="ad-url" text={url} limits={adUrl} />);
    expect(document.querySelector('[data-slot="ad-url"]')?.textContent).toBe("https://ads.exa…");
  });

  it("shows the whole text on keyboard focus", async () => {
    const user = userEvent.setup();
    render(<ShortenedText slot="ad-url" text={url} limits={adUrl} />);
    await user.tab();
    await waitFor(() => expect(document.querySelector('[data-slot="ad-url-full"]')).toHaveTextContent(url));
  });

  it("an uncut text is plain, without an ellipsis, and takes no tab stop", async () => {
    const user = userEvent.setup();
    render(<ShortenedText slot="ad-page" text="home" limits={{ narrow: 5 }} />);
    expect(document.querySelector('[data-slot="ad-page"]')).toHaveTextContent(/^home$/);
    await user.tab();
    expect(document.body).toHaveFocus();
    expect(document.querySelector('[data-slot="ad-page-full"]')).toBeNull();
  });
});
