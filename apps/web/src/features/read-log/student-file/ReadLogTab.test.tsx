import type { ReadLogPage } from "@convive/domain";
import { cleanup, screen, within } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import i18n from "../../../lib/i18n.ts";
import { renderWithProviders } from "../../../test/render.tsx";
import { ReadLogTab } from "./ReadLogTab.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** What the server answers for GET /api/students/:id/read-log (its shape: ReadLogPageSchema). */
const page: ReadLogPage = {
  entries: [
    {
      id: 2,
      read_at: "2026-11-25T16:00:00.000Z",
      kind: "incident.details",
      kind_label: "Detalle de incidencia",
      record_id: "41",
      user: { id: 7, name: "Tere López" },
      profile: "Docente",
      session: { id: "5b9b0c55-6a0e-4f0e-8a43-1f7b6a8a2c11", device: "Firefox en Android" },
    },
    {
      id: 1,
      read_at: "2026-11-25T15:00:00.000Z",
      kind: "student.file",
      kind_label: "Expediente del alumno",
      record_id: "12",
      user: { id: 3, name: "Dora Díaz" },
      profile: "Director",
      session: { id: "6c1d2e3f-0000-4000-8000-000000000000", device: null },
    },
  ],
  total: 2,
  page: 1,
  per_page: 20,
};

describe("the Read log tab", () => {
  it("lists who read what, with profile, time and session, newest first, in the screen's language", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ data: page }), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    await i18n.loadNamespaces("readLog");
    await i18n.changeLanguage("es");
    renderWithProviders(
      <Suspense fallback={null}>
        <ReadLogTab studentId={12} family={false} />
      </Suspense>,
    );
    const table = await screen.findByRole("table", { name: "Quién leyó los expedientes sensibles del alumno" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[1]!.textContent)).toEqual(["Tere López", "Dora Díaz"]);
    expect(within(rows[0]!).getByText("Docente")).toBeTruthy();
    expect(within(rows[0]!).getByText("Firefox en Android")).toBeTruthy();
    // A session that has since ended shows as ended (its device is gone with it).
    expect(within(rows[1]!).getByText("Sesión terminada")).toBeTruthy();
    // The tab's own request (another screen's query of an earlier test file in this worker may call too).
    const urls = (fetch.mock.calls as unknown as unknown[][]).map((call) => String(call[0]));
    expect(urls.filter((url) => url.includes("/read-log"))).toEqual([
      expect.stringContaining("/api/students/12/read-log?page=1"),
    ]);
    cleanup();

    await i18n.changeLanguage("en");
    renderWithProviders(
      <Suspense fallback={null}>
        <ReadLogTab studentId={12} family={false} />
      </Suspense>,
    );
    expect(await screen.findByRole("table", { name: "Who read the student's sensitive records" })).toBeTruthy();
    expect(screen.getByText("Session ended")).toBeTruthy();
  });
});
