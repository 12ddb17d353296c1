import { describe, expect, it } from "vitest";
import { largest, listOf, tickLabel } from "./chart-text.ts";

describe("chart texts (issue 26 §6)", () => {
  it("cuts a long axis label to one line with an ellipsis and leaves a short one alone", () => {
    expect(tickLabel("Patio", 16)).toBe("Patio");
    expect(tickLabel("Acoso escolar (hostigamiento reiterado)", 16)).toBe("Acoso escolar (…");
    expect(tickLabel("Acoso escolar (hostigamiento reiterado)", 16).length).toBeLessThanOrEqual(16);
  });

  it("names every bar that shares the largest value", () => {
    const bars = [
      { label: "1° A", value: 8 },
      { label: "5° A", value: 8 },
      { label: "2° B", value: 3 },
    ];
    expect(largest(bars).map((b) => b.label)).toEqual(["1° A", "5° A"]);
    expect(listOf(["Leve 22", "Grave 21", "Muy grave 16"], "es")).toBe("Leve 22, Grave 21 y Muy grave 16");
    expect(listOf(["Minor 22", "Serious 21", "Very serious 16"], "en")).toBe(
      "Minor 22, Serious 21, and Very serious 16",
    );
  });
});
