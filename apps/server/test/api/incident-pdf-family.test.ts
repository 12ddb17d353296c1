import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { incidentAttachments } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";
import { pdfText } from "../helpers/pdf-text.ts";

/**
 * Issue 26 §6: the incident PDF a family printed read "Visible para la familia: Sí" and ended on three empty lines
 * to sign — the school's record, not a family's copy. Their copy shows what their screen shows; staff keep theirs.
 */

let t: TestApp;
let s: IncidentSchool;
let incidentId: number;

beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
  const created = await s.teacher.as({ method: "POST", url: "/api/incidents", payload: registration(s) });
  expect(created.statusCode, created.body).toBe(201);
  incidentId = created.json().data.incident.id;
  await t.db.insert(incidentAttachments).values({
    schoolId: s.school.id,
    incidentId,
    fileName: "foto_patio.jpg",
    storedName: `${"ab".repeat(16)}.jpg`,
    mimeType: "image/jpeg",
    size: 2048,
    uploadedBy: s.teacher.user.id,
  });
});
afterAll(() => t.close());

const printed = async (as: IncidentSchool["director"]["as"], lang: "es" | "en") => {
  const res = await as({ method: "GET", url: `/api/incidents/${incidentId}/pdf`, headers: { "x-language": lang } });
  expect(res.statusCode, res.body).toBe(200);
  return pdfText(res.rawPayload);
};

const STAFF_ONLY = {
  es: ["Visible para la familia", "Firmas", "Quien registró", "Madre, padre o tutor", "Evidencias", "foto_patio.jpg"],
  en: ["Visible to family", "Signatures", "Evidence", "foto_patio.jpg"],
};

describe("the incident PDF a family prints", () => {
  it.each(["es", "en"] as const)("leaves out the staff-only fields and the lines to sign (%s)", async (lang) => {
    const text = await printed(s.motherOfA1.as, lang);
    // Still the incident: its type, detail and place.
    expect(text).toContain(lang === "es" ? "Agresión verbal" : "Verbal aggression");
    expect(text).toContain("Insultó a un compañero durante el recreo.");
    expect(text).toContain("Patio");
    for (const word of STAFF_ONLY[lang]) expect(text).not.toContain(word);
  });

  it("staff print the school's copy with them", async () => {
    const text = await printed(s.director.as, "es");
    expect(text).toContain("Visible para la familia: Sí");
    for (const word of STAFF_ONLY.es) expect(text).toContain(word);
    expect(text).toContain("foto_patio.jpg (2 KB)");
  });
});
