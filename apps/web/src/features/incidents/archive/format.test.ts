import type { FormativeAction, IncidentListItem } from "@convive/domain";
import { describe, expect, it } from "vitest";
import {
  datePresets,
  nextOpenOn,
  pageCount,
  pageRange,
  progressOf,
  sortActions,
  studentNameIn,
  totalLabel,
} from "./format.ts";

describe("counting and pages", () => {
  const page = (total: number | null, capped: boolean, pageNo: number, rows: number) => ({
    total,
    total_capped: capped,
    page: pageNo,
    per_page: 25,
    incidents: Array.from({ length: rows }) as IncidentListItem[],
  });

  it("says 10,000+ past the cap", () => {
    expect(totalLabel({ total: 10_000, total_capped: true }, "en")).toBe("10,000+");
    expect(totalLabel({ total: 1234, total_capped: false }, "en")).toBe("1,234");
    expect(totalLabel({ total: 10_000, total_capped: true }, "es")).toBe("10,000+");
    expect(totalLabel({ total: null, total_capped: false }, "es")).toBe("…");
  });

  it("offers the next page while a full page's count is on its way", () => {
    expect(pageCount(page(null, false, 1, 25))).toBe(2);
    expect(pageCount(page(null, false, 3, 25))).toBe(4);
  });

  it("counts pages, offering one more past the cap while pages are full", () => {
    expect(pageCount(page(0, false, 1, 0))).toBe(1);
    expect(pageCount(page(51, false, 1, 25))).toBe(3);
    expect(pageCount(page(10_000, true, 1, 25))).toBe(400);
    expect(pageCount(page(10_000, true, 400, 25))).toBe(401);
    expect(pageCount(page(10_000, true, 401, 3))).toBe(401);
  });

  it("gives the rows shown", () => {
    expect(pageRange(page(51, false, 3, 1))).toEqual({ first: 51, last: 51 });
    expect(pageRange(page(0, false, 1, 0))).toBeNull();
  });
});

describe("students", () => {
  const incident = (students: IncidentListItem["students"]) => ({ students }) as IncidentListItem;
  it("finds a filtered student's name among the rows", () => {
    const rows = [
      incident([{ id: null, name: null, enrollment: null, photo: null, role: "affected", group_label: null }]),
      incident([{ id: 7, name: "Ana López", enrollment: "A1", photo: null, role: "involved", group_label: "1° A" }]),
    ];
    expect(studentNameIn(rows, 7)).toBe("Ana López");
    expect(studentNameIn(rows, 8)).toBeNull();
    expect(studentNameIn(undefined, 7)).toBeNull();
  });
});

describe("formative actions", () => {
  const action = (id: number, state: FormativeAction["state"], open: string[], done: string[] = []) =>
    ({
      id,
      state,
      incident_folio: id,
      starts_on: [...open, ...done].sort()[0] ?? "2026-01-01",
      ends_on: null,
      waived_at: state === "waived" ? "2026-01-02T00:00:00Z" : null,
      occurrences: [
        ...open.map((on) => ({ on, completed_at: null, completed_by: null, note: null })),
        ...done.map((on) => ({ on, completed_at: `${on}T15:00:00Z`, completed_by: null, note: null })),
      ],
    }) as unknown as FormativeAction;

  it("finds the next open occurrence and the progress", () => {
    const a = action(1, "overdue", ["2026-03-09", "2026-03-02"], ["2026-02-23"]);
    expect(nextOpenOn(a)).toBe("2026-03-02");
    expect(progressOf(a)).toEqual({ done: 1, total: 3 });
    expect(nextOpenOn(action(2, "waived", ["2026-03-02"]))).toBeNull();
    expect(nextOpenOn(action(3, "completed", [], ["2026-03-02"]))).toBeNull();
  });

  it("puts overdue first, then the soonest due", () => {
    const list = [
      action(1, "pending", ["2026-04-01"]),
      action(2, "completed", [], ["2026-01-01"]),
      action(3, "overdue", ["2026-03-02"]),
      action(4, "pending", ["2026-03-20"]),
      action(5, "overdue", ["2026-02-01"]),
    ];
    expect(sortActions(list).map((a) => a.id)).toEqual([5, 3, 4, 1, 2]);
  });
});

describe("date presets", () => {
  it("gives ranges ending today", () => {
    expect(datePresets("2026-03-05")).toEqual({
      today: ["2026-03-05", "2026-03-05"],
      week: ["2026-02-27", "2026-03-05"],
      month: ["2026-02-04", "2026-03-05"],
      thisMonth: ["2026-03-01", "2026-03-05"],
    });
  });
});
