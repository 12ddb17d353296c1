import { describe, expect, it } from "vitest";
import { FormField, type FormFieldInput, FormTemplateBody, SaveAnswerBody } from "./forms.ts";
import { answerText, checkAnswers, checkDefinition, fileIdsOf, shownFields } from "./forms-rules.ts";

const f = (input: FormFieldInput) => FormField.parse(input);
const q = (key: string, type: FormFieldInput["type"], extra: Partial<FormFieldInput> = {}) =>
  f({ key, type, label: key, label_en: key, ...extra });
const opts = (...values: string[]) => values.map((value) => ({ value, label: value, label_en: value }));

/** A permission slip: the trip, a condition on "no", a medicine question shown only on "yes". */
const slip = [
  q("asiste", "yes_no", { required: true }),
  q("motivo", "long_text", { required: true, condition: { field: "asiste", equals: "no" } }),
  q("comida", "single_choice", {
    options: opts("casa", "escuela"),
    required: true,
    condition: { field: "asiste", equals: "yes" },
  }),
  q("alergias", "multiple_choice", { options: opts("nuez", "leche", "ninguna") }),
  q("detalle", "short_text", { condition: { field: "alergias", equals: "nuez" } }),
  q("fecha", "date"),
  q("edad", "number"),
  q("receta", "file"),
  q("firma", "acknowledgement", { required: true }),
];

describe("checkDefinition", () => {
  it.each([
    ["a valid slip", slip, {}],
    ["duplicate keys", [q("a", "short_text"), q("a", "date")], { "fields.1.key": "FORM_FIELD_DUPLICATE" }],
    [
      "a choice with one option",
      [q("a", "single_choice", { options: opts("x") })],
      { "fields.0.options": "FORM_OPTIONS_INVALID" },
    ],
    [
      "repeated option values",
      [q("a", "multiple_choice", { options: opts("x", "x") })],
      { "fields.0.options": "FORM_OPTIONS_INVALID" },
    ],
    [
      "options on a text",
      [q("a", "short_text", { options: opts("x", "y") })],
      { "fields.0.options": "FORM_OPTIONS_INVALID" },
    ],
    [
      "a condition on a later field",
      [q("b", "short_text", { condition: { field: "a", equals: "yes" } }), q("a", "yes_no")],
      { "fields.0.condition": "FORM_CONDITION_INVALID" },
    ],
    [
      "a condition on itself",
      [q("a", "yes_no", { condition: { field: "a", equals: "yes" } })],
      { "fields.0.condition": "FORM_CONDITION_INVALID" },
    ],
    [
      "a condition on a text",
      [q("a", "short_text"), q("b", "date", { condition: { field: "a", equals: "x" } })],
      { "fields.1.condition": "FORM_CONDITION_INVALID" },
    ],
    [
      "a value the source lacks",
      [q("a", "yes_no"), q("b", "date", { condition: { field: "a", equals: "maybe" } })],
      { "fields.1.condition": "FORM_CONDITION_INVALID" },
    ],
  ] as const)("%s", (_, fields, expected) => {
    expect(checkDefinition(fields as FormField[])).toEqual(expected);
  });

  it("a template needs one question at least", () => {
    expect(FormTemplateBody.safeParse({ name: "a", name_en: "a", fields: [] }).success).toBe(false);
  });
});

describe("shownFields", () => {
  it.each([
    ["nothing answered", {}, ["asiste", "alergias", "fecha", "edad", "receta", "firma"]],
    ["yes shows the food", { asiste: "yes" }, ["asiste", "comida", "alergias", "fecha", "edad", "receta", "firma"]],
    ["no shows the reason", { asiste: "no" }, ["asiste", "motivo", "alergias", "fecha", "edad", "receta", "firma"]],
    [
      "a multiple choice holding the value",
      { alergias: ["leche", "nuez"] },
      ["asiste", "alergias", "detalle", "fecha", "edad", "receta", "firma"],
    ],
  ] as const)("%s", (_, answers, keys) => {
    expect(shownFields(slip, answers as never).map((x) => x.key)).toEqual(keys);
  });
});

describe("checkAnswers", () => {
  const sign = { accepted: true as const, signer: "Laura Gómez" };
  it("a draft may leave required questions empty", () => {
    expect(checkAnswers(slip, { asiste: "yes" }, { submit: false }).issues).toEqual({});
  });
  it("submitting needs every shown required question", () => {
    expect(checkAnswers(slip, { asiste: "yes" }, { submit: true }).issues).toEqual({
      "answers.comida": "FORM_FIELD_REQUIRED",
      "answers.firma": "FORM_FIELD_REQUIRED",
    });
  });
  it("a hidden question is neither required nor kept", () => {
    const { answers, issues } = checkAnswers(
      slip,
      { asiste: "yes", comida: "casa", motivo: "x", firma: sign },
      { submit: true },
    );
    expect(issues).toEqual({});
    expect(answers).toEqual({ asiste: "yes", comida: "casa", firma: sign });
  });
  it.each([
    ["an unknown key", { otra: "x" }, "answers.otra"],
    ["an option the question lacks", { asiste: "maybe" }, "answers.asiste"],
    ["a multiple choice with a stranger", { alergias: ["nuez", "soya"] }, "answers.alergias"],
    ["a repeated choice", { alergias: ["nuez", "nuez"] }, "answers.alergias"],
    ["a date that does not exist", { fecha: "2026-02-30" }, "answers.fecha"],
    ["a number as text", { edad: "ocho" }, "answers.edad"],
    ["a file id that is not one", { receta: 1.5 }, "answers.receta"],
    [
      "a short text with a line break",
      { asiste: "no", motivo: "ok", detalle: "a\nb", alergias: ["nuez"] },
      "answers.detalle",
    ],
  ] as const)("refuses %s", (_, given, path) => {
    expect(checkAnswers(slip, given as never, { submit: false }).issues[path]).toBe("FORM_ANSWER_INVALID");
  });
  it("an acknowledgement needs accepted and a signer", () => {
    expect(
      SaveAnswerBody.safeParse({ answers: { firma: { accepted: false, signer: "Laura" } }, submit: true }).success,
    ).toBe(false);
    expect(SaveAnswerBody.safeParse({ answers: { firma: sign }, submit: true }).success).toBe(true);
  });
  it("lists the file ids and reads values in each language", () => {
    expect(fileIdsOf(slip, { receta: 7 })).toEqual([7]);
    expect(answerText(slip[0]!, "yes", "en")).toBe("Yes");
    expect(answerText(slip[0]!, "yes", "es")).toBe("Sí");
    expect(answerText(slip[3]!, ["nuez", "leche"], "es")).toBe("nuez, leche");
    expect(answerText(slip[8]!, sign, "en")).toBe("Accepted: Laura Gómez");
  });
});
