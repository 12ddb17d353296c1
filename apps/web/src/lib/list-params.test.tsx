import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { useListParams } from "./list-params.ts";

function setup(url: string) {
  let location = "";
  const hook = renderHook(
    () => {
      const l = useLocation();
      location = `${l.pathname}${l.search}`;
      return useListParams({ q: "", status: "all" }, { size: 20 });
    },
    {
      wrapper: ({ children }: { children: ReactNode }) => (
        <RouterProvider router={createMemoryRouter([{ path: "*", element: children }], { initialEntries: [url] })} />
      ),
    },
  );
  return { hook, location: () => location };
}

describe("useListParams", () => {
  it("reads page, size, sort and filters from the URL, with defaults for what is missing", () => {
    const { hook } = setup("/users?page=2&status=false&sort=-name");
    expect(hook.result.current).toMatchObject({ page: 2, size: 20, sort: "-name", filtered: true });
    expect(hook.result.current.filters).toEqual({ q: "", status: "false" });
  });

  it("ignores a page that is not a positive number", () => {
    expect(setup("/users?page=abc").hook.result.current.page).toBe(1);
    expect(setup("/users?page=-4").hook.result.current.page).toBe(1);
  });

  it("a filter change goes back to page 1 and a default value leaves the URL", () => {
    const { hook, location } = setup("/users?page=3");
    act(() => hook.result.current.setFilter("q", "ana"));
    expect(location()).toBe("/users?q=ana");
    act(() => hook.result.current.setPage(2));
    expect(location()).toBe("/users?q=ana&page=2");
    act(() => hook.result.current.setFilter("q", ""));
    expect(location()).toBe("/users");
    expect(hook.result.current.filtered).toBe(false);
  });
});
