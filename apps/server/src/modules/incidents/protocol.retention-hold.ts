import { and, eq, inArray } from "drizzle-orm";
import { incidentProtocols, incidentStudents } from "../../db/schema/index.ts";
import type { RetentionHold } from "../../lib/retention-holds.ts";
import { ofSchool, sameSchool } from "../../lib/tenant-db.ts";

/** Issue 30 §5: a student in an incident whose protocol is still open keeps every record. */
export const openProtocolHold: RetentionHold = {
  key: "incidents.open-protocol",
  label: { es: "Protocolo de actuación abierto", en: "Open action protocol" },
  async heldStudents(tx, schoolId, studentIds) {
    if (studentIds.length === 0) return new Set();
    const rows = await tx
      .selectDistinct({ studentId: incidentStudents.studentId })
      .from(incidentStudents)
      .innerJoin(
        incidentProtocols,
        sameSchool(incidentProtocols, incidentStudents, eq(incidentProtocols.incidentId, incidentStudents.incidentId)),
      )
      .where(
        and(
          ofSchool(incidentStudents, schoolId, inArray(incidentStudents.studentId, studentIds)),
          eq(incidentProtocols.status, "open"),
        ),
      );
    return new Set(rows.map((r) => r.studentId));
  },
};
