import type { Observation, ObservationKind } from "@convive/domain";
import { count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { accompanimentObservations, familyLinks, observationTypes, students, users } from "../../db/schema/index.ts";
import { personName } from "../../lib/names.ts";
import { forSchool, ofSchool } from "../../lib/tenant-db.ts";

export async function findStudent(tx: Tx, schoolId: string, id: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(students, { id: students.id, status: students.status })
    .where(eq(students.id, id));
  return row;
}

/** The family members of a student (who hear of an observation shown to families). */
export async function familyOf(tx: Tx, schoolId: string, studentId: number): Promise<number[]> {
  const rows = await forSchool(tx, schoolId)
    .pick(familyLinks, { id: familyLinks.userId })
    .where(eq(familyLinks.studentId, studentId));
  return rows.map((r) => r.id);
}

export async function findObservationType(tx: Tx, schoolId: string, id: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(observationTypes, {
      id: observationTypes.id,
      isActive: observationTypes.isActive,
      points: observationTypes.points,
    })
    .where(eq(observationTypes.id, id));
  return row;
}

export async function insertObservation(tx: Tx, values: typeof accompanimentObservations.$inferInsert) {
  const [row] = await tx
    .insert(accompanimentObservations)
    .values(values)
    .returning({ id: accompanimentObservations.id });
  return row!;
}

export interface ObservationFilter {
  ids?: number[];
  studentId?: number;
  /** The caller's scope, a condition on accompaniment_observations. */
  visible?: SQL;
  page?: number;
  perPage?: number;
}

/** Observations in the response shape, newest first (by the day observed, then as recorded), one page. */
export async function loadObservations(tx: Tx, schoolId: string, filter: ObservationFilter) {
  const o = accompanimentObservations;
  const where = ofSchool(
    o,
    schoolId,
    filter.ids ? inArray(o.id, filter.ids) : undefined,
    filter.studentId ? eq(o.studentId, filter.studentId) : undefined,
    filter.visible,
  );
  const perPage = filter.perPage ?? 25;
  const rows = await tx
    .select({
      o,
      student_name: personName(students),
      enrollment: students.enrollment,
      type: {
        id: observationTypes.id,
        name_es: observationTypes.nameEs,
        name_en: observationTypes.nameEn,
        kind: observationTypes.kind,
      },
      recorded_by_name: personName(users),
    })
    .from(o)
    .innerJoin(students, ofSchool(students, o.schoolId, eq(students.id, o.studentId)))
    .innerJoin(observationTypes, ofSchool(observationTypes, o.schoolId, eq(observationTypes.id, o.observationTypeId)))
    .innerJoin(users, eq(users.id, o.recordedBy))
    .where(where)
    .orderBy(desc(o.observedOn), desc(o.id))
    .limit(perPage)
    .offset(((filter.page ?? 1) - 1) * perPage);
  const [total] = await tx.select({ n: count() }).from(o).where(where);
  const observations = rows.map(
    (r): Observation => ({
      id: r.o.id,
      student: { id: r.o.studentId, name: r.student_name, enrollment: r.enrollment },
      type: { ...r.type, kind: r.type.kind as ObservationKind },
      text: r.o.text,
      observed_on: r.o.observedOn,
      points: r.o.points,
      visible_to_family: r.o.visibleToFamily,
      recorded_by: { id: r.o.recordedBy, name: r.recorded_by_name },
      created_at: r.o.createdAt.toISOString(),
    }),
  );
  return { observations, total: total?.n ?? 0 };
}
