import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { ACTION_MESSAGES, ERRORS, LEVEL_NAMES } from "@convive/domain";
import { describe, expect, it } from "vitest";
import { NOTIFICATION_TEXTS } from "../src/modules/notifications/notification-texts.ts";

/**
 * Issue 26 §6: one word for each thing, on every screen, PDF, e-mail and message. Read from the files themselves,
 * so a new namespace, template or label is checked without being registered here.
 */

const ROOT = join(import.meta.dirname, "../../..");
const SKIP = new Set(["node_modules", "dist", "dist-layout", "test", "e2e", "migrations"]);

/** Every source and text file under a folder (tests, builds and generated SQL left out). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIP.has(name) ? [] : filesUnder(path);
    return /\.(ts|tsx|json|html)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every text of a locale file with its dotted key. */
function textsOf(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => textsOf(v, prefix ? `${prefix}.${k}` : k));
}

const locale = (lang: "es" | "en") => {
  const dir = join(ROOT, "apps/web/src/locales", lang);
  return readdirSync(dir).flatMap((file) =>
    textsOf(JSON.parse(readFileSync(join(dir, file), "utf8"))).map(([key, text]) => `${lang}/${file} ${key}: ${text}`),
  );
};

/** What the server and the domain say in one language: errors, action toasts and notifications. */
const serverTexts = (lang: "es" | "en") => [
  ...Object.entries(ERRORS).map(([code, m]) => `error ${code}: ${m[lang]}`),
  ...Object.entries(ACTION_MESSAGES).map(([key, m]) => `action ${key}: ${m[lang]}`),
  ...Object.entries(NOTIFICATION_TEXTS).flatMap(([type, m]) => [
    `notification ${type}: ${m.title[lang]}`,
    `notification ${type}: ${m.body[lang]}`,
  ]),
];

describe("one word for incidents in Spanish: incidencia", () => {
  const INCIDENTE = /\bincidentes?\b/i;

  it("the web's Spanish texts, error and action messages and notifications never say «incidente»", () => {
    const texts = [...locale("es"), ...serverTexts("es")];
    expect(texts.length).toBeGreaterThan(500);
    expect(texts.filter((line) => INCIDENTE.test(line))).toEqual([]);
  });

  it("nor does any PDF, spreadsheet, e-mail or screen written in the code", () => {
    const roots = ["apps/server/src", "apps/web/src", "packages/domain/src"].map((d) => join(ROOT, d));
    const found = roots.flatMap(filesUnder).flatMap((path) =>
      readFileSync(path, "utf8")
        .split("\n")
        .flatMap((line, i) => (INCIDENTE.test(line) ? [`${relative(ROOT, path)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});

describe("English level names: the ones of LEVEL_NAMES (Primary, Secondary…) on every screen", () => {
  const english = () => [...locale("en"), ...serverTexts("en")];

  it("the product's English names are Preschool, Primary, Secondary and High school", () => {
    expect(LEVEL_NAMES.map((l) => l.en)).toEqual(["Preschool", "Primary", "Secondary", "High school"]);
  });

  it("no English text names a level another way (Elementary, Middle school, Kindergarten…)", () => {
    const OTHER_NAMES = /\b(elementary|middle school|junior high|kindergarten|primary school|secondary school)\b/i;
    expect(english().filter((line) => OTHER_NAMES.test(line))).toEqual([]);
  });

  it("no English text gives a level its Spanish name", () => {
    const spanish = new RegExp(`\\b(${LEVEL_NAMES.map((l) => l.es).join("|")})\\b`, "i");
    expect(english().filter((line) => spanish.test(line))).toEqual([]);
  });
});
