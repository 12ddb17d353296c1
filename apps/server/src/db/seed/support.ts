import { consentText } from "@convive/domain";
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import type { Tx } from "../client.ts";
import {
  conditionedEnrollments,
  conditionTypes,
  consentRecords,
  familyLinks,
  letterAcknowledgements,
  referralFollowUps,
  referrals,
  schools,
  studentConditions,
  students,
  trainerTypes,
  users,
} from "../schema/index.ts";

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

/**
 * The demo's external support and inclusion (issue 28 §5), by the school's counsellor (orientador1@): Sofía (3° A
 * Primaria, daughter of familia@) with a visual condition and three adjustments, which her teacher sees from the
 * marker; Diego (1° A Secundaria) with a conditioned enrollment whose carta compromiso his mother acknowledged, and
 * her consent to external support, so a referral for him can be opened; two other students referred to external
 * specialists, one review due this week. Consent records carry the text the family read, as the app writes them.
 */
export async function seedSupport(tx: Tx, schoolId: string, emailDomain = "convive.test") {
  const [mother] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, `familia@${emailDomain}`));
  const [counsellor] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, `orientador1@${emailDomain}`));
  const [school] = await tx.select().from(schools).where(eq(schools.id, schoolId));
  if (!mother || !counsellor || !school) return;
  const kids = await tx
    .select({ id: students.id, firstName: students.firstName, paternal: students.paternalSurname })
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

  const consent = (
    studentId: number,
    name: string,
    category: "disability" | "external_support",
    userId = mother.id,
  ) => ({
    schoolId,
    studentId,
    category,
    granted: true,
    userId,
    noticeVersion: school.privacyNoticeVersion,
    language: "es",
    text: consentText("grant", category, "es", {
      student: name,
      school: school.name,
      version: school.privacyNoticeVersion,
    }),
    recordedAt: new Date(Date.now() - 20 * DAY),
  });
  await tx
    .insert(consentRecords)
    .values([
      consent(sofia.id, "Sofía Ramírez Torres", "disability"),
      consent(diego.id, "Diego Ramírez Torres", "external_support"),
    ]);

  const types = await tx.select().from(conditionTypes).where(eq(conditionTypes.schoolId, schoolId));
  const visual = types.find((t) => t.name === "Visual");
  if (visual) {
    await tx.insert(studentConditions).values({
      schoolId,
      studentId: sofia.id,
      conditionTypeId: visual.id,
      description:
        "Baja visión (miopía alta, diagnóstico oftalmológico de agosto). Usa lentes; fatiga visual al leer de lejos.",
      barriers: [
        { context: "classroom", description: "Lectura del pizarrón desde las filas de atrás." },
        { context: "school", description: "Materiales impresos en letra pequeña." },
      ],
      adjustments: [
        {
          kind: "access",
          description: "Sentarla en la primera fila, frente al pizarrón.",
          applied_by: "Todos los docentes del grupo",
          since: day(-60),
        },
        {
          kind: "methodological",
          description: "Materiales impresos ampliados (letra de 18 pt) y fichas en alto contraste.",
          applied_by: "Docente titular",
          since: day(-60),
        },
        {
          kind: "assessment",
          description: "Tiempo adicional de 15 minutos en evaluaciones escritas.",
          applied_by: "Todos los docentes del grupo",
          since: day(-45),
        },
      ],
      usaerSupport: true,
      usaerNotes: "Maestra de apoyo USAER una vez por semana.",
      reviewDate: day(40),
      internalNotes: "Revisar con la familia el reporte oftalmológico de enero.",
      createdBy: counsellor.id,
    });
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

  // Two students of other families, referred to external specialists with their families' consent.
  const others = await tx
    .selectDistinctOn([students.id], {
      id: students.id,
      name: students.firstName,
      paternal: students.paternalSurname,
      maternal: students.maternalSurname,
      parent: familyLinks.userId,
    })
    .from(students)
    .innerJoin(familyLinks, and(eq(familyLinks.schoolId, students.schoolId), eq(familyLinks.studentId, students.id)))
    .where(and(eq(students.schoolId, schoolId), notInArray(students.id, [sofia.id, diego.id])))
    .orderBy(asc(students.id))
    .limit(2);
  const trainers = await tx.select().from(trainerTypes).where(eq(trainerTypes.schoolId, schoolId));
  const psych = trainers.find((t) => t.name === "Psicólogo");
  const speech = trainers.find((t) => t.name === "Terapeuta de lenguaje");
  if (others.length < 2 || !psych || !speech) return;
  const [a, b] = others as [(typeof others)[number], (typeof others)[number]];
  const full = (s: typeof a) => [s.name, s.paternal, s.maternal].filter(Boolean).join(" ");
  await tx
    .insert(consentRecords)
    .values([
      consent(a.id, full(a), "external_support", a.parent),
      consent(b.id, full(b), "external_support", b.parent),
    ]);
  const rows = await tx
    .insert(referrals)
    .values([
      {
        schoolId,
        studentId: a.id,
        trainerTypeId: psych.id,
        specialist: "Psic. Mariana Lozano",
        institution: "Centro de Atención Psicológica Andes",
        contact: "55 1234 5678",
        reason: "Ansiedad ante evaluaciones y conflictos frecuentes en el recreo.",
        status: "in_progress",
        startDate: day(-40),
        nextReviewDate: day(2),
        responsibleId: counsellor.id,
        internalNotes: "La familia prefiere citas por la tarde.",
        createdBy: counsellor.id,
      },
      {
        schoolId,
        studentId: b.id,
        trainerTypeId: speech.id,
        specialist: "Lic. Roberto Salas",
        institution: "Clínica de Lenguaje del Valle",
        contact: "rsalas@clinicavalle.mx",
        reason: "Dificultad de articulación que afecta su participación oral en clase.",
        status: "requested",
        startDate: day(-5),
        nextReviewDate: day(25),
        responsibleId: counsellor.id,
        createdBy: counsellor.id,
      },
    ])
    .returning({ id: referrals.id });
  await tx.insert(referralFollowUps).values([
    {
      schoolId,
      referralId: rows[0]!.id,
      authorId: counsellor.id,
      body: "Primera cita realizada; la psicóloga sugiere técnicas de respiración antes de los exámenes.",
      internal: false,
      createdAt: new Date(Date.now() - 20 * DAY),
    },
    {
      schoolId,
      referralId: rows[0]!.id,
      authorId: counsellor.id,
      body: "Hablé con la docente titular: menos conflictos en el recreo esta semana.",
      internal: true,
      createdAt: new Date(Date.now() - 6 * DAY),
    },
  ]);
}
