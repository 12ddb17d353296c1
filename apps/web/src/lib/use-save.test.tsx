import { useForm } from "@mantine/form";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api.ts";
import i18n from "./i18n.ts";
import { useSave } from "./use-save.ts";

const toast = vi.hoisted(() => vi.fn());
vi.mock("./toast.ts", () => ({ toast }));

beforeAll(() => i18n.changeLanguage("en"));
beforeEach(() => toast.mockClear());

type Values = { name: string; code: string };

/** A form saving through `call`, and a query the save refreshes. */
function setup(call: (values: Values, key: string) => Promise<{ id: number }>, list = vi.fn(async () => [])) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderHook(
    () => {
      const form = useForm<Values>({ initialValues: { name: "", code: "" } });
      useQuery({ queryKey: ["subjects"], queryFn: list });
      return { form, save: useSave({ form, call, invalidates: [["subjects"]] }) };
    },
    {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    },
  );
}

/** A call the test settles by hand, recording the key each request carried. */
function manualCall() {
  const keys: string[] = [];
  const settle: Array<{ resolve: (v: { id: number }) => void; reject: (e: unknown) => void }> = [];
  const call = vi.fn(
    (_: Values, key: string) =>
      new Promise<{ id: number }>((resolve, reject) => {
        keys.push(key);
        settle.push({ resolve, reject });
      }),
  );
  return { call, keys, settle };
}

const math = { name: "Math", code: "" };

describe("useSave", () => {
  it("toasts 'Saved successfully!', refreshes what it changed and hands the result on", async () => {
    const list = vi.fn(async () => []);
    const hook = setup(async () => ({ id: 7 }), list);
    await waitFor(() => expect(list).toHaveBeenCalledTimes(1));
    const onSaved = vi.fn();
    let saved: boolean | undefined;
    await act(async () => {
      saved = await hook.result.current.save.submit(math, onSaved);
    });
    expect(saved).toBe(true);
    expect(onSaved).toHaveBeenCalledWith({ id: 7 });
    expect(toast).toHaveBeenCalledWith("success", "Saved successfully!");
    expect(list).toHaveBeenCalledTimes(2);
    expect(hook.result.current.save.failure).toBeNull();
  });

  it("puts the server's field errors on the fields, with no message above the form when they say it all", async () => {
    const hook = setup(() => Promise.reject(new ApiError(422, "VALIDATION", "Invalid data", { code: "Taken" })));
    act(() => void hook.result.current.save.submit({ name: "Math", code: "M1" }));
    await waitFor(() => expect(hook.result.current.form.errors).toEqual({ code: "Taken" }));
    expect(toast).toHaveBeenCalledWith("error", "Failed to save!");
    expect(hook.result.current.save.failure).toBeNull();
  });

  it("keeps a reason that is not about a field for the form to show, until cleared", async () => {
    const hook = setup(() => Promise.reject(new ApiError(409, "CONFLICT", "The year is closed")));
    act(() => void hook.result.current.save.submit(math));
    await waitFor(() => expect(hook.result.current.save.failure).toBe("The year is closed"));
    expect(hook.result.current.save.busy).toBe(false);
    act(() => hook.result.current.save.clearFailure());
    await waitFor(() => expect(hook.result.current.save.failure).toBeNull());
  });

  it("sends one request with one key for a double submit, and toasts once", async () => {
    const { call, keys, settle } = manualCall();
    const hook = setup(call);
    let first: Promise<boolean> | undefined;
    let second: Promise<boolean> | undefined;
    act(() => {
      first = hook.result.current.save.submit(math);
      second = hook.result.current.save.submit(math);
    });
    await waitFor(() => expect(hook.result.current.save.busy).toBe(true));
    expect(new Set(keys).size).toBe(1);
    expect(call).toHaveBeenCalledTimes(1);
    await act(async () => {
      settle[0]!.resolve({ id: 1 });
      expect(await first).toBe(true);
      expect(await second).toBe(true);
    });
    expect(toast.mock.calls.filter(([kind]) => kind === "success")).toHaveLength(1);
  });

  it("retries after a network error with the same key, and takes a new key after a success", async () => {
    const { call, keys, settle } = manualCall();
    const hook = setup(call);
    const attempt = async (outcome: (n: number) => void) => {
      let done: Promise<boolean> | undefined;
      act(() => {
        done = hook.result.current.save.submit(math);
      });
      await waitFor(() => expect(settle).toHaveLength(keys.length));
      await act(async () => {
        outcome(settle.length - 1);
        await done;
      });
    };
    await attempt((n) => settle[n]!.reject(new ApiError(0, "NETWORK", "No connection")));
    await attempt((n) => settle[n]!.reject(new ApiError(503, "UNAVAILABLE", "Try again")));
    await attempt((n) => settle[n]!.resolve({ id: 1 }));
    await attempt((n) => settle[n]!.resolve({ id: 2 }));
    expect(keys).toHaveLength(4);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it("takes a new key when the values change or the server refused (nothing was written)", async () => {
    const { call, keys, settle } = manualCall();
    const hook = setup(call);
    const attempt = async (values: Values, outcome: (n: number) => void) => {
      let done: Promise<boolean> | undefined;
      act(() => {
        done = hook.result.current.save.submit(values);
      });
      await waitFor(() => expect(settle).toHaveLength(keys.length));
      await act(async () => {
        outcome(settle.length - 1);
        await done;
      });
    };
    await attempt(math, (n) => settle[n]!.reject(new ApiError(0, "NETWORK", "No connection")));
    await attempt({ name: "Maths", code: "" }, (n) => settle[n]!.reject(new ApiError(422, "VALIDATION", "Bad")));
    await attempt({ name: "Maths", code: "" }, (n) => settle[n]!.resolve({ id: 1 }));
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});
