import type { FamilyReadLog, RectificationList } from "@convive/domain";
import { cleanup, screen, within } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import i18n from "../../../lib/i18n.ts";
import { renderWithProviders } from "../../../test/render.tsx";
import { MyDataTab } from "./MyDataTab.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const reads: FamilyReadLog = {
  entries: [
    {
      read_at: "2026-11-28T16:00:00.000Z",
      kind_label: "Expediente de inclusión",
      reader: "Olga Ortiz",
      profile: "Orientador",
    },
  ],
  total: 1,
  page: 1,
  per_page: 10,
};
const requests: RectificationList = {
  requests: [
    {
      id: 4,
      student: { id: 12, name: "Sofía Ramírez Soto" },
      subject: "child",
      current: "Su alergia dice nueces",
      requested: "Es a la penicilina",
      requested_by: { id: 9, name: "Laura Soto" },
      created_at: "2026-11-20T16:00:00.000Z",
      due_on: "2026-12-10",
      status: "corrected",
      answer: "Corregido en su expediente médico.",
      answered_by: { id: 3, name: "Dora Díaz" },
      answered_at: "2026-11-22T16:00:00.000Z",
    },
  ],
  can_answer: false,
};

describe("the My data tab", () => {
  it("shows the family their copy's buttons, who opened the records and the school's answer to their request", async () => {
    const fetch = vi.fn(async (url: string) => {
      const body = String(url).includes("/read-log/family") ? reads : requests;
      return new Response(JSON.stringify({ data: body }), { status: 200 });
    });
    vi.stubGlobal("fetch", fetch);
    await i18n.loadNamespaces("familyCopy");
    await i18n.changeLanguage("es");
    renderWithProviders(
      <Suspense fallback={null}>
        <MyDataTab studentId={12} family />
      </Suspense>,
    );
    expect(await screen.findByRole("button", { name: "Descargar PDF" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Descargar datos (JSON)" })).toBeTruthy();
    const list = await screen.findByRole("list", { name: "Quién consultó su expediente" });
    expect(within(list).getByText("Olga Ortiz")).toBeTruthy();
    expect(within(list).getByText(/Orientador/)).toBeTruthy();
    expect(await screen.findByText("Corregido en su expediente médico.")).toBeTruthy();
    expect(screen.getByText("Corregido")).toBeTruthy();
    // The family never sees the Director's answer form.
    expect(screen.queryByRole("button", { name: "Responder" })).toBeNull();
  });
});
