import { describe, expect, it } from "vitest";
import { isSchoolDay, isStepOverdue, stepDeadline } from "./protocols.ts";

const MX = "America/Mexico_City"; // UTC-6 all year since 2022
const at = (iso: string) => new Date(iso);

describe("stepDeadline, the school's clock", () => {
  it.each([
    // Registered Wednesday 25 Nov 2026, 10:00 in Mexico City (16:00 UTC).
    [
      "same day: the end of that day there",
      "2026-11-25T16:00:00Z",
      { kind: "same_day", amount: 0 },
      "2026-11-26T05:59:59.999Z",
    ],
    ["24 hours later", "2026-11-25T16:00:00Z", { kind: "hours", amount: 24 }, "2026-11-26T16:00:00.000Z"],
    [
      "1 school day: Thursday's end",
      "2026-11-25T16:00:00Z",
      { kind: "school_days", amount: 1 },
      "2026-11-27T05:59:59.999Z",
    ],
    [
      "5 school days from Wednesday: next Wednesday",
      "2026-11-25T16:00:00Z",
      { kind: "school_days", amount: 5 },
      "2026-12-03T05:59:59.999Z",
    ],
    [
      "5 school days from Friday skip the weekend: next Friday",
      "2026-11-27T16:00:00Z",
      { kind: "school_days", amount: 5 },
      "2026-12-05T05:59:59.999Z",
    ],
    [
      "1 school day from Friday: Monday",
      "2026-11-27T16:00:00Z",
      { kind: "school_days", amount: 1 },
      "2026-12-01T05:59:59.999Z",
    ],
    [
      "1 school day from Saturday: Monday",
      "2026-11-28T16:00:00Z",
      { kind: "school_days", amount: 1 },
      "2026-12-01T05:59:59.999Z",
    ],
    [
      "2 school days from Sunday: Tuesday",
      "2026-11-29T16:00:00Z",
      { kind: "school_days", amount: 2 },
      "2026-12-02T05:59:59.999Z",
    ],
    // 23:30 on Friday in Mexico City is already Saturday in UTC: the school's day counts, not UTC's.
    [
      "late Friday evening is still Friday there",
      "2026-11-28T05:30:00Z",
      { kind: "same_day", amount: 0 },
      "2026-11-28T05:59:59.999Z",
    ],
    [
      "late Friday evening + 1 school day: Monday",
      "2026-11-28T05:30:00Z",
      { kind: "school_days", amount: 1 },
      "2026-12-01T05:59:59.999Z",
    ],
  ] as const)("%s", (_, start, rule, due) => {
    expect(stepDeadline(at(start), rule, MX).toISOString()).toBe(due);
  });

  it("reads another zone's day and its daylight-saving change", () => {
    // Madrid: 25 Oct 2026 is the change to winter time (the day has 25 hours).
    expect(
      stepDeadline(at("2026-10-25T08:00:00Z"), { kind: "same_day", amount: 0 }, "Europe/Madrid").toISOString(),
    ).toBe("2026-10-25T22:59:59.999Z");
    expect(
      stepDeadline(at("2026-10-23T08:00:00Z"), { kind: "school_days", amount: 1 }, "Europe/Madrid").toISOString(),
    ).toBe("2026-10-26T22:59:59.999Z");
  });
});

describe("school days and overdue", () => {
  it("skips Saturdays and Sundays", () => {
    expect(["2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30"].map(isSchoolDay)).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });

  it("a pending step past its deadline is overdue; done or waived never", () => {
    const now = at("2026-11-26T12:00:00Z");
    expect(isStepOverdue({ status: "pending", due_at: "2026-11-26T11:59:59Z" }, now)).toBe(true);
    expect(isStepOverdue({ status: "pending", due_at: "2026-11-26T12:00:01Z" }, now)).toBe(false);
    expect(isStepOverdue({ status: "done", due_at: "2026-11-20T00:00:00Z" }, now)).toBe(false);
    expect(isStepOverdue({ status: "waived", due_at: "2026-11-20T00:00:00Z" }, now)).toBe(false);
  });
});
