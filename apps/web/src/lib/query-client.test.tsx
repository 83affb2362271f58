import { QueryClientProvider, useMutation, useQuery } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "./api-client";
import { createQueryClient, QUERY_RETRIES } from "./query-client";
import { saveSession } from "./session";

// Each call answers the next status of the list (200 once it runs out), or fails to connect (0).
let statuses: number[];
let calls: number;
beforeEach(() => {
  saveSession("tok", { email: "admin@example.com", role: "admin" });
  calls = 0;
  vi.stubGlobal("fetch", async (input: string) => {
    if (input.endsWith("/csrf")) return Response.json({ status: "success", csrfToken: "csrf" });
    const status = statuses[calls++] ?? 200;
    if (status === 0) throw new TypeError("Failed to fetch");
    return Response.json(
      { status: status < 400 ? "success" : "fail", message: `answered ${status}` },
      { status },
    );
  });
});
afterEach(() => vi.unstubAllGlobals());

function Load() {
  const query = useQuery({ queryKey: ["thing"], queryFn: () => api.get<{ message: string }>("/thing") });
  return <p>{query.isError ? `failed: ${query.error.message}` : (query.data?.message ?? "loading")}</p>;
}

function Save() {
  const save = useMutation({ mutationFn: () => api.post("/thing", {}) });
  return (
    <>
      <button type="button" onClick={() => save.mutate()}>
        Save
      </button>
      {save.isError && <p>not saved</p>}
    </>
  );
}

const renderWithAppClient = (ui: React.ReactNode) =>
  render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);

// Two retries wait 0.5 s and 1 s.
const RETRIES_DONE = { timeout: 4000 };

describe("The query client's retry policy", () => {
  it("does not retry a 4xx answer", async () => {
    statuses = [404];
    renderWithAppClient(<Load />);
    expect(await screen.findByText("failed: answered 404")).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(calls).toBe(1);
  });

  it("retries a 5xx answer, and the load succeeds when the server recovers", async () => {
    statuses = [503];
    renderWithAppClient(<Load />);
    // Still loading while the retry waits: the failure is not shown.
    expect(screen.getByText("loading")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText("answered 200")).toBeInTheDocument(), RETRIES_DONE);
    expect(calls).toBe(2);
  });

  it(`gives up after ${QUERY_RETRIES} retries of a server that keeps failing or cannot be reached`, async () => {
    statuses = [500, 0, 502, 200];
    renderWithAppClient(<Load />);
    await waitFor(() => expect(screen.getByText("failed: answered 502")).toBeInTheDocument(), RETRIES_DONE);
    expect(calls).toBe(1 + QUERY_RETRIES);
  });

  it("never repeats a write", async () => {
    statuses = [503];
    renderWithAppClient(<Save />);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("not saved")).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(calls).toBe(1);
  });
});
