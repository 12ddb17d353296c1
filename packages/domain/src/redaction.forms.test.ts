import { describe, expect, it } from "vitest";
import { findStudentNames, type NamedStudent, nameIndex, OTHER_STUDENT, redactStudentNames } from "./redaction.ts";

/** The name forms of issue 24 §1: how teachers write names, and how a name can be disguised in a text. */

const student = (id: number, firstName: string, paternalSurname = "", maternalSurname = ""): NamedStudent => ({
  id,
  firstName,
  paternalSurname,
  maternalSurname,
});

const SOFIA = 1; // the reader's child
const ANDREA = 2; // another student of the incident
const BRUNO = 3; // a student of another group, not on the incident
const MAXIMO = 4; // not on the incident, every word of his name an ordinary word
const ROSA = 5; // every word of her name an ordinary word

const index = nameIndex([
  student(SOFIA, "Sofía", "García", "Ruiz"),
  student(ANDREA, "Andrea", "Alvarado", "Jiménez"),
  student(BRUNO, "Bruno", "Castillo", "Vega"),
  student(MAXIMO, "Máximo", "Rojas", "Moreno"),
  student(ROSA, "Rosa", "Flores", "Leal"),
]);

/** Sofía's mother reading an incident about Sofía and Andrea. */
const mother = { incidentStudentIds: [SOFIA, ANDREA], keepStudentIds: [SOFIA] };
const es = (text: string, context: object = mother) =>
  redactStudentNames(text, index, { ...context, replacement: OTHER_STUDENT.es });
const table = (cases: [string, string][]) =>
  it.each(cases)("%j → %j", (text, expected) => {
    expect(es(text)).toBe(expected);
  });

describe("names written surname first, as class lists are", () => {
  table([
    ["Alvarado Jiménez Andrea empujó a Sofía.", "Otro estudiante empujó a Sofía."],
    ["Lo vio Alvarado, Andrea.", "Lo vio otro estudiante."],
    ["ALVARADO JIMENEZ ANDREA", "Otro estudiante"],
    ["Alvarado Jiménez, Andrea llegó tarde.", "Otro estudiante llegó tarde."],
    // School-wide, like a full name: Bruno is not on the incident
    ["Castillo Vega Bruno también estaba.", "Otro estudiante también estaba."],
    ["Estaba Castillo, Bruno.", "Estaba otro estudiante."],
    // A list of words is not a name: the comma joins only surnames to the given name after them
    ["Bruno, Castillo y Vega no vinieron.", "Bruno, Castillo y Vega no vinieron."],
  ]);
});

describe("names joined by . / ·", () => {
  table([
    ["Subió la foto andrea.alvarado.jpg", "Subió la foto otro estudiante.jpg"],
    ["Andrea/Alvarado", "Otro estudiante"],
    ["Andrea·Alvarado", "Otro estudiante"],
    ["escribió bruno.castillo en el pizarrón", "escribió otro estudiante en el pizarrón"],
    // A dot and a space end a sentence; a slash between spaces separates two people
    ["Vino Bruno. Castillo no.", "Vino Bruno. Castillo no."],
    ["Bruno / Castillo", "Bruno / Castillo"],
  ]);
});

describe("invisible characters inside or between words", () => {
  table([
    ["An\u200Bdrea Alvarado lloró.", "Otro estudiante lloró."],
    ["Andrea\u200C \u200DAlvarado", "Otro estudiante"],
    ["Bru\u00ADno Cas\u00ADtillo lo vio.", "Otro estudiante lo vio."],
    ["Lo vio Bruno\u200BCastillo.", "Lo vio otro estudiante."],
    ["Lo vio Bruno\u2060Castillo\uFEFF.", "Lo vio otro estudiante."],
    ["Lo vio \uFEFFAndrea.", "Lo vio otro estudiante."],
  ]);
});

describe("look-alike letters", () => {
  table([
    ["Ａｎｄｒｅａ Ａｌｖａｒａｄｏ", "Otro estudiante"],
    ["\u0410ndrea \u0410lvarado", "Otro estudiante"], // Cyrillic А
    ["Alv\u0430rado Jiménez, Andrea", "Otro estudiante"], // Cyrillic а
    ["Brun\u03BF Castill\u03BF", "Otro estudiante"], // Greek ο
    ["\u0412RUNO \u0421ASTILLO", "Otro estudiante"], // Cyrillic В and С
    ["𝐁𝐫𝐮𝐧𝐨 𝐂𝐚𝐬𝐭𝐢𝐥𝐥𝐨 se rió", "Otro estudiante se rió"], // mathematical bold
    ["Ａｎｄｒｅａ．Ａｌｖａｒａｄｏ", "Otro estudiante"], // fullwidth dot
  ]);
});

