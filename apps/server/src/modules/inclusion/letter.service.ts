import { ROLE_FAMILIAR } from "@convive/domain";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { schools } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { familyPayload, familyReaderOfUser } from "../../lib/family-reader.ts";
import type { Viewer } from "../incidents/index.ts";
import * as repo from "./inclusion.repository.ts";
import type { InclusionService } from "./inclusion.service.ts";
import { letterPdf } from "./letter.pdf.ts";

/**
 * The carta compromiso's PDF, for whoever reads the student's inclusion record. A PDF is not JSON, so the family
 * hook never sees it: a family's copy goes through the family reader here, where it is made.
 */
export function createLetterPdf(deps: { db: Db; inclusion: InclusionService }) {
  const { db } = deps;
  return async function draw(viewer: Viewer, id: number) {
    const row = await repo.enrollmentById(db, viewer.tenant.schoolId, id);
    if (!row) throw new AppError("NOT_FOUND");
    const record = await deps.inclusion.forStudent(viewer, row.e.studentId);
    const enrollment = record.conditioned_enrollments.find((e) => e.id === id);
    if (!enrollment) throw new AppError("NOT_FOUND");
    const language = viewer.language ?? "es";
    const [school] = await db
      .select({ name: schools.name, timeZone: schools.timeZone })
      .from(schools)
      .where(eq(schools.id, viewer.tenant.schoolId));
    const family = viewer.tenant.profileName === ROLE_FAMILIAR;
    const shown = family
      ? await familyPayload(db, await familyReaderOfUser(db, viewer.tenant.schoolId, viewer.userId, language), {
          enrollment,
          student: record.student,
        })
      : { enrollment, student: record.student };
    const pdf = await letterPdf(shown.enrollment, shown.student, school!, language);
    const fileName = `${language === "es" ? "carta-compromiso" : "commitment-letter"}-${row.e.studentId}.pdf`;
    return { pdf, studentId: row.e.studentId, fileName };
  };
}
