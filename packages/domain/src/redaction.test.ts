import { describe, expect, it } from "vitest";
import { findStudentNames, type NamedStudent, nameIndex, OTHER_STUDENT, redactStudentNames } from "./redaction.ts";

const student = (id: number, firstName: string, paternalSurname = "", maternalSurname = ""): NamedStudent => ({
  id,
  firstName,
  paternalSurname,
  maternalSurname,
});

const SOFIA = 1; // the reader's child
const ANDREA = 2; // another student of the incident
const ROSA = 4; // another student of the incident, every word of her name an ordinary word
const ANDREA_GARCIA = 7; // shares Sofía's surname
const TOMAS = 9; // Sofía's brother

const index = nameIndex([
  student(SOFIA, "Sofía", "García", "Ruiz"),
  student(ANDREA, "Andrea", "López", "Pérez"),
  student(3, "María José", "Hernández", "Soto"),
  student(ROSA, "Rosa", "Flores", "Leal"),
  student(5, "Luz", "Paz"),
  student(6, "Tomás", "Núñez"),
  student(ANDREA_GARCIA, "Andrea", "García", "Díaz"),
  student(8, "Juan Pablo", "de la Cruz", "Blanco"),
  student(TOMAS, "Tomás", "García", "Ruiz"),
  student(10, "Ana", "Pérez-Gómez"),
  student(11, "Andrés"), // no surname on record
]);

/** Sofía's mother reading an incident about Sofía, Andrea and Rosa. */
const mother = { incidentStudentIds: [SOFIA, ANDREA, ROSA], keepStudentIds: [SOFIA] };
const es = (text: string, context: object = mother) =>
  redactStudentNames(text, index, { ...context, replacement: OTHER_STUDENT.es });

