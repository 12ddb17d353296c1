import {
  type Language,
  type RatingCell,
  type RatingComment,
  type RatingSetup,
  type ScaleDefinition,
  scaleFor,
  valueLabel,
} from "@convive/domain";
import { AppError } from "../../lib/errors.ts";
import type { CellRow } from "./ratings.repository.ts";

/** A stored rating as the grid reads it: its label from the version it was given on, who gave it and when. */
export function presentCell(row: CellRow, definition: ScaleDefinition | undefined, language: Language): RatingCell {
  return {
    student_id: row.studentId,
    measure_id: row.measureId,
    period_id: row.periodId,
    value: row.value,
    label: definition ? valueLabel(definition, row.value, language) : row.value,
    scale_version_id: row.scaleVersionId,
    rated_by: { id: row.ratedById, name: row.ratedByName },
    rated_at: row.ratedAt.toISOString(),
  };
}

export function presentComment(row: {
  studentId: number;
  periodId: number;
  text: string;
  visibleToFamily: boolean;
  writtenById: number;
  writtenByName: string;
  writtenAt: Date;
}): RatingComment {
  return {
    student_id: row.studentId,
    period_id: row.periodId,
    text: row.text,
    visible_to_family: row.visibleToFamily,
    written_by: { id: row.writtenById, name: row.writtenByName },
    written_at: row.writtenAt.toISOString(),
  };
}

/** The active measures, each with the scale the section rates it on (current version). */
export function measuresFor(setup: RatingSetup, sectionId: number) {
  return setup.measures
    .filter((m) => m.is_active)
    .flatMap((m) => {
      const scale = scaleFor(setup, m.id, sectionId);
      return scale ? [{ measure: m, scale }] : [];
    });
}

/** An active measure of the school and its scale for the section, or 404 under measure_id. */
export function measureIn(setup: RatingSetup, measureId: number, sectionId: number) {
  const found = measuresFor(setup, sectionId).find((m) => m.measure.id === measureId);
  if (!found) throw new AppError("NOT_FOUND", { measure_id: "NOT_FOUND" });
  return found;
}
