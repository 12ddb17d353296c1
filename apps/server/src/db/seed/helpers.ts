import type { Address } from "../schema/index.ts";

/** Deterministic pseudo-random numbers (mulberry32) so every run loads exactly the same demo data. */
export class Rng {
  private state: number;

  constructor(seed: string) {
    let h = 2166136261;
    for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
    this.state = h >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]!;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  weighted<T>(options: readonly (readonly [T, number])[]): T {
    const total = options.reduce((sum, [, w]) => sum + w, 0);
    let roll = this.next() * total;
    for (const [value, weight] of options) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return options[options.length - 1]![0];
  }

  shuffle<T>(list: T[]): T[] {
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    return list;
  }

  digits(count: number): string {
    let out = "";
    for (let i = 0; i < count; i++) out += String(this.int(0, 9));
    return out;
  }
}

const CHUNK = 500;

/** Runs `run` on slices of at most 500 rows and concatenates what each slice returns. */
export async function inChunks<R, T>(rows: readonly R[], run: (chunk: R[]) => PromiseLike<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(...(await run(rows.slice(i, i + CHUNK))));
  return out;
}

/** Runs `run` (an insert without returning) on slices of at most 500 rows. */
export async function eachChunk<R>(rows: readonly R[], run: (chunk: R[]) => PromiseLike<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await run(rows.slice(i, i + CHUNK));
}

/** A calendar day as YYYY-MM-DD. */
export function isoDay(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** A day of the given calendar year. */
export const dayInYear = (rng: Rng, year: number) => isoDay(year, 1, rng.int(1, 365));

export interface PersonName {
  firstName: string;
  paternalSurname: string;
  maternalSurname: string;
}

/** Upper case, no accents, Ñ as X (how CURP and RFC write names). */
const plain = (text: string) =>
  text
    .toUpperCase()
    .replaceAll("Ñ", "X")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Z ]/g, "");

const PARTICLES = new Set(["DE", "DEL", "LA", "LAS", "LOS", "Y", "MC", "MAC", "VAN", "VON"]);
const COMMON_FIRST = new Set(["MARIA", "MA", "JOSE", "J"]);
const VOWELS = "AEIOU";
/** A few of the words the CURP rules keep out of the first four letters. */
const AWKWARD = new Set(["BUEI", "BUEY", "CACA", "CAGO", "COGE", "CULO", "FETO", "GUEY", "JOTO", "KAKA", "MEAR"]);

const surnameKey = (surname: string) => {
  const parts = plain(surname).split(" ").filter(Boolean);
  return parts.filter((p) => !PARTICLES.has(p)).join("") || parts.join("") || "X";
};

const firstNameKey = (firstName: string) => {
  const parts = plain(firstName).split(" ").filter(Boolean);
  return (parts.length > 1 && COMMON_FIRST.has(parts[0]!) ? parts[1]! : parts[0]) ?? "X";
};

const firstInner = (word: string, vowel: boolean) =>
  [...word.slice(1)].find((c) => VOWELS.includes(c) === vowel) ?? "X";

function nameLetters(p: PersonName) {
  const paternal = surnameKey(p.paternalSurname);
  const maternal = p.maternalSurname.trim() ? surnameKey(p.maternalSurname) : "X";
  const first = firstNameKey(p.firstName);
  let four = paternal[0]! + firstInner(paternal, true) + maternal[0]! + first[0]!;
  if (AWKWARD.has(four)) four = `${four.slice(0, 3)}X`;
  return { four, paternal, maternal, first };
}

const yymmdd = (isoDate: string) => isoDate.slice(2, 4) + isoDate.slice(5, 7) + isoDate.slice(8, 10);

const CURP_ALPHABET = "0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ";

/** A CURP that follows the official layout, including its check digit. `state` is the two-letter birth state. */
export function buildCurp(p: PersonName, birthday: string, sex: "H" | "M", state: string, rng: Rng): string {
  const { four, paternal, maternal, first } = nameLetters(p);
  const consonants = [paternal, maternal, first].map((w) => (w === "X" ? "X" : firstInner(w, false))).join("");
  // Homonym differentiator: a digit for people born before 2000, a letter after.
  const differentiator = Number(birthday.slice(0, 4)) < 2000 ? String(rng.int(0, 9)) : rng.pick(["A", "A", "B", "C"]);
  const body = four + yymmdd(birthday) + sex + state + consonants + differentiator;
  const sum = [...body].reduce((acc, ch, i) => acc + CURP_ALPHABET.indexOf(ch) * (18 - i), 0);
  return body + String((10 - (sum % 10)) % 10);
}

const HOMOCLAVE = "123456789ABCDEFGHIJKLMNPQRSTUVWXYZ";

/** An RFC of a natural person: four letters, birth date and a three-character homoclave. */
export function buildRfc(p: PersonName, birthday: string, rng: Rng): string {
  const homoclave = rng.pick([...HOMOCLAVE]) + rng.pick([...HOMOCLAVE]) + rng.pick([..."0123456789A"]);
  return nameLetters(p).four + yymmdd(birthday) + homoclave;
}

/** Where a household lives: a neighbourhood and the city it belongs to. */
export interface Place {
  neighbourhood: string;
  postalCode: string;
  /** Municipality outside Mexico City, alcaldía (delegation) inside it. */
  area: string;
  city: string;
  state: string;
  isCdmx: boolean;
}

export function buildAddress(rng: Rng, streets: readonly string[], place: Place): Address {
  return {
    street: rng.pick(streets),
    outside_number: String(rng.int(1, 1800)),
    inside_number: rng.chance(0.3) ? `Depto. ${rng.int(1, 12)}` : "",
    neighbourhood: place.neighbourhood,
    postal_code: place.postalCode,
    municipality: place.isCdmx ? "" : place.area,
    delegation: place.isCdmx ? place.area : "",
    city: place.city,
    state: place.state,
    country: "México",
  };
}

/** A ten-digit Mexican phone number in the given area (55 Mexico City, 81 Monterrey). */
export const phoneNumber = (rng: Rng, areaCode: string) => areaCode + rng.digits(10 - areaCode.length);
