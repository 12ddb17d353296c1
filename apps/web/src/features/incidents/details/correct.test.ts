import type { IncidentCategory, IncidentDetail, RegistrationOptions } from "@convive/domain";
import { describe, expect, it } from "vitest";
import { categoryChoices, changedFields, groupChoices, initialValues, instantOfWall } from "./correct.ts";

const TZ = "America/Mexico_City";

/** Only what the correction form reads of an incident. */
const incident = {
  id: 5,
  folio: 12,
  status: "open",
  occurred_at: "2026-03-10T16:25:42.000Z",
  category: { id: 1, name_es: "Convivencia", name_en: "Coexistence" },
  type: { id: 11, name_es: "Agresión verbal", name_en: "Verbal aggression" },
  classification: "serious",
  detail: "Insultó a un compañero.",
  place: "Patio",
  group: { id: 3, label: "1° A" },
  subject: null,
  visible_to_family: true,
} as unknown as IncidentDetail;

const type = (id: number, active = true) => ({
  id,
  category_id: 1,
  name_es: `Tipo ${id}`,
  name_en: null,
  classification: "minor" as const,
  default_points: 1,
  notify_family: false,
  guidelines: [],
  guidelines_en: [],
  is_active: active,
  protocol_id: null,
  incidents_count: 0,
});

describe("the correction form", () => {
  it("opens with the incident's values, the date on the school's clock to the minute", () => {
    expect(initialValues(incident, TZ)).toEqual({
      category_id: "1",
      type_id: "11",
      detail: "Insultó a un compañero.",
      occurred_at: "2026-03-10T10:25",
      place: "Patio",
      group_id: "3",
      subject_id: null,
      visible_to_family: true,
    });
  });

  it("sends nothing when nothing changed (an untouched date keeps its seconds)", () => {
    const initial = initialValues(incident, TZ);
    expect(changedFields({ ...initial, detail: " Insultó a un compañero. " }, initial, TZ, true)).toEqual({});
  });

  it("sends only the changed fields, the date as the school's instant and a cleared place as null", () => {
    const initial = initialValues(incident, TZ);
    const values = {
      ...initial,
      detail: "Otro texto ",
      place: " ",
      occurred_at: "2026-03-10T09:05",
      group_id: null,
      subject_id: "4",
      visible_to_family: false,
    };
    expect(changedFields(values, initial, TZ, true)).toEqual({
      detail: "Otro texto",
      place: null,
      occurred_at: "2026-03-10T15:05:00.000Z",
      group_id: null,
      subject_id: 4,
      visible_to_family: false,
    });
    // Without the registration options the form has no group or subject, and sends neither.
    expect(changedFields(values, initial, TZ, false)).not.toHaveProperty("group_id");
  });

  it("reads a wall time or nothing", () => {
    expect(instantOfWall("2026-07-01T08:00", TZ)).toBe("2026-07-01T14:00:00.000Z");
    expect(instantOfWall("2026-07-01", TZ)).toBeNull();
  });

  it("lists active categories and types, keeping the incident's own when deactivated", () => {
    const categories: IncidentCategory[] = [
      {
        id: 1,
        name_es: "Convivencia",
        name_en: "Coexistence",
        order: 1,
        is_active: true,
        types: [type(12), type(13, false)],
      },
      { id: 2, name_es: "Vieja", name_en: null, order: 2, is_active: false, types: [type(21)] },
    ];
    const choices = categoryChoices(categories, incident, "en");
    expect(choices.map((c) => c.label)).toEqual(["Coexistence"]);
    expect(choices[0]!.types.map((t) => [t.value, t.label, t.classification])).toEqual([
      ["12", "Tipo 12", "minor"],
      ["11", "Verbal aggression", "serious"],
    ]);
  });

  it("keeps the incident's group when it is not among the current year's", () => {
    const options = { groups: [{ id: 9, label: "2° B", mine: false }], subjects: [] } as unknown as RegistrationOptions;
    expect(groupChoices(options, incident).groups.map((g) => g.value)).toEqual(["3", "9"]);
  });
});
