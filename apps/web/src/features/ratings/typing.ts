import { readValue, type ScaleDefinition, scaleValues, valueColour, valueLabel } from "@convive/domain";

/**
 * What the keys typed into a cell mean on its scale: a value, and whether typing more could still make another
 * one ("8" may become "8.5"; "E", "10" or "8.5" cannot). `dead`: nothing longer is on the scale either, so the grid
 * warns at once (quoting all that was typed); the value itself is written only when the edit is committed.
 */
export function interpret(
  scale: ScaleDefinition,
  typed: string,
): { value: string | null; final: boolean; dead: boolean } {
  const value = readValue(scale, typed);
  if (scale.kind === "levels") return { value, final: value !== null, dead: value === null };
  const text = typed.trim().replace(",", ".");
  const longer = scaleValues(scale).some((v) => v.startsWith(text) && v !== text);
  return { value, final: value !== null && !longer, dead: value === null && !longer };
}

export const clamp = (n: number, max: number) => Math.max(0, Math.min(max, n));

/** A stored value's label and colour on the version it was given on (levels: the level's colour). */
export function shownValue(definition: ScaleDefinition | undefined, value: string, language: string) {
  if (!definition) return { label: value, colour: null, passing: true };
  const passing =
    definition.kind === "numeric"
      ? Number(value) >= definition.passing
      : (definition.levels.find((l) => l.code === value)?.passing ?? true);
  return { label: valueLabel(definition, value, language), colour: valueColour(definition, value), passing };
}
