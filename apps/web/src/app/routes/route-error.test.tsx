import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { routes } from "@/app/router";
import { fakeApi } from "@/lib/screen.testing";

// Two screens of apkw broken on purpose: Apps & Games throws while rendering, Ads fails to download.
const broken = vi.hoisted(() => ({ render: true, download: true }));
vi.mock("@/features/apps/components/apps-screen", () => ({
  AppsScreen: () => {
    if (broken.render) throw new Error("broken on purpose");
    return <h1>Apps screen</h1>;
  },
}));
vi.mock("@/features/ads/components/ads-screen", async () => {
  if (broken.download) throw new TypeError("Failed to fetch dynamically imported module");
  return { AdsScreen: () => <h1>Ads screen</h1> };
});

const site = { name: "Site", url: "https://site.example" };
let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  fakeApi({
    "GET /config": {
      body: { status: "success", data: { sites: { apkw: site, sportbn: site, movies: site } } },
    },
  });
  // React and React Router report every error a boundary catches; here they are expected.
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
  vi.unstubAllGlobals();
});

function renderAt(url: string) {
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [url] })} />);
}

describe("A screen that fails", () => {
  it("throwing while rendering: the message inside the shell, and Try again renders it again", async () => {
    renderAt("/apkw/apps");
    const main = await screen.findByRole("main");
    expect(await within(main).findByText("This screen could not be shown")).toBeInTheDocument();
    expect(within(main).getByText(/Something went wrong while showing it/)).toBeInTheDocument();
    // The shell stays: the sidebar and the header around the message.
    expect(screen.getByRole("complementary", { name: "Sidebar" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /sidebar/i })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();

    broken.render = false;
    await userEvent.click(within(main).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Apps screen" })).toBeInTheDocument();
    expect(screen.queryByText("This screen could not be shown")).toBeNull();
  });

  it("whose chunk cannot be downloaded: the message inside the shell, and Try again downloads it again", async () => {
    renderAt("/apkw/ads");
    const main = await screen.findByRole("main");
    expect(await within(main).findByText("This screen could not be shown")).toBeInTheDocument();
    expect(within(main).getByText(/Its files could not be downloaded/)).toBeInTheDocument();
    expect(screen.getByRole("complementary", { name: "Sidebar" })).toBeInTheDocument();

    broken.download = false;
    await userEvent.click(within(main).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Ads screen" })).toBeInTheDocument();
    expect(screen.queryByText("This screen could not be shown")).toBeNull();
  });
});