describe("initials", () => {
  table([
    // On the incident: one word and an initial
    ["Andrea A. empujó a Sofía.", "Otro estudiante empujó a Sofía."],
    ["Lo dijo A. Alvarado.", "Lo dijo otro estudiante."],
    ["Lo dijo A.Alvarado.", "Lo dijo otro estudiante."],
    ["Alvarado, A.", "Otro estudiante."],
    ["A. Alvarado J. se rió.", "Otro estudiante se rió."],
    // A closing initial's dot that also ends the sentence stays
    ["Vi a Andrea A. Luego llegó Sofía.", "Vi a otro estudiante. Luego llegó Sofía."],
    // School-wide: two whole words with an initial, or a surname between two initials
    ["B. Castillo V. lo vio.", "Otro estudiante lo vio."],
    ["Lo vio Bruno Castillo V.", "Lo vio otro estudiante."],
    ["B. Castillo Vega lo vio.", "Otro estudiante lo vio."],
    ["Castillo Vega B. lo vio.", "Otro estudiante lo vio."],
    // ...but not one word with one initial: across the school it fits many children
    ["Bruno C. lo vio.", "Bruno C. lo vio."],
    ["B. Castillo lo vio.", "B. Castillo lo vio."],
    // A lower-case letter is no initial
    ["Se lo dio Andrea a Alvarado", "Se lo dio otro estudiante a otro estudiante"],
    ["Se lo dio Bruno a Castillo", "Se lo dio Bruno a Castillo"],
  ]);
});

describe("names made of ordinary words, in lower case", () => {
  table([
    // Given name and both surnames are a name anywhere: no phrase reads like that
    ["máximo rojas moreno empujó a Sofía", "Otro estudiante empujó a Sofía"],
    ["lo empujó rojas moreno máximo", "lo empujó otro estudiante"],
    // Two such words are a phrase unless they name a student of the incident
    ["lo vio máximo rojas", "lo vio máximo rojas"],
    ["una rosa flores", "una rosa flores"],
    ["Las flores rojas, el pan moreno y la luz.", "Las flores rojas, el pan moreno y la luz."],
    ["Con máximo esfuerzo.", "Con máximo esfuerzo."],
  ]);

  it("takes two for a name when they name a student of the incident", () => {
    const incident = { incidentStudentIds: [SOFIA, ROSA], keepStudentIds: [SOFIA] };
    expect(es("se burló de rosa flores", incident)).toBe("se burló de otro estudiante");
    expect(es("una camisa rosa", incident)).toBe("una camisa rosa");
  });
});

describe("the replacement keeps the sentence's grammar", () => {
  table([
    ["Sofía habló con Andrea.", "Sofía habló con otro estudiante."],
    ["Andrea empezó.", "Otro estudiante empezó."],
    ["Sofía lloró. Andrea se rió.", "Sofía lloró. Otro estudiante se rió."],
    ["¿Andrea lo vio?", "¿Otro estudiante lo vio?"],
    ["¡Andrea, ven!", "¡Otro estudiante, ven!"],
    ["Testigos:\nAndrea Alvarado", "Testigos:\nOtro estudiante"],
    ["Testigo: Andrea", "Testigo: otro estudiante"],
    ['"Andrea me pegó", dijo Sofía.', '"Otro estudiante me pegó", dijo Sofía.'],
    ["- Andrea\n- Bruno Castillo", "- Otro estudiante\n- Otro estudiante"],
    ["Andrea y Bruno Castillo", "Otro estudiante y otro estudiante"],
  ]);

  it("in English too, and as given when asked", () => {
    const en = (text: string) => redactStudentNames(text, index, { ...mother, replacement: OTHER_STUDENT.en });
    expect(en("Sofía talked to Andrea. Andrea cried.")).toBe("Sofía talked to another student. Another student cried.");
    const given = redactStudentNames("Sofía y Andrea", index, {
      ...mother,
      replacement: "[nombre]",
      sentenceCase: false,
    });
    expect(given).toBe("Sofía y [nombre]");
  });
});

describe("what is never hidden", () => {
  table([
    // The reader's own child, in every form and disguise
    ["García Ruiz, Sofía llegó.", "García Ruiz, Sofía llegó."],
    ["S. García R. llegó.", "S. García R. llegó."],
    ["Sofía G. llegó.", "Sofía G. llegó."],
    ["sofia.garcia", "sofia.garcia"],
    ["\u0405ofía Garc\u0456a", "\u0405ofía Garc\u0456a"],
    ["So\u200Bfía García", "So\u200Bfía García"],
    // A lone given name of a student not on the incident, common or not
    ["Bruno trajo el balón.", "Bruno trajo el balón."],
    ["Rosa trajo flores.", "Rosa trajo flores."],
    // Common words in ordinary sentences, surnames of the school among them
    ["El castillo de arena, la vega del río.", "El castillo de arena, la vega del río."],
    ["A. B. C. Castillo", "A. B. C. Castillo"],
  ]);
});

describe("where each disguised name is", () => {
  it("reports it as written, with what disguised it", () => {
    const text = "Vio a Alvarado, Andrea y a Bruno\u200BCastillo.";
    expect(findStudentNames(text, index, mother)).toEqual([
      { start: 6, end: 22, text: "Alvarado, Andrea", studentIds: [ANDREA] },
      { start: 27, end: 41, text: "Bruno\u200BCastillo", studentIds: [BRUNO] },
    ]);
  });
});
