import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { schools } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { familyPayload, familyReaderOfUser } from "../../lib/family-reader.ts";
import { supportAccess } from "../external-support/index.ts";
import type { Viewer } from "../incidents/index.ts";
import { enrollmentById } from "./enrollments.repository.ts";
import { AREA, type InclusionReads } from "./inclusion.service.ts";
import { letterPdf } from "./letter.pdf.ts";

/**
 * The carta compromiso's PDF, for whoever reads the student's inclusion record, in the reader's language. A PDF is
 * not JSON, so the family hook never sees it: a family's copy goes through the family reader here, where it is made
 * (as the messages' PDF does).
 */
export function createLetterPdf(deps: { db: Db; reads: InclusionReads }) {
  const { db } = deps;
  return async function draw(viewer: Viewer, id: number) {
    const { schoolId } = viewer.tenant;
    const row = await enrollmentById(db, schoolId, id);
    if (!row) throw new AppError("NOT_FOUND");
    const access = await supportAccess(db, viewer, row.e.studentId, AREA);
    const record = await deps.reads.record(db, viewer, row.e.studentId, access);
    const enrollment = record.conditioned_enrollments.find((e) => e.id === id);
    if (!enrollment) throw new AppError("NOT_FOUND");
    const language = viewer.language ?? "es";
    const [school] = await db
      .select({ name: schools.name, timeZone: schools.timeZone })
      .from(schools)
      .where(eq(schools.id, schoolId));
    const letter = { enrollment, student: record.student };
    const shown = access.family
      ? await familyPayload(db, await familyReaderOfUser(db, schoolId, viewer.userId, language), letter)
      : letter;
    const pdf = await letterPdf(shown.enrollment, shown.student, school!, language);
    const fileName = `${language === "es" ? "carta-compromiso" : "commitment-letter"}-${row.e.studentId}.pdf`;
    return { pdf, studentId: row.e.studentId, fileName };
  };
}
