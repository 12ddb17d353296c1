import { describe, expect, it } from "vitest";

// Every namespace file on disk, so a new feature's translations are checked without registering them.
const files = import.meta.glob<Record<string, unknown>>("./*/*.json", { eager: true, import: "default" });
const resources: Record<"es" | "en", Record<string, Record<string, unknown>>> = { es: {}, en: {} };
for (const [path, data] of Object.entries(files)) {
  const [, lng, ns] = /^\.\/(es|en)\/(.+)\.json$/.exec(path) ?? [];
  if (lng === "es" || lng === "en") resources[lng][ns!] = data;
}

/** Leaf keys as dotted paths; i18next plural suffixes are kept, so both languages must have the same forms. */
function keysOf(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object") return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

describe("locales", () => {
  it("have the same namespaces in es and en", () => {
    expect(Object.keys(resources.en).sort()).toEqual(Object.keys(resources.es).sort());
  });

  for (const namespace of Object.keys(resources.es)) {
    it(`have the same keys in es and en for "${namespace}"`, () => {
      const es = keysOf(resources.es[namespace]).sort();
      const en = keysOf(resources.en[namespace]).sort();
      expect({
        namespace,
        onlyInEs: es.filter((k) => !en.includes(k)),
        onlyInEn: en.filter((k) => !es.includes(k)),
      }).toEqual({
        namespace,
        onlyInEs: [],
        onlyInEn: [],
      });
    });

    it(`have no empty texts in "${namespace}"`, () => {
      for (const lng of ["es", "en"] as const) {
        const empty = keysOf(resources[lng][namespace]).filter((k) => {
          const text = k
            .split(".")
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources[lng][namespace]);
          return typeof text !== "string" || text.trim() === "";
        });
        expect({ lng, empty }).toEqual({ lng, empty: [] });
      }
    });
  }
});
