import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { insertIncident } from "../helpers/incident-rows.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";

/**
 * Issue 11: the archive's word search runs on a stored index of the detail and place, folded (no accents, any
 * case) and stemmed in Spanish and English besides the words as written — what a teacher types finds what a
 * colleague wrote, in either language, with or without accents.
 */
let t: TestApp;
let s: IncidentSchool;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
  const seeds = {
    aggression: { detail: "Agresión verbal entre dos alumnos.", place: "Cancha de básquetbol" },
    running: { detail: "Los alumnos corrieron por el pasillo durante el cambio de clase.", place: "Pasillo" },
    bullied: { detail: "The student was bullied during lunch by older pupils.", place: "Cafeteria" },
    window: { detail: "Rompió una ventana con el balón.", place: null },
  };
  for (const [name, seed] of Object.entries(seeds)) {
    const row = await insertIncident(t.db, s, {
      ...seed,
      students: [{ id: s.a1.id, groupId: s.groupA.id }],
      recordedBy: s.director.user.id,
    });
    ids[name] = row.id;
  }
});
afterAll(() => t.close());

const search = async (q: string) => {
  const res = await s.director.as({ method: "GET", url: `/api/incidents?q=${encodeURIComponent(q)}` });
  expect(res.statusCode).toBe(200);
  const byId = new Map(Object.entries(ids).map(([k, v]) => [v, k]));
  return (res.json().data.incidents as { id: number }[]).map((i) => byId.get(i.id) ?? `#${i.id}`).sort();
};

describe("archive word search", () => {
  it("ignores accents and case either way", async () => {
    expect(await search("agresion")).toEqual(["aggression"]);
    expect(await search("AGRESIÓN")).toEqual(["aggression"]);
    expect(await search("basquetbol")).toEqual(["aggression"]);
    expect(await search("rompio ventana")).toEqual(["window"]);
  });

  it("finds a Spanish word by another form of it", async () => {
    // "corriendo" is no prefix of "corrieron": only the Spanish stem joins them.
    expect(await search("corriendo")).toEqual(["running"]);
  });

  it("finds an English word by another form of it", async () => {
    // "bullying" is no prefix of "bullied": only the English stem joins them.
    expect(await search("bullying lunch")).toEqual(["bullied"]);
  });

  it("still takes words as prefixes and needs every word", async () => {
    expect(await search("pasi camb")).toEqual(["running"]);
    expect(await search("ventana pasillo")).toEqual([]);
    expect(await search("zzzz")).toEqual([]);
  });
});
