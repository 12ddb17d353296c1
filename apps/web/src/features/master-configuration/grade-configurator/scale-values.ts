import type { ScaleKind } from "@convive/domain";

/** One level of a descriptive scale as the form edits it. */
export interface LevelValues {
  /** React's key for the row (levels move). */
  key: string;
  code: string;
  name_es: string;
  name_en: string;
  colour: string;
  passing: boolean;
}

/** The scale form's values: both kinds' fields, the chosen kind's sent. */
export interface ScaleValues {
  name_es: string;
  name_en: string;
  definition: {
    kind: ScaleKind;
    min: number | string;
    max: number | string;
    step: string;
    passing: number | string;
    levels: LevelValues[];
  };
}
