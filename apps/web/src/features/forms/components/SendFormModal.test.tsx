import type { FormTemplate, SentForm, StudentOption } from "@convive/domain";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import i18n from "../../../lib/i18n.ts";
import { renderWithProviders } from "../../../test/render.tsx";
import { SendFormModal } from "./SendFormModal.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const template = {
  id: 4,
  label: "Autorización de salida",
  active: true,
  version: 1,
  sent: 0,
  updated_at: "2026-11-20T10:00:00.000Z",
} as FormTemplate;
const student = (id: number, name: string, group: string): StudentOption => ({
  id,
  enrollment: `A${id}`,
  name,
  group_id: 1,
  group_label: group,
  photo: null,
  has_adjustments: false,
  has_health_alert: false,
});
const found = [student(31, "Ana Ruiz", "1° A"), student(32, "Ana Soto", "2° B")];

/** The field's own input (the label also names its pills' wrapper). */
const input = async (label: RegExp) =>
  (await screen.findAllByLabelText(label)).find((e): e is HTMLInputElement => e instanceof HTMLInputElement)!;
/** An option of the open list (Mantine keeps the list hidden from the accessibility tree while it fades in). */
const option = (name: string) => screen.findByRole("option", { name, hidden: true });

/** The server's answers: templates, the groups and grades, the student search, and the send. */
function server() {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const json = (data: unknown, status = 200) => new Response(JSON.stringify({ data }), { status });
    if (url.includes("/api/form-templates")) return json({ templates: [template] });
    if (url.includes("/api/announcements/audiences"))
      return json({ options: [{ audience: { kind: "group", id: 1 }, label: "1° A", families: 20 }] });
    if (url.includes("/api/incidents/student-options"))
      return json({ students: new URL(url, "http://x").searchParams.get("q") === "ana" ? found : [] });
    if (url.endsWith("/api/forms") && init?.method === "POST")
      return json({ form: { id: 9, title: template.label } as SentForm }, 201);
    return json({});
  });
}

describe("the send dialog", () => {
  it("sends to chosen students found by name, without any group or grade", async () => {
    const fetch = server();
    vi.stubGlobal("fetch", fetch);
    await i18n.loadNamespaces("forms");
    await i18n.changeLanguage("es");
    const onSent = vi.fn();
    renderWithProviders(<SendFormModal opened onClose={() => {}} onSent={onSent} />);

    fireEvent.click(await screen.findByRole("combobox", { name: "Plantilla" }));
    fireEvent.click(await option("Autorización de salida"));
    fireEvent.change(screen.getByLabelText(/Fecha límite/), { target: { value: "2099-01-15" } });

    const students = await input(/Alumnos elegidos/);
    fireEvent.click(students);
    fireEvent.change(students, { target: { value: "ana" } });
    fireEvent.click(await option("Ana Soto · 2° B"));
    fireEvent.change(students, { target: { value: "an" } });
    // The one chosen stays chosen (and named) while another search answers nothing.
    await waitFor(() => expect(screen.queryByRole("option", { name: "Ana Ruiz · 1° A", hidden: true })).toBeNull());
    expect(screen.getAllByText("Ana Soto · 2° B").length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(9));
    const send = (fetch.mock.calls as unknown as [string, RequestInit?][]).find(
      ([url, init]) => url.endsWith("/api/forms") && init?.method === "POST",
    );
    expect(JSON.parse(String(send?.[1]?.body))).toEqual({
      template_id: 4,
      due_date: "2099-01-15",
      audience: { group_ids: [], grade_ids: [], student_ids: [32] },
    });
  });

  it("asks for a group, grade or student when none is chosen, in English too", async () => {
    vi.stubGlobal("fetch", server());
    await i18n.loadNamespaces("forms");
    await i18n.changeLanguage("en");
    renderWithProviders(<SendFormModal opened onClose={() => {}} onSent={() => {}} />);
    expect(await input(/Chosen students/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Choose at least one group, grade or student.")).toBeTruthy();
  });
});