describe("other students' names in text a family reads", () => {
  it.each([
    // The reproduction, and the parts of a name that identify a student of the incident
    ["Sofía se burló de Andrea en el patio.", "Sofía se burló de otro estudiante en el patio."],
    ["Andrea López lloró.", "Otro estudiante lloró."],
    ["Andrea López Pérez lloró.", "Otro estudiante lloró."],
    ["López se quejó.", "Otro estudiante se quejó."],
    ["Según Pérez, empezó Sofía.", "Según otro estudiante, empezó Sofía."],
    // Case and accents, both ways
    ["SOFÍA SE BURLÓ DE ANDREA LOPEZ", "SOFÍA SE BURLÓ DE otro estudiante"],
    ["sofia y andrea lópez", "sofia y otro estudiante"],
    ["Tomas Nunez también estaba.", "Otro estudiante también estaba."],
    ["Tomás Núñez también estaba.", "Otro estudiante también estaba."],
    ["Andre\u0301s llegó", "Andre\u0301s llegó"], // decomposed accent, a one-word name off the incident
    ["Sofi\u0301a se burló de Andre\u0301a", "Sofi\u0301a se burló de otro estudiante"], // decomposed accents
    // Word boundaries
    ["Andreas y Lopezito no son alumnos.", "Andreas y Lopezito no son alumnos."],
    ["Le quitó la mochila a Andrea, luego a otro.", "Le quitó la mochila a otro estudiante, luego a otro."],
    ["foto_andrea_patio.jpg", "foto_otro estudiante_patio.jpg"],
    ["foto_andrea_lopez.jpg", "foto_otro estudiante.jpg"],
    // Any student of the school by full name or first name + paternal surname; not by one word alone
    ["Estaba también María José Hernández Soto.", "Estaba también otro estudiante."],
    ["Estaba también María Hernández.", "Estaba también otro estudiante."],
    ["Estaba también María José.", "Estaba también María José."],
    ["Hernández no vino.", "Hernández no vino."],
    ["Juan Pablo de la Cruz miró.", "Otro estudiante miró."],
    ["Juan de la Cruz miró.", "Otro estudiante miró."],
    ["Ana Pérez-Gómez y Ana Pérez Gómez", "Otro estudiante y otro estudiante"],
    ["Andrés no tiene apellidos registrados.", "Andrés no tiene apellidos registrados."],
    // A name's words are separated only by spaces, hyphens or apostrophes
    ["Habló con María. Hernández llegó después.", "Habló con María. Hernández llegó después."],
    // Names that are ordinary words: only capitalised, at the start of a sentence too
    ["Rosa empujó a Sofía.", "Otro estudiante empujó a Sofía."],
    ["La camisa rosa de Rosa.", "La camisa rosa de otro estudiante."],
    ["Trajo flores para Flores.", "Trajo flores para otro estudiante."],
    ["Es un amigo leal; Leal lo confirmó.", "Es un amigo leal; otro estudiante lo confirmó."],
    ["Rosa Flores Leal", "Otro estudiante"],
    ["Luz Paz estaba en el salón.", "Otro estudiante estaba en el salón."],
    ["Pidió luz, paz y silencio; una luz blanca.", "Pidió luz, paz y silencio; una luz blanca."],
    ["tomas agua", "tomas agua"],
    // Nicknames the school does not record cannot be caught
    ["Andy y Majo se rieron de Sofi.", "Andy y Majo se rieron de Sofi."],
  ])("%j → %j", (text, expected) => {
    expect(es(text)).toBe(expected);
  });

  it("never hides the reader's own children, even where another student shares a name", () => {
    const context = { incidentStudentIds: [SOFIA, ANDREA_GARCIA], keepStudentIds: [SOFIA] };
    expect(es("Sofía García discutió con Andrea García Díaz.", context)).toBe(
      "Sofía García discutió con otro estudiante.",
    );
    // "García" alone could be either girl: it stays, as the reader's own child's surname.
    expect(es("García y Díaz se empujaron.", context)).toBe("García y otro estudiante se empujaron.");
    // Andrea García's family reads the same text with Sofía hidden instead.
    const other = { incidentStudentIds: [SOFIA, ANDREA_GARCIA], keepStudentIds: [ANDREA_GARCIA] };
    expect(es("Sofía García discutió con Andrea García Díaz.", other)).toBe(
      "Otro estudiante discutió con Andrea García Díaz.",
    );
  });

  it("keeps every child of the family", () => {
    const siblings = { incidentStudentIds: [SOFIA, TOMAS, ANDREA], keepStudentIds: [SOFIA, TOMAS] };
    expect(es("Tomás defendió a Sofía de Andrea.", siblings)).toBe("Tomás defendió a Sofía de otro estudiante.");
  });

  it("writes the reader's language", () => {
    const text = "Andrea's backpack";
    expect(redactStudentNames(text, index, { ...mother, replacement: OTHER_STUDENT.en })).toBe(
      "Another student's backpack",
    );
  });

  it("reports each name as written, where it is and whose it is", () => {
    const text = "Sofía se burló de ANDREA y de María Hernández.";
    expect(findStudentNames(text, index, mother)).toEqual([
      { start: 18, end: 24, text: "ANDREA", studentIds: [ANDREA] },
      { start: 30, end: 45, text: "María Hernández", studentIds: [3] },
    ]);
  });

  it("without an incident, hides full names and first name + surname only", () => {
    const observation = { keepStudentIds: [SOFIA] };
    expect(es("Sofía ayudó a Andrea López y a Andrea.", observation)).toBe("Sofía ayudó a otro estudiante y a Andrea.");
    expect(es("", observation)).toBe("");
    expect(redactStudentNames("Andrea", nameIndex([]), { replacement: "X" })).toBe("Andrea");
  });
});

describe("the index of a school's names", () => {
  it("reads the same with the names read again, and follows a change of name", () => {
    const rows = [student(1, "Sofía", "García", "Ruiz"), student(2, "Andrea", "López", "Pérez")];
    const text = "Vio a Andrea López y a Andrea Méndez.";
    const context = { keepStudentIds: [1], replacement: OTHER_STUDENT.es };
    // The same names read again (new objects, as from the database): the same reading.
    expect(redactStudentNames(text, nameIndex(rows), context)).toBe("Vio a otro estudiante y a Andrea Méndez.");
    expect(redactStudentNames(text, nameIndex(rows.map((s) => ({ ...s }))), context)).toBe(
      "Vio a otro estudiante y a Andrea Méndez.",
    );
    // Andrea's surname corrected: her new name is hidden, the old one names nobody any more.
    const renamed = [rows[0]!, { ...rows[1]!, paternalSurname: "Méndez" }];
    expect(redactStudentNames(text, nameIndex(renamed), context)).toBe("Vio a Andrea López y a otro estudiante.");
  });
});
