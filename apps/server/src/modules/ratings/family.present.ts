import {
  type FamilyRatings,
  isPassing,
  type Language,
  type ScaleDefinition,
  valueColour,
  valueLabel,
} from "@convive/domain";

/** What a family reads for one period of one child (issue 13 §4); the publish preview shows the very same. */
export type FamilyRating = FamilyRatings["children"][number]["periods"][number]["ratings"][number];

export interface MeasureInfo {
  id: number;
  kind: FamilyRating["kind"];
  name_es: string;
  name_en: string | null;
  order: number;
}

/** Conduct first, then the habits in the school's order (the setup's order). */
export const measureOrder = (m: { kind: string; order: number }) => (m.kind === "conduct" ? -1000 : 0) + m.order;

/**
 * A child's values of one period as the family reads them: each on the scale version it was given on, labelled in
 * the reader's language, in the school's order; values of measures no longer in the setup left out.
 */
export function presentFamilyRatings(
  rows: readonly { measureId: number; value: string; scaleVersionId: number }[],
  measureOf: Map<number, MeasureInfo>,
  definitionOf: Map<number, ScaleDefinition>,
  language: Language,
): FamilyRating[] {
  return rows
    .filter((r) => measureOf.has(r.measureId))
    .map((r) => {
      const measure = measureOf.get(r.measureId)!;
      const definition = definitionOf.get(r.scaleVersionId);
      return {
        measure_id: r.measureId,
        kind: measure.kind,
        name_es: measure.name_es,
        name_en: measure.name_en,
        value: r.value,
        label: definition ? valueLabel(definition, r.value, language) : r.value,
        colour: definition ? valueColour(definition, r.value) : null,
        passing: definition ? isPassing(definition, r.value) : true,
      };
    })
    .sort((a, b) => measureOrder(measureOf.get(a.measure_id)!) - measureOrder(measureOf.get(b.measure_id)!));
}
