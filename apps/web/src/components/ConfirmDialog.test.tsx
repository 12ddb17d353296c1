import { Button } from "@mantine/core";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "../lib/i18n.ts";
import { renderWithProviders } from "../test/render.tsx";
import { type ConfirmRequest, useConfirm } from "./ConfirmDialog.tsx";

const toast = vi.hoisted(() => vi.fn());
vi.mock("../lib/toast.ts", () => ({ toast }));

afterEach(cleanup);
beforeAll(() => i18n.changeLanguage("en"));
beforeEach(() => toast.mockClear());

function Screen(request: Partial<ConfirmRequest>) {
  const confirm = useConfirm();
  return (
    <>
      <Button
        onClick={() =>
          confirm.ask({
            title: "Delete 1A?",
            message: "It goes for good.",
            confirmLabel: "Delete",
            danger: true,
            action: async () => {},
            ...request,
          })
        }
      >
        ask
      </Button>
      {confirm.dialog}
    </>
  );
}

describe("useConfirm", () => {
  it("runs the action on confirm, toasts 'Successfully removed!' and closes", async () => {
    const action = vi.fn(async () => {});
    renderWithProviders(<Screen action={action} />);
    fireEvent.click(screen.getByText("ask"));
    expect(await screen.findByText("It goes for good.")).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith("success", "Successfully removed!"));
    expect(action).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByText("It goes for good.")).toBeNull());
  });

  it("keeps the dialog open with the server's reason and 'Error deleting' when the action fails", async () => {
    renderWithProviders(<Screen action={() => Promise.reject(new Error("The group has students"))} />);
    fireEvent.click(screen.getByText("ask"));
    fireEvent.click(await screen.findByRole("button", { name: "Delete" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The group has students");
    expect(toast).toHaveBeenCalledWith("error", "Error deleting");
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
    expect(screen.getByRole("button", { name: "Close" })).toBeTruthy();
  });

  it("uses the toasts a request gives (activate/deactivate say 'saved')", async () => {
    renderWithProviders(<Screen successMessage="Saved successfully!" />);
    fireEvent.click(screen.getByText("ask"));
    fireEvent.click(await screen.findByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith("success", "Saved successfully!"));
  });
});
