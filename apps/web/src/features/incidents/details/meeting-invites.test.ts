import type { IncidentDetail } from "@convive/domain";
import { describe, expect, it } from "vitest";
import { defaultInvites, familyGroups, meetingStudent } from "./meeting-invites.ts";

type Student = IncidentDetail["students"][number];
const student = (id: number, name: string, role: Student["role"]): Student => ({
  id,
  name,
  enrollment: null,
  photo: null,
  role,
  group_label: null,
});
const ana = student(1, "Ana", "involved");
const bruno = student(2, "Bruno", "affected");
const options = {
  family: [
    { id: 10, name: "Madre de Ana", student_ids: [1] },
    { id: 20, name: "Padre de Bruno", student_ids: [2] },
    { id: 30, name: "Tía de ambos", student_ids: [1, 2] },
  ],
  staff: [
    { id: 5, name: "Directora" },
    { id: 6, name: "Docente" },
  ],
};

describe("meeting invitations (issue 12 §9)", () => {
  it("are about the involved student and invite their family and the reader, not the affected one's", () => {
    expect(meetingStudent([bruno, ana])).toBe(1);
    expect(defaultInvites(options, 1, 5)).toEqual(["10", "30", "5"]);
    expect(defaultInvites(options, 2, 7)).toEqual(["20", "30"]);
    expect(defaultInvites(null, 1, 5)).toEqual([]);
  });

  it("offer the other families apart, grouped by student, each relative once", () => {
    const groups = familyGroups(options, [ana, bruno], 2);
    expect(groups.map((g) => [g.student?.name, g.members.map((m) => m.id)])).toEqual([
      ["Bruno", [20, 30]],
      ["Ana", [10]],
    ]);
  });
});
