import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { startLoading, useLoading } from "./progress.ts";

describe("the top progress bar's store (issue 12 §7)", () => {
  it("is on while anything loads and off once all is done; ending twice counts once", () => {
    const { result } = renderHook(() => useLoading());
    expect(result.current).toBe(false);
    let code = () => {};
    let data = () => {};
    act(() => {
      code = startLoading();
      data = startLoading();
    });
    expect(result.current).toBe(true);
    act(() => {
      code();
      code();
    });
    expect(result.current).toBe(true);
    act(() => data());
    expect(result.current).toBe(false);
  });
});
