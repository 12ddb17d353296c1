import type { FormativeAction, IncidentDetail, TimelineEntry } from "@convive/domain";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import enDetails from "../../../locales/en/incidentDetails.json";
import enIncidents from "../../../locales/en/incidents.json";
import esDetails from "../../../locales/es/incidentDetails.json";
import esIncidents from "../../../locales/es/incidents.json";
import { describeEntry, sortTimeline, type TimelineContext } from "./timeline.ts";

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: "es",
    resources: {
      es: { incidents: esIncidents, incidentDetails: esDetails },
      en: { incidents: enIncidents, incidentDetails: enDetails },
    },
    interpolation: { escapeValue: false },
  });
});

const action = { id: 40, guideline: "Carta de disculpa", student: { id: 1, name: "Ana López" } } as FormativeAction;
const incident = {
  folio: 128,
  students: [
    { id: 1, name: "Ana López", enrollment: "A1", photo: null, role: "involved", group_label: "3° A" },
    { id: null, name: null, enrollment: null, photo: null, role: "affected", group_label: null },
  ],
  formative_actions: [action],
  meetings: [],
  closing_note: null,
  cancel_reason: "Duplicada",
} satisfies Pick<IncidentDetail, "folio" | "students" | "meetings" | "closing_note" | "cancel_reason"> & {
  formative_actions: FormativeAction[];
};

const ctx = (lang = "es"): TimelineContext => ({
  incident,
  t: i18n.getFixedT(lang),
  lang,
  timeZone: "America/Mexico_City",
});
let id = 1;
const entry = (event: TimelineEntry["event"], details: Record<string, unknown> = {}, at = "2026-05-14T15:00:00Z") =>
  ({ id: id++, at, event, user: { id: 3, name: "Dir. Marta" }, details }) satisfies TimelineEntry;

describe("timeline text", () => {
  it("fills the event's sentence from its details", () => {
    expect(describeEntry(entry("created", { folio: 128 }), ctx()).text).toBe("Registró la incidencia (folio 128)");
    expect(describeEntry(entry("closed", { closing_note: "Se resolvió" }), ctx("en")).text).toBe(
      "Closed the incident: Se resolvió",
    );
    expect(describeEntry(entry("attachment-added", { file_name: "foto.jpg" }), ctx()).text).toBe(
      "Adjuntó evidencia: foto.jpg",
    );
  });

  it("names a protocol step in the reader's language (issue 30 §2)", () => {
    const step = {
      step_id: 7,
      name_es: "Diagnóstico del grupo",
      name_en: "Group diagnosis",
      due_at: "2026-05-20T05:59:59Z",
    };
    expect(describeEntry(entry("protocol.step-completed", step), ctx()).text).toBe(
      "Completó el paso del protocolo: Diagnóstico del grupo",
    );
    expect(describeEntry(entry("protocol.step-overdue", step), ctx("en")).text).toBe(
      "The protocol step is overdue: Group diagnosis",
    );
    const started = { protocol_es: "Protocolo de acoso", protocol_en: null, steps: [] };
    expect(describeEntry(entry("protocol.started", started), ctx("en")).text).toBe(
      "Started the protocol “Protocolo de acoso”",
    );
  });

  it("falls back on what the incident knows when a value is missing", () => {
    expect(describeEntry(entry("created"), ctx()).text).toBe("Registró la incidencia (folio 128)");
    expect(describeEntry(entry("cancelled"), ctx()).text).toBe("Canceló la incidencia: Duplicada");
    expect(describeEntry(entry("reopened"), ctx()).text).toBe("Reabrió la incidencia: —");
  });

  it("shows the day of a completed occurrence as a date, and which action and student it was", () => {
    const line = describeEntry(
      entry("action-completed", { formative_action_id: 40, occurrence_on: "2026-05-14" }),
      ctx(),
    );
    expect(line.text).toMatch(/^Completó una acción formativa \(14 may 2026\)$/);
    expect(line.lines).toEqual(["Estudiante: Ana López", "Acción: Carta de disculpa"]);
  });

  it("names students through the incident's list and withholds those the reader may not know", () => {
    const line = describeEntry(entry("action-created", { guideline: "Diálogo", student_id: 1 }), ctx());
    expect(line.text).toBe("Asignó una acción formativa: Diálogo");
    expect(line.lines).toEqual(["Estudiante: Ana López"]);
    const two = describeEntry(entry("updated", { student_ids: [1, 99], fields: ["students", "place"] }), ctx("en"));
    expect(two.lines).toEqual(["Students: Ana López, Another student", "Changes: students, place"]);
  });

  it("says a meeting's date and status in the reader's language", () => {
    const line = describeEntry(
      entry("meeting-updated", { scheduled_at: "2026-05-20T16:30:00Z", status: "held" }),
      ctx("en"),
    );
    expect(line.text).toBe("Updated a parent meeting");
    expect(line.lines[0]).toMatch(/^Meeting date: May 20, 2026, 10:30/);
    expect(line.lines[1]).toBe("Status: Held");
  });

  it("counts the actions waived on closing", () => {
    expect(describeEntry(entry("closed", { closing_note: "Ok", waived_actions: 2 }), ctx()).lines).toEqual([
      "2 acciones pendientes dispensadas",
    ]);
  });
});

describe("timeline order", () => {
  it("puts the newest first by default and keeps same-instant entries in the order they were written", () => {
    const a = entry("created", {}, "2026-05-14T15:00:00Z");
    const b = entry("updated", {}, "2026-05-14T16:00:00Z");
    const c = entry("closed", {}, "2026-05-14T16:00:00Z");
    expect(sortTimeline([a, b, c]).map((e) => e.id)).toEqual([c.id, b.id, a.id]);
    expect(sortTimeline([c, a, b], "oldest").map((e) => e.id)).toEqual([a.id, b.id, c.id]);
  });
});
