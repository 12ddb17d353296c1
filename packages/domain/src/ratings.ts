/**
 * Ratings rules (issue 13, design §5): the school's scales, how a typed value is read on a scale, what passes,
 * how values compare across scales (for trends and averages), when a period closes for editing and who rates what.
 * Pure functions shared by server and web; the grade configurator, the grid and the scorecard all read them.
 */
import { ROLE_FAMILIAR } from "./profile-templates.ts";
import { addDays } from "./school-time.ts";

export const MEASURE_KINDS = ["conduct", "habit"] as const;
export type MeasureKind = (typeof MEASURE_KINDS)[number];

export const SCALE_KINDS = ["numeric", "levels"] as const;
export type ScaleKind = (typeof SCALE_KINDS)[number];

export const POINTS_RESETS = ["none", "year", "period"] as const;
export type PointsReset = (typeof POINTS_RESETS)[number];

export const POINT_AWARD_KINDS = ["award", "redemption"] as const;
export type PointAwardKind = (typeof POINT_AWARD_KINDS)[number];

/** Where a ledger entry comes from. */
export const POINT_SOURCES = ["observation", "incident", "award", "redemption"] as const;
export type PointSource = (typeof POINT_SOURCES)[number];

export const ALERT_KINDS = ["incidents", "conduct-below-passing"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const RATING_LIMITS = {
  /** Levels of a descriptive scale. */
  minLevels: 2,
  maxLevels: 10,
  /** Numeric scales: bounds of min and max. */
  numericFloor: 0,
  numericCeiling: 100,
  codeMax: 4,
  habitsMax: 20,
  commentMax: 1000,
  reasonMax: 200,
  /** Points of one manual award or redemption. */
  pointsMax: 100,
  graceDaysMax: 60,
  reopenDaysMax: 30,
  /** Students of one award (a whole group fits). */
  awardStudentsMax: 200,
} as const;

export interface NumericScale {
  kind: "numeric";
  min: number;
  max: number;
  /** 1, 0.5 or 0.1: the values a teacher may give. */
  step: number;
  /** The lowest passing value (Mexican boletas: 6). */
  passing: number;
}

export interface ScaleLevel {
  /** Short code stored in the ratings and printed on the scorecard ("E", "B", "R", "RA"). */
  code: string;
  name_es: string;
  name_en: string | null;
  /** #rrggbb */
  colour: string;
  passing: boolean;
}

/** Levels are listed best first. */
export interface LevelsScale {
  kind: "levels";
  levels: ScaleLevel[];
}

export type ScaleDefinition = NumericScale | LevelsScale;

const decimals = (step: number) => (String(step).split(".")[1] ?? "").length;
const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

/**
 * The canonical value a typed entry stands for on the scale, or null when it is not one of the scale's values.
 * Numeric: a number within min–max on the step ("8,5" and "8.5" both read 8.5; "10" → "10"). Levels: the code,
 * the level's name, or — when no other level shares it — the first letter of its name or code ("e" → "E").
 */
export function readValue(scale: ScaleDefinition, typed: string): string | null {
  const text = typed.trim();
  if (text === "") return null;
  if (scale.kind === "numeric") {
    if (!/^\d+([.,]\d+)?$/.test(text)) return null;
    const n = Number(text.replace(",", "."));
    if (n < scale.min || n > scale.max) return null;
    const places = decimals(scale.step);
    const steps = (n - scale.min) / scale.step;
    if (Math.abs(steps - Math.round(steps)) > 1e-9) return null;
    return String(Number(n.toFixed(places)));
  }
  const wanted = fold(text);
  const exact = scale.levels.find(
    (l) => fold(l.code) === wanted || fold(l.name_es) === wanted || (l.name_en !== null && fold(l.name_en) === wanted),
  );
  if (exact) return exact.code;
  if (wanted.length !== 1) return null;
  const byLetter = scale.levels.filter(
    (l) =>
      fold(l.code).startsWith(wanted) || fold(l.name_es).startsWith(wanted) || fold(l.name_en ?? "").startsWith(wanted),
  );
  return byLetter.length === 1 ? byLetter[0]!.code : null;
}

/** True when the stored value passes on the scale it was given on. */
export function isPassing(scale: ScaleDefinition, value: string): boolean {
  if (scale.kind === "numeric") return Number(value) >= scale.passing;
  return scale.levels.find((l) => l.code === value)?.passing ?? false;
}

/**
 * The value on a common 0–100 line, so ratings on different scales (or versions) can be averaged and drawn as a
 * trend: numeric values proportionally, levels evenly from the best (100) to the worst (0). Null when unknown.
 */
export function scoreOf(scale: ScaleDefinition, value: string): number | null {
  if (scale.kind === "numeric") {
    const n = Number(value);
    if (!Number.isFinite(n) || scale.max === scale.min) return null;
    return ((n - scale.min) / (scale.max - scale.min)) * 100;
  }
  const index = scale.levels.findIndex((l) => l.code === value);
  if (index < 0) return null;
  return scale.levels.length === 1 ? 100 : 100 - (index / (scale.levels.length - 1)) * 100;
}

/** How a stored value reads: the number as the scale writes it, or the level's name in the reader's language. */
export function valueLabel(scale: ScaleDefinition, value: string, language: string): string {
  if (scale.kind === "numeric") return value;
  const level = scale.levels.find((l) => l.code === value);
  if (!level) return value;
  return language === "en" && level.name_en ? level.name_en : level.name_es;
}

/** The level's colour (levels scales) or null. */
export const valueColour = (scale: ScaleDefinition, value: string): string | null =>
  scale.kind === "levels" ? (scale.levels.find((l) => l.code === value)?.colour ?? null) : null;

/** Every value of a numeric scale, lowest first (what a phone's picker offers). Levels: their codes, best first. */
export function scaleValues(scale: ScaleDefinition): string[] {
  if (scale.kind === "levels") return scale.levels.map((l) => l.code);
  const out: string[] = [];
  const places = decimals(scale.step);
  for (let n = scale.min; n <= scale.max + 1e-9; n += scale.step) out.push(String(Number(n.toFixed(places))));
  return out;
}

/** True when two definitions mean the same (a save that changes nothing adds no version). */
export const sameDefinition = (a: ScaleDefinition, b: ScaleDefinition) => JSON.stringify(a) === JSON.stringify(b);

export interface PeriodWindow {
  /** The period's last day (YYYY-MM-DD, the school's calendar). */
  endsOn: string;
  /** A director reopened it until this instant (ISO), or null. */
  reopenedUntil: string | null;
}

/** The last day ratings of the period may be changed without a reopening: its end date plus the grace days. */
export const editableUntil = (endsOn: string, graceDays: number) => addDays(endsOn, graceDays);

/**
 * True when the period's ratings may be changed on `today` (the school's calendar day) at `now`: until its end
 * date plus the grace days, or while a director's reopening lasts.
 */
export function isPeriodOpen(period: PeriodWindow, graceDays: number, today: string, now: Date = new Date()): boolean {
  if (today <= editableUntil(period.endsOn, graceDays)) return true;
  return period.reopenedUntil !== null && new Date(period.reopenedUntil).getTime() > now.getTime();
}

/** Ratings scopes: a family reads its children's published periods, `own` rates the groups taught, `school` any. */
export type RatingScope = "school" | "own" | "family";

/**
 * Who rates what: scorings.search reads the whole school (Director, Coordinador), and with scorings.update rates
 * any group, closes, reopens and publishes periods (the Director); a Docente (no search) rates the groups they head
 * or teach; a family reads their own children's published ratings.
 */
export function ratingScope(profileName: string, grants: ReadonlySet<string>): RatingScope {
  if (profileName === ROLE_FAMILIAR) return "family";
  return grants.has("scorings.search") ? "school" : "own";
}

/** True when the member manages the school's periods (reopen, publish) and reads every group's completion. */
export const managesRatings = (grants: ReadonlySet<string>) =>
  grants.has("scorings.search") && grants.has("scorings.update");

/** Where a points balance starts: the school year's or the period's first day, or never (null). */
export function balanceStartsOn(
  reset: PointsReset,
  year: { startsOn: string },
  period: { startsOn: string } | null,
): string | null {
  if (reset === "none") return null;
  if (reset === "period" && period) return period.startsOn;
  return year.startsOn;
}
