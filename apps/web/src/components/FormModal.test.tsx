import { TextInput } from "@mantine/core";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "../lib/i18n.ts";
import { renderWithProviders } from "../test/render.tsx";
import { FormModal } from "./FormModal.tsx";

afterEach(cleanup);
beforeAll(() => i18n.changeLanguage("en"));

describe("FormModal", () => {
  it("wraps the fields in a form with Cancel and Save, and shows the server's reason", () => {
    const onSubmit = vi.fn((e) => e?.preventDefault());
    const onClose = vi.fn();
    renderWithProviders(
      <FormModal opened onClose={onClose} title="New subject" onSubmit={onSubmit} failure="The code is taken">
        <TextInput label="Name" />
      </FormModal>,
    );
    expect(screen.getByRole("alert").textContent).toBe("The code is taken");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onSubmit).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("disables Cancel while saving and accepts another submit label", () => {
    renderWithProviders(
      <FormModal opened onClose={() => {}} title="Invite" onSubmit={() => {}} busy submitLabel="Send">
        <TextInput label="E-mail" />
      </FormModal>,
    );
    expect((screen.getByRole("button", { name: "Cancel" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Send")).toBeTruthy();
  });

  it("without onSubmit renders the children alone (they bring their own form)", () => {
    renderWithProviders(
      <FormModal opened onClose={() => {}} title="School">
        <p>own form</p>
      </FormModal>,
    );
    expect(screen.getByText("own form")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
  });
});
