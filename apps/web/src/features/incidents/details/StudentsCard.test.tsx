import type { IncidentDetail } from "@convive/domain";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "../../../lib/i18n.ts";
import { renderWithProviders } from "../../../test/render.tsx";
import { StudentsCard } from "./StudentsCard.tsx";
import type { DetailView } from "./view.ts";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeAll(async () => {
  await i18n.loadNamespaces(["incidentDetails", "incidents", "nursing", "inclusion", "externalSupport"]);
});

const student = (id: number, name: string, marks: { has_health_alert?: boolean; has_adjustments?: boolean }) => ({
  id,
  name,
  enrollment: `A${id}`,
  photo: null,
  role: "involved" as const,
  group_label: "1° A",
  ...marks,
});

/** The parts of GET /api/incidents/:id the card reads: its students, as staff get them (the markers set). */
const viewOf = (students: ReturnType<typeof student>[]) =>
  ({
    incident: { id: 41, students } as unknown as IncidentDetail,
    timeZone: "America/Mexico_City",
    today: "2026-11-25",
    lang: "es",
    userId: 7,
    permissions: [],
    family: false,
    refresh: async () => null,
  }) satisfies DetailView;

/** The network: the health alert the marker opens; anything else (the signed-in user) is not found. */
function server() {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith("/api/students/12/health-alert")) {
      const alert = {
        student: { id: 12, name: "Diego Ramírez" },
        items: [{ kind: "allergy", name: "Cacahuate", notes: "Aplicar epinefrina y llamar al 911." }],
      };
      return new Response(JSON.stringify({ data: alert }), { status: 200 });
    }
    return new Response(JSON.stringify({ message: "Not found", code: "NOT_FOUND" }), { status: 404 });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("an incident's students", () => {
  it("shows the health alert beside the marked student's name only, and opens the critical items", async () => {
    server();
    await i18n.changeLanguage("es");
    renderWithProviders(
      <StudentsCard
        view={viewOf([
          student(12, "Diego Ramírez", { has_health_alert: true, has_adjustments: false }),
          student(13, "Ana López", { has_health_alert: false, has_adjustments: true }),
        ])}
      />,
    );
    const rows = await screen.findAllByRole("listitem");
    const diego = rows.find((r) => r.textContent?.includes("Diego"))!;
    const ana = rows.find((r) => r.textContent?.includes("Ana"))!;
    expect(screen.getAllByTestId("health-alert-marker")).toHaveLength(1);
    expect(within(ana).queryByTestId("health-alert-marker")).toBeNull();
    const marker = within(diego).getByRole("button", { name: "Alerta de salud de Diego Ramírez" });
    fireEvent.click(marker);
    const dialog = await screen.findByRole("dialog", { name: "Alerta de salud: Diego Ramírez" });
    expect(await within(dialog).findByText("Alergia crítica: Cacahuate")).toBeTruthy();
    expect(within(dialog).getByText("Aplicar epinefrina y llamar al 911.")).toBeTruthy();
  });

  it("names the marker in English on an English screen, and shows none where the server marked none", async () => {
    server();
    await i18n.changeLanguage("en");
    renderWithProviders(
      <StudentsCard
        view={viewOf([student(12, "Diego Ramírez", { has_health_alert: true }), student(14, "Luis Pérez", {})])}
      />,
    );
    expect(await screen.findByRole("button", { name: "Diego Ramírez's health alert" })).toBeTruthy();
    expect(screen.getAllByTestId("health-alert-marker")).toHaveLength(1);
    await i18n.changeLanguage("es");
  });
});
