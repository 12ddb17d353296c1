import { and, count, desc, eq, ne } from "drizzle-orm";
import { incidents, incidentTypes } from "../../db/schema/index.ts";
import type { StudentFileSection } from "../../lib/student-file-section.ts";
import { sameSchool } from "../../lib/tenant-db.ts";
import { incidentsWhere, inStudentIds, resolveScope } from "./scope.ts";

/**
 * The incidents of a student's file: those of the student in the reader's scope (a family's: shown to families).
 * The tab lists them through the archive's own list (`GET /api/incidents?student_id=`), which applies the same scope.
 */
export const incidentsFileSection: StudentFileSection = {
  key: "incidents",
  order: 10,
  async count(tx, viewer, studentId) {
    const scope = await resolveScope(tx, viewer);
    const [row] = await tx
      .select({ n: count() })
      .from(incidents)
      .where(and(incidentsWhere(scope), inStudentIds([studentId])));
    return row?.n ?? 0;
  },
  async news(tx, viewer, studentIds, perStudent) {
    const scope = await resolveScope(tx, viewer);
    const rows = await tx
      .select({
        id: incidents.id,
        at: incidents.occurredAt,
        studentIds: incidents.studentIds,
        name_es: incidentTypes.nameEs,
        name_en: incidentTypes.nameEn,
      })
      .from(incidents)
      .innerJoin(incidentTypes, sameSchool(incidentTypes, incidents, eq(incidentTypes.id, incidents.typeId)))
      .where(and(incidentsWhere(scope), inStudentIds(studentIds), ne(incidents.status, "cancelled")))
      .orderBy(desc(incidents.occurredAt), desc(incidents.id))
      .limit(perStudent * studentIds.length);
    return rows.flatMap((r) =>
      r.studentIds
        .filter((id) => studentIds.includes(id))
        .map((studentId) => ({
          studentId,
          kind: "incidents",
          id: r.id,
          at: r.at.toISOString(),
          title_es: r.name_es,
          title_en: r.name_en || r.name_es,
          link: `/incident-details?id=${r.id}`,
        })),
    );
  },
};
