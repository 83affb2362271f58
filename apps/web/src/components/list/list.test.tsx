import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { pageFromParam, usePageParam } from "./use-page-param";
import { useSelection } from "./use-selection";

describe("useSelection", () => {
  it("keeps ids across views; a view acts only on its own selected rows", () => {
    const { result } = renderHook(() => useSelection());
    act(() => result.current.setMany(["a", "b"], true));
    act(() => result.current.set("z", true));
    expect(result.current.count).toBe(3);
    // Another view (page or filter) sees only its rows.
    expect(result.current.inView(["b", "c"])).toEqual({ ids: ["b"], all: false, some: true });
    expect(result.current.inView(["a", "b"])).toEqual({ ids: ["a", "b"], all: true, some: false });
    expect(result.current.inView([])).toEqual({ ids: [], all: false, some: false });
  });

  it("select all on this view adds to, and clears from, the selection", () => {
    const { result } = renderHook(() => useSelection());
    act(() => result.current.set("elsewhere", true));
    act(() => result.current.setMany(["a", "b"], true));
    act(() => result.current.setMany(["a", "b"], false));
    expect([...result.current.selected]).toEqual(["elsewhere"]);
  });

  it("prunes ids no longer listed after a reload, and forgets deleted ones", () => {
    const { result } = renderHook(() => useSelection());
    act(() => result.current.setMany(["a", "b", "c"], true));
    act(() => result.current.prune(["a", "c", "d"]));
    expect([...result.current.selected]).toEqual(["a", "c"]);
    act(() => result.current.forget(["a"]));
    expect([...result.current.selected]).toEqual(["c"]);
  });
});

function routerAt(url: string) {
  let location = "";
  function Probe({ children }: { children: ReactNode }) {
    const { pathname, search } = useLocation();
    location = `${pathname}${search}`;
    return <>{children}</>;
  }
  const wrapper = ({ children }: { children: ReactNode }) => {
    const router = createMemoryRouter([{ path: "*", element: <Probe>{children}</Probe> }], {
      initialEntries: [url],
    });
    return <RouterProvider router={router} />;
  };
  return { wrapper, location: () => location };
}

describe("usePageParam", () => {
  it("reads ?page as a positive whole number", () => {
    expect([null, "3", "0", "2.5", "x", "-1"].map(pageFromParam)).toEqual([1, 3, 1, 1, 1, 1]);
  });

  it("derives the page shown from the URL, never past the last page reported", () => {
    const at = routerAt("/sportbn/emails?page=7&sort=new");
    const { result, rerender } = renderHook(() => usePageParam(), { wrapper: at.wrapper });
    expect(result.current.page).toBe(7);
    act(() => result.current.reportPages(4));
    rerender();
    expect(result.current.page).toBe(4);
    // The URL is not rewritten behind the user's back.
    expect(at.location()).toBe("/sportbn/emails?page=7&sort=new");
  });

  it("moves pages in the URL and keeps the other parameters", () => {
    const at = routerAt("/sportbn/emails?sort=new");
    const { result } = renderHook(() => usePageParam(), { wrapper: at.wrapper });
    act(() => result.current.setPage(3));
    expect(at.location()).toBe("/sportbn/emails?sort=new&page=3");
    act(() => result.current.setPage(1));
    expect(at.location()).toBe("/sportbn/emails?sort=new");
  });
});
