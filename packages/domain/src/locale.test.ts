import { describe, expect, it } from "vitest";
import { byText, formatNumber, formatPercent, formatRatio } from "./locale.ts";

// Issue 26 §6: a Mexican school writes 8.5 and 1.3:1 — the point in both languages, never "8,5".
describe("numbers as a Mexican school writes them", () => {
  it.each(["es", "en"])("%s: a grade, an average and a ratio with the decimal point", (lang) => {
    expect(formatNumber(8.5, lang)).toBe("8.5");
    expect(formatNumber(7.25, lang, 2)).toBe("7.25");
    expect(formatRatio(4 / 3, lang)).toBe("1.3:1");
    expect(formatPercent(0.254, lang)).toBe("25.4%");
  });

  it.each(["es", "en"])("%s: thousands with a comma, whole numbers without decimals", (lang) => {
    expect(formatNumber(1234, lang)).toBe("1,234");
    expect(formatNumber(12345.5, lang)).toBe("12,345.5");
    expect(formatNumber(10, lang)).toBe("10");
    expect(formatPercent(0.5, lang, 0)).toBe("50%");
  });

  it("rounds to the decimals asked for", () => {
    expect(formatNumber(2.46, "es")).toBe("2.5");
    expect(formatNumber(2.46, "es", 0)).toBe("2");
  });
});

describe("names in the language's alphabetical order", () => {
  it("puts Ramírez before Ramos and Álvarez first (accents are not last)", () => {
    const names = ["Ramos", "Zapata", "Ramírez", "Álvarez", "ramírez"];
    expect(names.sort(byText("es"))).toEqual(["Álvarez", "Ramírez", "ramírez", "Ramos", "Zapata"]);
  });

  it("orders rows by a key and numbers by value (2° before 10°)", () => {
    const rows = [{ name: "10° A" }, { name: "2° A" }, { name: "Ñandú" }, { name: "Ortiz" }];
    expect(rows.sort(byText("en", (r) => r.name)).map((r) => r.name)).toEqual(["2° A", "10° A", "Ñandú", "Ortiz"]);
  });
});
