import { useForm } from "@mantine/form";
import { QueryClient, QueryClientProvider, useMutation } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api.ts";
import i18n from "./i18n.ts";
import { useFormMutation } from "./use-form-mutation.ts";

const toast = vi.hoisted(() => vi.fn());
vi.mock("./toast.ts", () => ({ toast }));

beforeAll(() => i18n.changeLanguage("en"));
beforeEach(() => toast.mockClear());

function setup(save: (values: { name: string; code: string }) => Promise<{ id: number }>) {
  const client = new QueryClient();
  return renderHook(
    () => {
      const form = useForm({ initialValues: { name: "", code: "" } });
      const mutation = useMutation({ mutationFn: save });
      return { form, save: useFormMutation(form, mutation) };
    },
    {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    },
  );
}

describe("useFormMutation", () => {
  it("toasts 'Saved successfully!' and hands the result on", async () => {
    const hook = setup(async () => ({ id: 7 }));
    const onSaved = vi.fn();
    act(() => hook.result.current.save.submit({ name: "Math", code: "" }, onSaved));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: 7 }));
    expect(toast).toHaveBeenCalledWith("success", "Saved successfully!");
    expect(hook.result.current.save.failure).toBeNull();
  });

  it("puts the server's field errors on the fields, with no message above the form when they say it all", async () => {
    const hook = setup(() => Promise.reject(new ApiError(422, "VALIDATION", "Invalid data", { code: "Taken" })));
    act(() => hook.result.current.save.submit({ name: "Math", code: "M1" }));
    await waitFor(() => expect(hook.result.current.form.errors).toEqual({ code: "Taken" }));
    expect(toast).toHaveBeenCalledWith("error", "Failed to save!");
    expect(hook.result.current.save.failure).toBeNull();
  });

  it("keeps a reason that is not about a field for the form to show, until cleared", async () => {
    const hook = setup(() => Promise.reject(new ApiError(409, "CONFLICT", "The year is closed")));
    act(() => hook.result.current.save.submit({ name: "Math", code: "" }));
    await waitFor(() => expect(hook.result.current.save.failure).toBe("The year is closed"));
    expect(hook.result.current.save.busy).toBe(false);
    act(() => hook.result.current.save.clearFailure());
    await waitFor(() => expect(hook.result.current.save.failure).toBeNull());
  });
});
