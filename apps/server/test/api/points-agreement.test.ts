import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertStarterGradeSetup } from "../../src/modules/grade-config/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { schoolDay } from "../helpers/follow-up.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";
import { pdfText } from "../helpers/pdf-text.ts";
import { publishForFamilies } from "../helpers/publish.ts";

/**
 * Issue 26 §2, one set of numbers for a child: the Director and the child's mother read the same points on every
 * screen and PDF — the points tab, the scorecard, the family landing's child and each printed scorecard — before
 * and after a staff-only observation with points; the family's list only names that entry as a count.
 */
let t: TestApp;
let s: IncidentSchool;
type As = IncidentSchool["director"]["as"];

beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
  await insertStarterGradeSetup(t.db, s.school.id);
  // Bimestre 2 published, so the family reads its scorecard.
  await publishForFamilies(t.db, s.school.id, s.period.id);
});
afterAll(() => t.close());

const get = async (as: As, url: string) => {
  // Both read in Spanish, so the PDFs' labels compare (the mother's own language is English).
  const res = await as({ method: "GET", url, headers: { "x-language": "es" } });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res;
};

async function observe(visibleToFamily: boolean) {
  const res = await s.teacher.as({
    method: "POST",
    url: "/api/accompaniment-observations",
    payload: {
      student_id: s.a1.id,
      observation_type_id: s.observationType.id,
      text: "Ayudó a un compañero.",
      observed_on: schoolDay(0),
      visible_to_family: visibleToFamily,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** The figure a printed scorecard shows for the period: the first signed number after its heading and row label. */
const printedPoints = (text: string) => /Puntos de reconocimiento\D*?([+−-]?\d+)/.exec(text)?.[1];

/** Every figure the reader is shown for the child. */
async function figures(as: As, family: boolean) {
  const id = s.a1.id;
  const tab = (await get(as, `/api/students/${id}/points`)).json().data.points;
  const card = (await get(as, `/api/scorecard/students/${id}`)).json().data.scorecard;
  const pdf = pdfText((await get(as, `/api/scorecard/students/${id}/pdf`)).rawPayload);
  const out = {
    tab: tab.balances,
    scorecard: card.periods.find((p: { id: number }) => p.id === s.period.id)?.points,
    pdf: printedPoints(pdf),
  };
  if (family) {
    // The family landing lists the child whose file (and its Points tab) the figures above come from.
    const landing = (await get(as, "/api/my-children")).json().data.children;
    expect(landing.map((c: { id: number }) => c.id)).toContain(id);
  } else {
    // The whole group's PDF: the child's own page.
    const raw = execFileSync("pdftotext", ["-q", "-enc", "UTF-8", "-", "-"], {
      input: (await get(as, `/api/scorecard/groups/${s.groupA.id}/pdf?period_id=${s.period.id}`)).rawPayload,
    }).toString("utf8");
    const page = raw.split("\f").find((p) => p.includes("Ana Pérez Ruiz"))!;
    expect(printedPoints(page.replace(/\s+/g, " "))).toBe(out.pdf);
  }
  return { out, internal: tab.internal, entries: tab.entries.length };
}

describe("one set of numbers for a child", () => {
  it("the Director and the family read the same points everywhere, staff-only entries included", async () => {
    await observe(true);
    const before = await figures(s.director.as, false);
    expect((await figures(s.motherOfA1.as, true)).out).toEqual(before.out);

    // A staff-only observation with points: both see the new figures, and they still agree.
    await observe(false);
    const director = await figures(s.director.as, false);
    const mother = await figures(s.motherOfA1.as, true);
    expect(mother.out).toEqual(director.out);
    const added = s.observationType.points;
    expect(director.out.tab.period).toBe(before.out.tab.period + added);
    expect(director.out.scorecard).toBe(before.out.scorecard + added);
    expect(director.out.pdf).not.toBe(before.out.pdf);

    // The family's list leaves out the internal entry's text and names it as a count with what it adds.
    expect(mother.entries).toBe(director.entries - 1);
    expect(mother.internal).toEqual({ count: 1, points: added });
    expect(director.internal).toEqual({ count: 0, points: 0 });
    // Eight PDFs drawn by the worker pool on shared cores: more than the default 30 s under load.
  }, 120_000);
});
