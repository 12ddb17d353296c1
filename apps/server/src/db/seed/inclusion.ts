import { consentText } from "@convive/domain";
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../client.ts";
import {
  conditionAdjustments,
  conditionBarriers,
  conditionedEnrollments,
  conditionTypes,
  consentRecords,
  letterAcknowledgements,
  schools,
  studentConditions,
  students,
  users,
} from "../schema/index.ts";

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

/**
 * The demo's inclusion records (issue 28 §5), by the school's counsellor (orientador1@): Sofía (3° A Primaria,
 * daughter of familia@) — her mother's consent to disability data, as the consent module records it — with a visual
 * condition, its barriers and three adjustments her teacher sees from the marker, USAER support and a review date;
 * Diego (1° A Secundaria) with a disciplinary conditioned enrollment, three commitments, a review date, and the carta
 * compromiso acknowledged by his mother in the app.
 */
export async function seedInclusion(tx: Tx, schoolId: string, emailDomain = "convive.test") {
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [`familia@${emailDomain}`, `orientador1@${emailDomain}`]));
  const mother = people.find((p) => p.email.startsWith("familia@"));
  const counsellor = people.find((p) => p.email.startsWith("orientador1@"));
  const [school] = await tx.select().from(schools).where(eq(schools.id, schoolId));
  if (!mother || !counsellor || !school) return;
  const kids = await tx
    .select({ id: students.id, firstName: students.firstName })
    .from(students)
    .where(
      and(
        eq(students.schoolId, schoolId),
        eq(students.paternalSurname, "Ramírez"),
        inArray(students.firstName, ["Sofía", "Diego"]),
      ),
    );
  const sofia = kids.find((k) => k.firstName === "Sofía");
  const diego = kids.find((k) => k.firstName === "Diego");
  if (!sofia || !diego) return;

  await tx.insert(consentRecords).values({
    schoolId,
    studentId: sofia.id,
    category: "disability",
    granted: true,
    userId: mother.id,
    noticeVersion: school.privacyNoticeVersion,
    language: "es",
    text: consentText("grant", "disability", "es", {
      student: "Sofía Ramírez Torres",
      school: school.name,
      version: school.privacyNoticeVersion,
    }),
    recordedAt: new Date(Date.now() - 20 * DAY),
  });
  const [visual] = await tx
    .select({ id: conditionTypes.id })
    .from(conditionTypes)
    .where(and(eq(conditionTypes.schoolId, schoolId), eq(conditionTypes.name, "Visual")));
  if (visual) {
    const [condition] = await tx
      .insert(studentConditions)
      .values({
        schoolId,
        studentId: sofia.id,
        conditionTypeId: visual.id,
        description:
          "Baja visión (miopía alta, diagnóstico oftalmológico de agosto). Usa lentes; fatiga visual al leer de lejos.",
        usaerSupport: true,
        usaerNotes: "Maestra de apoyo USAER una vez por semana.",
        reviewDate: day(40),
        internalNotes: "Revisar con la familia el reporte oftalmológico de enero.",
        createdBy: counsellor.id,
        createdAt: new Date(Date.now() - 19 * DAY),
      })
      .returning({ id: studentConditions.id });
    const conditionId = condition!.id;
    await tx.insert(conditionBarriers).values([
      { schoolId, conditionId, context: "classroom", description: "Lectura del pizarrón desde las filas de atrás." },
      { schoolId, conditionId, context: "school", description: "Materiales impresos en letra pequeña." },
    ]);
    await tx.insert(conditionAdjustments).values([
      {
        schoolId,
        conditionId,
        kind: "access",
        description: "Sentarla en la primera fila, cerca del pizarrón.",
        appliedBy: "Todos los docentes del grupo",
        since: day(-19),
      },
      {
        schoolId,
        conditionId,
        kind: "methodological",
        description: "Materiales impresos ampliados (letra de 18 pt) y fichas en alto contraste.",
        appliedBy: "Docente titular",
        since: day(-19),
      },
      {
        schoolId,
        conditionId,
        kind: "assessment",
        description: "Tiempo adicional de 15 minutos en evaluaciones escritas.",
        appliedBy: "Todos los docentes del grupo",
        since: day(-15),
      },
    ]);
  }

  const [enrollment] = await tx
    .insert(conditionedEnrollments)
    .values({
      schoolId,
      studentId: diego.id,
      reasons: ["disciplinary"],
      details: "Tres incidencias graves en el primer bimestre; acuerdo con la familia en la reunión de octubre.",
      commitments: [
        "Asistir puntualmente a clases y a las sesiones con orientación.",
        "Respetar a compañeras, compañeros y personal de la escuela.",
        "La familia revisa cada semana el avance con el tutor del grupo.",
      ],
      reviewDate: day(30),
      createdBy: counsellor.id,
      createdAt: new Date(Date.now() - 30 * DAY),
    })
    .returning({ id: conditionedEnrollments.id });
  await tx.insert(letterAcknowledgements).values({
    schoolId,
    enrollmentId: enrollment!.id,
    userId: mother.id,
    role: "family",
    comment: "De acuerdo; platicamos con Diego en casa.",
    at: new Date(Date.now() - 28 * DAY),
  });
}
