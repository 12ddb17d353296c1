import { useForm } from "@mantine/form";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { useTranslation } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import i18n from "../../../lib/i18n.ts";
import { renderWithProviders } from "../../../test/render.tsx";
import { QuietHoursFields } from "./QuietHoursFields.tsx";
import { quietHourOrNull, quietHoursErrors, type Values } from "./school-info-values.ts";

afterEach(cleanup);

const school: Values = {
  name: "Colegio Prueba",
  legal_name: "",
  cct: "",
  address: "",
  phone: "",
  email: "",
  time_zone: "America/Mexico_City",
  max_file_size_in_mb: 2,
  institutional_color_1: "#112233",
  institutional_color_2: "#445566",
  institutional_color_3: "#778899",
  institutional_color_4: "#aabbcc",
  privacy_notice_es: "",
  privacy_notice_en: "",
  quiet_hours_start: "",
  quiet_hours_end: "",
  message_starters: "team",
};

/** The general-information form's quiet-hours part with the page's own rule, saving what PATCH would receive. */
function QuietHoursForm({ initial, onSave }: { initial: Values; onSave: (body: object) => void }) {
  const { t } = useTranslation("masterConfiguration");
  const form = useForm<Values>({
    initialValues: initial,
    validate: (values) =>
      quietHoursErrors(values, { both: t("validation.quietHoursBoth"), same: t("validation.quietHoursSame") }),
  });
  const submit = form.onSubmit((v) =>
    onSave({
      quiet_hours_start: quietHourOrNull(v.quiet_hours_start),
      quiet_hours_end: quietHourOrNull(v.quiet_hours_end),
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <QuietHoursFields form={form} editable />
      <button type="submit">save</button>
    </form>
  );
}

const render = async (language: "es" | "en", initial = school) => {
  await i18n.loadNamespaces("masterConfiguration");
  await i18n.changeLanguage(language);
  const onSave = vi.fn();
  renderWithProviders(<QuietHoursForm initial={initial} onSave={onSave} />);
  return onSave;
};
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole("button", { name: "save" }));

describe("quiet hours in the school's general information", () => {
  it("shows both times with their help line, in Spanish and in English", async () => {
    await render("es");
    expect(screen.getByRole("group", { name: "Horario de silencio" })).toBeTruthy();
    expect(screen.getByLabelText("Inicio del silencio")).toBeTruthy();
    expect(screen.getByLabelText("Fin del silencio")).toBeTruthy();
    expect(
      screen.getByText("Los correos no urgentes a las familias se retienen hasta que termina el horario."),
    ).toBeTruthy();
    cleanup();

    await render("en");
    expect(screen.getByRole("group", { name: "Quiet hours" })).toBeTruthy();
    expect(screen.getByLabelText("Quiet hours start")).toBeTruthy();
    expect(screen.getByLabelText("Quiet hours end")).toBeTruthy();
    expect(screen.getByText("Non-urgent e-mail to families is held until the window ends.")).toBeTruthy();
  });

  it("refuses one time without the other, and saves a window across midnight", async () => {
    const onSave = await render("es");
    type("Inicio del silencio", "21:00");
    save();
    expect(await screen.findByText("Indica el inicio y el fin, o deja ambos vacíos.")).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    type("Fin del silencio", "21:00");
    save();
    expect(await screen.findByText("El inicio y el fin deben ser distintos.")).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    type("Fin del silencio", "07:00");
    save();
    expect(onSave).toHaveBeenCalledWith({ quiet_hours_start: "21:00", quiet_hours_end: "07:00" });
    expect(screen.queryByText("Indica el inicio y el fin, o deja ambos vacíos.")).toBeNull();
  });

  it("clears a window (both empty is none) in English", async () => {
    const onSave = await render("en", { ...school, quiet_hours_start: "21:00", quiet_hours_end: "07:00" });
    expect((screen.getByLabelText("Quiet hours start") as HTMLInputElement).value).toBe("21:00");
    type("Quiet hours end", "");
    save();
    expect(await screen.findByText("Enter both the start and the end, or leave both empty.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Clear quiet hours" }));
    save();
    expect(onSave).toHaveBeenCalledWith({ quiet_hours_start: null, quiet_hours_end: null });
  });
});
