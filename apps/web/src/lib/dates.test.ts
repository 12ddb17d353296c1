import { describe, expect, it } from "vitest";
import { pickerDays } from "./dates.ts";

// What a date picker's field reads once days are chosen: the same words as every other date (issue 12 §5).
describe("date pickers", () => {
  const input = { locale: "es", format: "", labelSeparator: "–" } as const;

  it("writes a chosen day as '25 nov 2026' / 'Nov 25, 2026', without dayjs's 'nov.'", () => {
    expect(pickerDays({ ...input, type: "default", date: "2026-11-25" })).toBe("25 nov 2026");
    expect(pickerDays({ ...input, locale: "en", type: "default", date: "2026-11-25" })).toBe("Nov 25, 2026");
    expect(pickerDays({ ...input, type: "default", date: null })).toBe("");
  });

  it("writes a range, half a range and several days", () => {
    expect(pickerDays({ ...input, type: "range", date: ["2026-11-01", "2026-11-25"] })).toBe(
      "1 nov 2026 – 25 nov 2026",
    );
    expect(pickerDays({ ...input, type: "range", date: ["2026-11-01", null] })).toBe("1 nov 2026 – ");
    expect(pickerDays({ ...input, locale: "en", type: "multiple", date: ["2026-09-03", "2026-09-04"] })).toBe(
      "Sep 3, 2026, Sep 4, 2026",
    );
  });
});
