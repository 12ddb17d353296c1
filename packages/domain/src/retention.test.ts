import { describe, expect, it } from "vitest";
import { RETENTION_CATEGORIES, RETENTION_RULES, retentionDueOn, retentionStep } from "./retention.ts";

describe("retentionDueOn", () => {
  it.each([
    ["2026-07-15", 5, "2031-07-15"],
    ["2026-07-15", 1, "2027-07-15"],
    ["2024-02-29", 1, "2025-02-28"],
    ["2024-02-29", 4, "2028-02-29"],
    ["2026-12-31", 2, "2028-12-31"],
  ])("left %s, kept %i years → expires %s", (leftOn, years, expected) => {
    expect(retentionDueOn(leftOn, years)).toBe(expected);
  });
});

describe("retentionStep", () => {
  const base = { dueOn: "2031-07-15", noticeDays: 30, noticedOn: null as string | null, held: false };
  it.each([
    ["long before the notice window", { today: "2031-01-01" }, "keep"],
    ["31 days before: not yet told", { today: "2031-06-14" }, "keep"],
    ["30 days before: the Director is told", { today: "2031-06-15" }, "notify"],
    ["told, the day not reached", { today: "2031-07-14", noticedOn: "2031-06-15" }, "keep"],
    ["told 30 days before, the day reached", { today: "2031-07-15", noticedOn: "2031-06-15" }, "anonymise"],
    ["told, long past the day", { today: "2035-01-01", noticedOn: "2031-06-15" }, "anonymise"],
    ["past due but never told: told first", { today: "2032-01-01" }, "notify"],
    [
      "past due, told 10 days ago: waits for the notice's 30 days",
      { today: "2032-01-11", noticedOn: "2032-01-01" },
      "keep",
    ],
    ["past due, told 30 days ago", { today: "2032-01-31", noticedOn: "2032-01-01" }, "anonymise"],
    ["due but held (open protocol or referral)", { today: "2031-07-15", noticedOn: "2031-06-15", held: true }, "held"],
    ["held within the window: no notice", { today: "2031-06-20", held: true }, "held"],
    ["held long before the window: kept", { today: "2030-01-01", held: true }, "keep"],
  ] as const)("%s", (_name, change, expected) => {
    expect(retentionStep({ ...base, ...change })).toBe(expected);
  });
});

describe("defaults", () => {
  it("every category has a default within its own floor; health records keep at least 5 years", () => {
    for (const c of RETENTION_CATEGORIES)
      expect(RETENTION_RULES[c].years).toBeGreaterThanOrEqual(RETENTION_RULES[c].min);
    expect(RETENTION_RULES.nursing.min).toBe(5);
    expect(RETENTION_RULES.incidents.years).toBe(5);
  });
});
