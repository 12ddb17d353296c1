import { ObservationBody } from "@convive/domain";
import { describe, expect, it } from "vitest";
import {
  buildObservationBody,
  emptyObservation,
  type ObservationValues,
  observationErrorsFromServer,
  validateObservation,
} from "./observation-form.ts";

const TODAY = "2026-03-14";
const filled = (overrides: Partial<ObservationValues> = {}): ObservationValues => ({
  ...emptyObservation(TODAY),
  student: {
    id: 4,
    enrollment: "A4",
    name: "Sofía",
    group_id: 10,
    group_label: "3° A",
    photo: null,
    has_adjustments: false,
    has_health_alert: false,
  },
  observation_type_id: "3",
  text: "  Ayudó a un compañero con la tarea. ",
  points: 2,
  ...overrides,
});

describe("accompaniment observation", () => {
  it("builds the request", () => {
    const body = buildObservationBody(filled({ visible_to_family: false }));
    expect(body).toEqual({
      student_id: 4,
      observation_type_id: 3,
      text: "Ayudó a un compañero con la tarea.",
      observed_on: TODAY,
      points: 2,
      visible_to_family: false,
    });
    expect(ObservationBody.safeParse(body).success).toBe(true);
  });

  it("leaves cleared points to the type's default", () => {
    expect("points" in buildObservationBody(filled({ points: "" }))).toBe(false);
  });

  it("checks student, type, text, date (not in the future) and points", () => {
    expect(validateObservation(filled(), TODAY)).toEqual({});
    expect(validateObservation({ ...emptyObservation(""), text: " " }, TODAY)).toEqual({
      student: "errors.noStudent",
      observation_type_id: "errors.noObservationType",
      text: "errors.noText",
      observed_on: "errors.noDate",
    });
    expect(validateObservation(filled({ observed_on: "2026-03-15", points: 101 }), TODAY)).toEqual({
      observed_on: "errors.future",
      points: "errors.points",
    });
  });

  it("puts the server's errors on the fields", () => {
    expect(observationErrorsFromServer({ student_id: "a", observed_on: "b", other: "c" })).toEqual({
      fields: { student: "a", observed_on: "b" },
      rest: ["c"],
    });
  });
});
