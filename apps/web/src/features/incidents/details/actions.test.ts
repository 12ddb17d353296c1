import type { FormativeAction, IncidentDetail } from "@convive/domain";
import { describe, expect, it } from "vitest";
import {
  actionStudents,
  countStates,
  defaultActionStudent,
  groupByStudent,
  isLate,
  mayTick,
  pendingActions,
  visibleActions,
  visibleOccurrences,
} from "./actions.ts";

type Student = IncidentDetail["students"][number];
const student = (id: number | null, name: string | null, role: Student["role"] = "involved"): Student => ({
  id,
  name,
  enrollment: null,
  photo: null,
  role,
  group_label: null,
});
const user = (id: number) => ({ id, name: `User ${id}` });

let nextId = 1;
function action(over: Partial<FormativeAction> & { studentId?: number | null } = {}): FormativeAction {
  const { studentId = 1, ...rest } = over;
  return {
    id: nextId++,
    incident_id: 1,
    incident_folio: 7,
    student: { id: studentId, name: studentId === null ? null : `Student ${studentId}` },
    guideline: "Reflexión escrita",
    responsible: user(10),
    starts_on: "2026-05-10",
    ends_on: null,
    repeat: "none",
    notes: null,
    occurrences: [{ on: "2026-05-10", completed_at: null, completed_by: null, note: null }],
    state: "pending",
    waived_at: null,
    waived_by: null,
    waive_reason: null,
    created_at: "2026-05-09T10:00:00Z",
    created_by: user(1),
    ...rest,
  };
}

const occurrence = (on: string, done = false) => ({
  on,
  completed_at: done ? `${on}T15:00:00Z` : null,
  completed_by: done ? user(10) : null,
  note: null,
});

describe("grouping by student", () => {
  it("puts involved students before affected ones and overdue, pending, completed, waived in that order", () => {
    const students = [student(3, "Carla", "affected"), student(2, "Bruno"), student(1, "Ana")];
    const list = [
      action({ studentId: 1, state: "completed", starts_on: "2026-05-01" }),
      action({ studentId: 1, state: "waived" }),
      action({ studentId: 1, state: "pending", starts_on: "2026-05-20" }),
      action({ studentId: 1, state: "overdue", starts_on: "2026-05-12" }),
      action({ studentId: 2, state: "pending" }),
      action({ studentId: 3, state: "pending" }),
    ];
    const groups = groupByStudent(list, students);
    expect(groups.map((g) => g.name)).toEqual(["Bruno", "Ana", "Carla"]);
    expect(groups[1]!.actions.map((a) => a.state)).toEqual(["overdue", "pending", "completed", "waived"]);
  });

  it("leaves out students without actions and keeps actions of a student the reader cannot name", () => {
    const groups = groupByStudent([action({ studentId: null })], [student(1, "Ana"), student(null, null)]);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ studentId: null, name: null });
  });
});

describe("states", () => {
  it("counts them and lists the ones that hold the incident open", () => {
    const list = [action({ state: "pending" }), action({ state: "overdue" }), action({ state: "completed" })];
    expect(countStates(list)).toEqual({ pending: 1, overdue: 1, completed: 1, waived: 0 });
    expect(pendingActions(list).map((a) => a.state)).toEqual(["pending", "overdue"]);
  });

  it("marks an open occurrence of a past day as late", () => {
    expect(isLate(occurrence("2026-05-09"), "2026-05-10")).toBe(true);
    expect(isLate(occurrence("2026-05-10"), "2026-05-10")).toBe(false);
    expect(isLate(occurrence("2026-05-09", true), "2026-05-10")).toBe(false);
  });
});

describe("occurrence window", () => {
  const days = Array.from({ length: 20 }, (_, i) => `2026-05-${String(i + 1).padStart(2, "0")}`);

  it("shows everything when there are few or when expanded", () => {
    const few = days.slice(0, 4).map((d) => occurrence(d));
    expect(visibleOccurrences(few, false)).toEqual({ shown: few, hidden: 0 });
    const many = days.map((d) => occurrence(d));
    expect(visibleOccurrences(many, true).shown).toHaveLength(20);
  });

  it("opens just before the first open day", () => {
    const many = days.map((d, i) => occurrence(d, i < 8));
    const { shown, hidden } = visibleOccurrences(many, false);
    expect(shown.map((o) => o.on)).toEqual(days.slice(7, 13));
    expect(hidden).toBe(14);
  });

  it("shows the last days when everything is done, and never runs past the end", () => {
    const done = days.map((d) => occurrence(d, true));
    expect(visibleOccurrences(done, false).shown.map((o) => o.on)).toEqual(days.slice(14));
    const lastOpen = days.map((d, i) => occurrence(d, i < 19));
    expect(visibleOccurrences(lastOpen, false).shown.map((o) => o.on)).toEqual(days.slice(14));
  });
});

describe("who may tick and which actions show", () => {
  const allowed = (update: boolean) =>
    ({
      update,
      close: update,
      cancel: update,
      reopen: false,
      add_formative_actions: update,
      update_formative_actions: update,
      add_meetings: update,
      update_meetings: update,
      attach: update,
    }) satisfies IncidentDetail["allowed"];

  it("lets the responsible user or an updater tick, only while the incident is in process", () => {
    const a = action({ responsible: user(10) });
    expect(mayTick(a, { status: "open", allowed: allowed(false) }, 10)).toBe(true);
    expect(mayTick(a, { status: "open", allowed: allowed(false) }, 11)).toBe(false);
    expect(mayTick(a, { status: "open", allowed: allowed(true) }, 11)).toBe(true);
    expect(mayTick(a, { status: "closed", allowed: allowed(true) }, 10)).toBe(false);
    expect(mayTick(action({ state: "waived" }), { status: "open", allowed: allowed(true) }, 10)).toBe(false);
  });

  it("offers each known student once for a new action", () => {
    const list = [
      student(1, "Ana"),
      student(null, null, "witness"),
      student(1, "Ana", "affected"),
      student(2, "Bruno"),
    ];
    expect(actionStudents(list)).toEqual([
      { id: 1, name: "Ana" },
      { id: 2, name: "Bruno" },
    ]);
  });

  it("starts a new action with the one involved student, or nobody when there is a choice", () => {
    expect(
      defaultActionStudent([student(1, "Ana"), student(2, "Bruno", "affected"), student(3, "Caro", "witness")]),
    ).toBe(1);
    expect(defaultActionStudent([student(1, "Ana"), student(2, "Bruno")])).toBeNull();
    expect(defaultActionStudent([student(2, "Bruno", "affected")])).toBe(2);
    expect(defaultActionStudent([student(1, "Ana", "affected"), student(2, "Bruno", "witness")])).toBeNull();
  });

  it("shows a family only their own children's actions", () => {
    const students = [student(1, "Ana"), student(null, null)];
    const list = [action({ studentId: 1 }), action({ studentId: null }), action({ studentId: 5 })];
    expect(visibleActions(list, students, true).map((a) => a.student.id)).toEqual([1]);
    expect(visibleActions(list, students, false)).toHaveLength(3);
  });
});
