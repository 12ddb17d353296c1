/**
 * Names the product itself proposes — levels, periods and places — in Spanish and English, and how a reader gets
 * their own language of a list entry (issue 12 §6). Schools keep editing both names; these only fill the English
 * one when a Spanish name the product knows is used and no English name was given.
 */

/** One product-defined name in both languages. */
export interface NamePair {
  es: string;
  en: string;
}

/** Levels (niveles) the structure configurator suggests, in the order they are taught. */
export const LEVEL_NAMES: readonly NamePair[] = [
  { es: "Preescolar", en: "Preschool" },
  { es: "Primaria", en: "Primary" },
  { es: "Secundaria", en: "Secondary" },
  { es: "Preparatoria", en: "High school" },
];

/** The words a period is named with ("Bimestre 1", "Trimestre 2"…). */
const PERIOD_WORDS: readonly NamePair[] = [
  { es: "Bimestre", en: "Bimester" },
  { es: "Trimestre", en: "Trimester" },
  { es: "Cuatrimestre", en: "Four-month term" },
  { es: "Semestre", en: "Semester" },
  { es: "Periodo", en: "Period" },
  { es: "Parcial", en: "Partial" },
];

/**
 * Places of the registration's quick picks: the first six are offered to every school, the rest are only
 * recognised (so a place typed in Spanish reads in English and the other way round).
 */
export const PLACE_NAMES: readonly NamePair[] = [
  { es: "Salón de clases", en: "Classroom" },
  { es: "Patio", en: "Playground" },
  { es: "Pasillo", en: "Hallway" },
  { es: "Baños", en: "Restrooms" },
  { es: "Cafetería", en: "Cafeteria" },
  { es: "Entrada y salida", en: "Entrance and exit" },
  { es: "Entrada", en: "Entrance" },
  { es: "Cooperativa", en: "School shop" },
  { es: "Canchas", en: "Sports courts" },
  { es: "Laboratorio", en: "Laboratory" },
  { es: "Biblioteca", en: "Library" },
  { es: "Gimnasio", en: "Gym" },
  { es: "Auditorio", en: "Auditorium" },
  { es: "Transporte escolar", en: "School bus" },
];

/** How many of PLACE_NAMES every school is offered as quick picks. */
export const QUICK_PLACE_COUNT = 6;

/** Case and accents ignored, spaces squeezed: "  periodo 1" and "Período 1" compare equal. */
const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

const pairOf = (list: readonly NamePair[], name: string) => {
  const key = fold(name);
  return list.find((p) => fold(p.es) === key || fold(p.en) === key);
};

/** The English name of a level the product knows ("Primaria" → "Primary"), else null. */
export const englishLevelName = (name: string): string | null =>
  LEVEL_NAMES.find((p) => fold(p.es) === fold(name))?.en ?? null;

/** The English name of a period named "<word> <number>" ("Bimestre 2" → "Bimester 2"), else null. */
export function englishPeriodName(name: string): string | null {
  const match = /^(\S+)\s+(\d{1,2})$/.exec(name.trim());
  if (!match) return null;
  const word = PERIOD_WORDS.find((w) => fold(w.es) === fold(match[1]!));
  return word ? `${word.en} ${match[2]}` : null;
}

/** A place in the reader's language when the product knows it in either language; any other text as it is. */
export function placeName(text: string, language: string): string {
  const pair = pairOf(PLACE_NAMES, text);
  if (!pair) return text.trim();
  return language === "en" ? pair.en : pair.es;
}

/** The quick-pick places every school is offered, in the reader's language. */
export const quickPlaces = (language: string) =>
  PLACE_NAMES.slice(0, QUICK_PLACE_COUNT).map((p) => (language === "en" ? p.en : p.es));

/**
 * The name a reader sees of an entry whose Spanish name is `name` (profiles, levels, periods): English when asked
 * for and present, otherwise Spanish — as localizedName does for lists that call it name_es.
 */
export const localName = (row: { name: string; name_en?: string | null }, language: string) =>
  language === "en" && row.name_en ? row.name_en : row.name;

/** An incident type's formative guidelines in the reader's language (English when the type has them). */
export const localGuidelines = (
  type: { guidelines: readonly string[]; guidelines_en?: readonly string[] | null },
  language: string,
): string[] => [...(language === "en" && type.guidelines_en?.length ? type.guidelines_en : type.guidelines)];
