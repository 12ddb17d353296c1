import { consentText } from "@convive/domain";
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import type { Tx } from "../client.ts";
import {
  consentRecords,
  familyLinks,
  referralFollowUps,
  referrals,
  schools,
  students,
  trainerTypes,
  users,
} from "../schema/index.ts";

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

/**
 * The demo's external support (issue 28 §5), by the school's counsellor (orientador1@): Diego's mother (familia@)
 * consented to external support, so a referral for him can be opened; two other students referred to external
 * specialists, one review due this week. Consent records carry the text the family read, as the app writes them.
 * (Sofía's and Diego's inclusion records: seed/inclusion.ts.)
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

  const consent = (studentId: number, name: string, category: "external_support", userId = mother.id) => ({
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
  await tx.insert(consentRecords).values(consent(diego.id, "Diego Ramírez Torres", "external_support"));

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
