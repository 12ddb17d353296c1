import { useForm } from "@mantine/form";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import i18n from "../../../lib/i18n.ts";
import { renderWithProviders } from "../../../test/render.tsx";
import { MessageStartersField } from "./MessageStartersField.tsx";
import type { Values } from "./school-info-values.ts";

afterEach(cleanup);

/** The setting inside a form of the page's values, saving what PATCH would receive (only what changed). */
function StartersForm({ onSave }: { onSave: (body: object) => void }) {
  const form = useForm<Values>({ initialValues: { message_starters: "team" } as Values });
  return (
    <form
      onSubmit={form.onSubmit((v) =>
        onSave(form.isDirty("message_starters") ? { message_starters: v.message_starters } : {}),
      )}
      noValidate
    >
      <MessageStartersField form={form} />
      <button type="submit">save</button>
    </form>
  );
}

const render = async (language: "es" | "en") => {
  await i18n.loadNamespaces("masterConfiguration");
  await i18n.changeLanguage(language);
  const onSave = vi.fn();
  renderWithProviders(<StartersForm onSave={onSave} />);
  return onSave;
};

describe("who may start conversations with families (issue 27 §3)", () => {
  it("offers the student's team (chosen by default) or all staff who see the student, in Spanish", async () => {
    const onSave = await render("es");
    expect(
      screen.getByRole("radiogroup", { name: "Quién puede iniciar conversaciones con las familias" }),
    ).toBeTruthy();
    const team = screen.getByRole("radio", {
      name: "El equipo del alumno: titular, orientación, coordinación y dirección",
    }) as HTMLInputElement;
    expect(team.checked).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: "Todo el personal que ve al alumno" }));
    fireEvent.click(screen.getByRole("button", { name: "save" }));
    expect(onSave).toHaveBeenCalledWith({ message_starters: "scope" });
  });

  it("reads in English", async () => {
    await render("en");
    expect(screen.getByRole("radiogroup", { name: "Who may start conversations with families" })).toBeTruthy();
    expect(
      screen.getByRole("radio", {
        name: "The student's team: head teacher, counselling, coordination and principal",
      }),
    ).toBeTruthy();
    expect(screen.getByRole("radio", { name: "All staff who can see the student" })).toBeTruthy();
  });
});
