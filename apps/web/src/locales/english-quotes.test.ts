import { describe, expect, it } from "vitest";

// Every English namespace on disk, so a new feature's texts are checked without registering them.
const files = import.meta.glob<Record<string, unknown>>("./en/*.json", { eager: true, import: "default" });

/** Every text of a namespace with its dotted key. */
function textsOf(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => textsOf(v, prefix ? `${prefix}.${k}` : k));
}

describe("English texts (issue 12 §6)", () => {
  it("quote with English quotation marks “…”, never the Spanish «…»", () => {
    const spanishQuotes = Object.entries(files).flatMap(([path, data]) =>
      textsOf(data)
        .filter(([, text]) => /[«»]/.test(text))
        .map(([key, text]) => `${path} ${key}: ${text}`),
    );
    expect(Object.keys(files).length).toBeGreaterThan(10);
    expect(spanishQuotes).toEqual([]);
  });
});
