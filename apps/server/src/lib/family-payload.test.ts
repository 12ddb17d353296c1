import { nameIndex } from "@convive/domain";
import { describe, expect, it } from "vitest";
import { walkPayload } from "./family-payload.ts";
import { familyReader } from "./family-reader.ts";
import { clearFamilyTexts } from "./family-text-cache.ts";

const students = [
  { id: 1, firstName: "Sofía", paternalSurname: "García", maternalSurname: "Luna" },
  { id: 2, firstName: "Andrea", paternalSurname: "Alvarado", maternalSurname: "Jiménez" },
];
const reader = (keep: number[], index = nameIndex(students)) =>
  familyReader(index, { schoolId: "s", keepStudentIds: keep, language: "es" });

describe("a family's JSON walked through the reader", () => {
  it("hides another student's name, keeps the rest of the payload as the very objects given, changes nothing", () => {
    const payload = {
      incidents: [
        { id: 7, folio: 7, detail: "Andrea Alvarado empujó a Sofía García", meta: { place: "Patio", at: new Date(0) } },
        { id: 8, folio: 8, detail: "Sofía García llegó tarde", meta: { place: "Salón" } },
      ],
      total: 2,
    };
    const before = structuredClone(payload);
    const out = walkPayload(reader([1]).text, payload, new Map());
    expect(out.incidents[0]!.detail).toBe("Otro estudiante empujó a Sofía García");
    expect(out.incidents[1]).toBe(payload.incidents[1]);
    expect(out.incidents[0]!.meta).toBe(payload.incidents[0]!.meta);
    expect(payload).toEqual(before);
  });

  it("hides an incident's student by a part of the name only within that incident", () => {
    const payload = [
      { id: 7, folio: 7, detail: "Andrea lloró" },
      { id: 8, folio: 8, detail: "Andrea lloró" },
    ];
    const out = walkPayload(reader([1]).text, payload, new Map([[7, [1, 2]]]));
    expect(out.map((i) => i.detail)).toEqual(["Otro estudiante lloró", "Andrea lloró"]);
  });

  it("reads a kept text again as the same reader would, and another family's reading apart", () => {
    clearFamilyTexts();
    const index = nameIndex(students);
    const text = "Andrea Alvarado y Sofía García";
    expect(reader([1], index).text(text)).toBe("Otro estudiante y Sofía García");
    expect(reader([1], index).text(text)).toBe("Otro estudiante y Sofía García");
    expect(reader([2], index).text(text)).toBe("Andrea Alvarado y otro estudiante");
    // The school's names changed: a new index, whose readers meet no kept text of the old one.
    const renamed = nameIndex([{ ...students[0]!, firstName: "Andrea", paternalSurname: "Alvarado" }, students[1]!]);
    expect(reader([2], renamed).text(text)).toBe("Andrea Alvarado y Sofía García");
  });
});
