import { ACTION_MESSAGES, ERRORS } from "@convive/domain/core";
import { describe, expect, it } from "vitest";

/**
 * Toasts in sentence case (issue 26 §6: "Guardado correctamente", never "Guardado Correctamente"): only the first
 * word of a sentence starts with a capital, besides names. The toasts are found where the code shows them — every
 * key named in a `toast(…)` call or in a save's success/failure message — plus the spec's action messages and
 * the server's error messages, which the web toasts as the server wrote them.
 */

const locales = import.meta.glob<Record<string, unknown>>("./*/*.json", { eager: true, import: "default" });
const sources = import.meta.glob<string>(["../**/*.{ts,tsx}", "!../**/*.test.{ts,tsx}", "!../test/**"], {
  eager: true,
  query: "?raw",
  import: "default",
});

/** Names that keep their capitals inside a sentence: the product, file formats, keys and the fixed profile names. */
const NAMES = new Set([
  "Convive",
  "Excel",
  "Word",
  "WebP",
  "Enter",
  "Esc",
  "Tab",
  "Director",
  "Familiar",
  "Idempotency-Key",
]);

type Tree = { [key: string]: unknown };

function lookup(lang: "es" | "en", key: string, ns: string): string[] {
  const [namespace, path] = key.includes(":") ? (key.split(":") as [string, string]) : [ns, key];
  const tree = locales[`./${lang}/${namespace}.json`] as Tree | undefined;
  const parts = path.split(".");
  const last = parts.pop()!;
  const parent = parts.reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree) as Tree | undefined;
  if (!parent) return [];
  // The key itself, or its plural forms.
  return Object.entries(parent)
    .filter(([k, v]) => typeof v === "string" && (k === last || k.startsWith(`${last}_`)))
    .map(([, v]) => v as string);
}

/** Every locale key a toast may show, with the texts it has in both languages. */
function toastTexts(): [string, string][] {
  const found: [string, string][] = [];
  for (const [file, code] of Object.entries(sources)) {
    const ns = /useTranslation\(\s*\[?\s*"([\w-]+)"/.exec(code)?.[1] ?? "common";
    const sites = code.matchAll(/(?:\btoast\(|\b(?:success|failure|successMessage|failureMessage):)([^;]{0,240})/g);
    for (const [, site] of sites) {
      for (const [, key] of site!.matchAll(/"((?:[\w-]+:)?[a-zA-Z][\w]*(?:\.[\w]+)*)"/g)) {
        for (const lang of ["es", "en"] as const) {
          for (const text of [...lookup(lang, key!, ns), ...(ns === "common" ? [] : lookup(lang, key!, "common"))]) {
            found.push([`${file} ${lang}:${key}`, text]);
          }
        }
      }
    }
  }
  return found;
}

/**
 * Messages the product spec quotes (§4, §8: 'Sesión Iniciada', 'Sesión Cerrada!', 'Error al Iniciar Sesión',
 * 'Failed to assign Permissions!'…) are binding word for word, capitals included: the spec outranks the issue's
 * sentence-case rule for exactly these texts, and for no other.
 */
const SPEC_QUOTED = new Set([
  "Sesión Iniciada",
  "Sesión Cerrada!",
  "Sesión vencida!",
  "Error al Iniciar Sesión",
  "Failed to assign Permissions!",
]);

/** The words after a sentence's first that start with a capital and are not names or acronyms. */
function titleCaseWords(text: string): string[] {
  if (SPEC_QUOTED.has(text)) return [];
  const plain = text
    .replace(/\{\{?[^}]*\}\}?/g, "x") // placeholders
    .replace(/«[^»]*»|“[^”]*”|"[^"]*"|'[^']*'/g, "x"); // quoted names
  return plain
    .split(/(?<=[.!?:;¿¡·])\s+/)
    .flatMap((sentence) => sentence.trim().split(/\s+/).slice(1))
    .map((word) => word.replace(/^[¡¿(]+|[.,;:!?)]+$/g, ""))
    .filter((word) => /^[A-ZÁÉÍÓÚÑ][a-záéíóúñü]/.test(word) && !NAMES.has(word));
}

describe("toasts in sentence case (issue 26 §6)", () => {
  it("the check itself: flags a capital inside a sentence, not names, acronyms or a new sentence", () => {
    expect(titleCaseWords("Guardado Correctamente")).toEqual(["Correctamente"]);
    expect(titleCaseWords("Failed to assign Other Permissions!")).toEqual(["Other", "Permissions"]);
    expect(titleCaseWords("Failed to assign Permissions!")).toEqual([]);
    expect(titleCaseWords("Sesión Abierta!")).toEqual(["Abierta"]);
    expect(titleCaseWords("Sesión Cerrada!")).toEqual([]);
    expect(titleCaseWords("Asignadas: {{assigned}} · Rechazadas: {{refused}}")).toEqual([]);
    expect(titleCaseWords("¡Guardado con éxito!")).toEqual([]);
    expect(titleCaseWords("No se pudo. Inténtalo de nuevo en Convive con un PDF.")).toEqual([]);
    expect(titleCaseWords("«{{name}}» quedó en {{group}}")).toEqual([]);
  });

  it("finds the toasts the code shows", () => {
    const keys = toastTexts().map(([where]) => where.split(" ").at(-1));
    expect(keys).toContain("es:common:messages.saved");
    expect(keys).toContain("en:common:messages.signedIn");
    expect(keys.length).toBeGreaterThan(40);
  });

  it("every toast text in the locale files", () => {
    const wrong = toastTexts()
      .filter(([, text]) => titleCaseWords(text).length > 0)
      .map(([where, text]) => `${where}: ${text}`);
    expect([...new Set(wrong)]).toEqual([]);
  });

  it("the spec's action messages and the server's error messages", () => {
    const texts = [
      ...Object.entries(ACTION_MESSAGES).flatMap(([k, m]) => [`${k}.es: ${m.es}`, `${k}.en: ${m.en}`]),
      ...Object.entries(ERRORS).flatMap(([k, m]) => [`${k}.es: ${m.es}`, `${k}.en: ${m.en}`]),
    ];
    expect(texts.filter((line) => titleCaseWords(line.slice(line.indexOf(": ") + 2)).length > 0)).toEqual([]);
  });

  it("the common messages, which every feature toasts", () => {
    for (const lang of ["es", "en"] as const) {
      const messages = locales[`./${lang}/common.json`]!.messages as Record<string, string>;
      const wrong = Object.entries(messages).filter(([, text]) => titleCaseWords(text).length > 0);
      expect({ lang, wrong }).toEqual({ lang, wrong: [] });
    }
  });
});
