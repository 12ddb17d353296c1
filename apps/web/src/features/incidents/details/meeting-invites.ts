import type { IncidentDetail, MeetingAttendeeOptions } from "@convive/domain";
import { actionStudents, defaultActionStudent } from "./actions.ts";

type Student = IncidentDetail["students"][number];

/**
 * The student a new meeting is about by default: the one involved student, else the first the reader knows.
 * Convivencia protocols meet the family of the student who did it and the affected one's separately, so a
 * meeting invites one student's family and the others only when someone adds them.
 */
export function meetingStudent(students: readonly Student[]): number | null {
  return defaultActionStudent(students) ?? actionStudents(students)[0]?.id ?? null;
}

/** A new meeting's invitations: the family of the student it is about, and the reader when staff may attend. */
export function defaultInvites(options: MeetingAttendeeOptions | null, about: number | null, readerId: number | null) {
  const family = (options?.family ?? []).filter((f) => about !== null && f.student_ids.includes(about));
  const reader = (options?.staff ?? []).filter((p) => p.id === readerId);
  return [...family, ...reader].map((p) => String(p.id));
}

/**
 * The families to choose from, grouped by student ("Familia de Ana"), the meeting's student first; a relative of
 * two of the students (siblings) is listed once, under the meeting's student when theirs.
 */
export function familyGroups(
  options: MeetingAttendeeOptions | null,
  students: readonly Student[],
  about: number | null,
) {
  const known = actionStudents(students);
  const order = [...known.filter((s) => s.id === about), ...known.filter((s) => s.id !== about)];
  const placed = new Set<number>();
  const groups: { student: { id: number; name: string } | null; members: { id: number; name: string }[] }[] = [];
  for (const student of order) {
    const members = (options?.family ?? []).filter((f) => !placed.has(f.id) && f.student_ids.includes(student.id));
    for (const m of members) placed.add(m.id);
    if (members.length > 0) groups.push({ student, members });
  }
  const rest = (options?.family ?? []).filter((f) => !placed.has(f.id));
  if (rest.length > 0) groups.push({ student: null, members: rest });
  return groups;
}
