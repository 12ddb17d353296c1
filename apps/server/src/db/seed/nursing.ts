import { consentText, criticalItems, type HealthItem } from "@convive/domain";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { Tx } from "../client.ts";
import {
  consentRecords,
  familyLinks,
  infirmaryVisits,
  medicalRecordProposals,
  medicalRecords,
  medicationAdministrations,
  medicationAuthorizations,
  nursingFields,
  nursingOptions,
  schools,
  students,
  users,
} from "../schema/index.ts";

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
/** A school-day morning `daysAgo` days back, at `hour`:`minute` Mexico City time (UTC−6). */
const morning = (daysAgo: number, hour: number, minute = 0) => {
  const d = new Date(Date.now() - daysAgo * DAY);
  d.setUTCHours(hour + 6, minute, 0, 0);
  return d;
};

const item = (name: string, severity: HealthItem["severity"], critical: boolean, notes = ""): HealthItem => ({
  name,
  severity,
  critical,
  notes,
});

/**
 * The demo's nursing (issue 29 §5), by the school's nurse (enfermeria1@): the families' health consent; Diego's
 * record with a critical peanut allergy (the alert his teachers see) and mild asthma, Sofía's with a pollen allergy,
 * and three more students' records; a field of the school's own ("¿Usa lentes?"); infirmary visits over the last
 * three weeks; the mother's authorisation of Diego's inhaler and one dose given; and a pending proposal of hers.
 */
export async function seedNursing(tx: Tx, schoolId: string, emailDomain = "convive.test") {
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [`familia@${emailDomain}`, `enfermeria1@${emailDomain}`]));
  const mother = people.find((p) => p.email.startsWith("familia@"));
  const nurse = people.find((p) => p.email.startsWith("enfermeria1@"));
  const [school] = await tx.select().from(schools).where(eq(schools.id, schoolId));
  if (!mother || !nurse || !school) return;
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
  // Three more students with a family member, the school's first by id (the demo's are fixed by its seed).
  const others = await tx
    .selectDistinctOn([familyLinks.studentId], {
      id: familyLinks.studentId,
      parent: familyLinks.userId,
      name: students.firstName,
    })
    .from(familyLinks)
    .innerJoin(students, and(eq(students.schoolId, familyLinks.schoolId), eq(students.id, familyLinks.studentId)))
    .where(
      and(
        eq(familyLinks.schoolId, schoolId),
        ne(familyLinks.userId, mother.id),
        ne(familyLinks.studentId, sofia.id),
        ne(familyLinks.studentId, diego.id),
      ),
    )
    .orderBy(asc(familyLinks.studentId))
    .limit(3);

  const consent = (studentId: number, userId: number, name: string) => ({
    schoolId,
    studentId,
    category: "health",
    granted: true,
    userId,
    noticeVersion: school.privacyNoticeVersion,
    language: "es",
    text: consentText("grant", "health", "es", {
      student: name,
      school: school.name,
      version: school.privacyNoticeVersion,
    }),
    recordedAt: new Date(Date.now() - 40 * DAY),
  });
  await tx
    .insert(consentRecords)
    .values([
      consent(diego.id, mother.id, "Diego Ramírez Torres"),
      consent(sofia.id, mother.id, "Sofía Ramírez Torres"),
      ...others.map((o) => consent(o.id, o.parent, o.name)),
    ]);

  const [glasses] = await tx
    .insert(nursingFields)
    .values({ schoolId, label: "¿Usa lentes?", labelEn: "Wears glasses?", kind: "yes_no", position: 1 })
    .returning({ id: nursingFields.id });
  const glassesId = String(glasses!.id);

  const record = (
    studentId: number,
    values: {
      blood: string;
      allergies?: HealthItem[];
      conditions?: HealthItem[];
      medication?: string;
      contacts?: { name: string; relationship: string; phone: string }[];
      glasses?: boolean;
    },
  ) => {
    const allergies = values.allergies ?? [];
    const conditions = values.conditions ?? [];
    return {
      schoolId,
      studentId,
      bloodType: values.blood,
      allergies,
      conditions,
      medication: values.medication ?? "",
      insuranceProvider: "GNP Seguros",
      insurancePolicy: `GM-${String(studentId).padStart(6, "0")}`,
      emergencyContacts: values.contacts ?? [],
      extra: values.glasses === undefined ? {} : { [glassesId]: values.glasses ? "yes" : "no" },
      hasCritical: criticalItems({ allergies, conditions }).length > 0,
      updatedBy: nurse.id,
    };
  };
  const mom = { name: "Gabriela Torres Aguilar", relationship: "Madre", phone: "55 1234 5678" };
  await tx.insert(medicalRecords).values([
    record(diego.id, {
      blood: "O+",
      allergies: [
        item(
          "Cacahuate",
          "severe",
          true,
          "Anafilaxia: epinefrina autoinyectable en su mochila; llamar al 911 y a la familia.",
        ),
      ],
      conditions: [item("Asma leve", "mild", false, "Inhalador de salbutamol en enfermería.")],
      medication: "Salbutamol inhalador, solo en crisis.",
      contacts: [mom, { name: "Jorge Ramírez Soto", relationship: "Padre", phone: "55 8765 4321" }],
      glasses: false,
    }),
    record(sofia.id, {
      blood: "A+",
      allergies: [item("Polen", "mild", false, "Estornudos en primavera.")],
      contacts: [mom],
      glasses: true,
    }),
    ...others.map((o, i) =>
      record(o.id, {
        blood: ["B+", "O-", "A-"][i] ?? "O+",
        conditions:
          i === 0 ? [item("Diabetes tipo 1", "severe", true, "Glucómetro en la mochila; colación a las 11:00.")] : [],
        allergies: i === 1 ? [item("Penicilina", "moderate", false)] : [],
      }),
    ),
  ]);

  const options = await tx
    .select({ id: nursingOptions.id, kind: nursingOptions.kind, name: nursingOptions.name })
    .from(nursingOptions)
    .where(eq(nursingOptions.schoolId, schoolId));
  const option = (name: string) => options.find((o) => o.name === name)!.id;
  const back = option("Regresó a clase");
  const home = option("Enviado a casa");
  const referred = option("Canalizado");
  const visit = (
    studentId: number,
    daysAgo: number,
    hour: number,
    reason: string,
    outcome: number,
    treatment: string,
    vitals: Record<string, number> | null = null,
  ) => {
    const arrivedAt = morning(daysAgo, hour, 10);
    return {
      schoolId,
      studentId,
      arrivedAt,
      leftAt: new Date(arrivedAt.getTime() + 25 * 60_000),
      reasonId: option(reason),
      vitals,
      treatment,
      outcomeId: outcome,
      recordedBy: nurse.id,
      familyNotifiedAt: new Date(arrivedAt.getTime() + 1000),
    };
  };
  const [o1, o2, o3] = others;
  const [inhalerVisit] = await tx
    .insert(infirmaryVisits)
    .values(
      visit(diego.id, 5, 10, "Malestar general", back, "Dos disparos de salbutamol; reposo 20 minutos.", {
        heart_rate: 96,
        spo2: 95,
      }),
    )
    .returning({ id: infirmaryVisits.id });
  await tx.insert(infirmaryVisits).values([
    visit(diego.id, 17, 12, "Golpe o herida", back, "Hielo en la rodilla, sin herida abierta."),
    visit(sofia.id, 9, 9, "Dolor de cabeza", back, "Agua y reposo; descansó la vista 15 minutos.", {
      temperature_c: 36.6,
    }),
    visit(sofia.id, 2, 11, "Fiebre", home, "Compresas; la recogió su madre.", {
      temperature_c: 38.4,
      heart_rate: 104,
    }),
    ...(o1
      ? [visit(o1.id, 12, 11, "Malestar general", back, "Glucosa 68 mg/dL: jugo y colación; 15 minutos después 110.")]
      : []),
    ...(o2
      ? [visit(o2.id, 7, 10, "Dolor de estómago", home, "Reposo; dolor persistente, se avisó a la familia.")]
      : []),
    ...(o3
      ? [visit(o3.id, 3, 12, "Golpe o herida", referred, "Posible esguince de muñeca; canalizado a urgencias.")]
      : []),
  ]);

  const [inhaler] = await tx
    .insert(medicationAuthorizations)
    .values({
      schoolId,
      studentId: diego.id,
      medicine: "Salbutamol inhalador",
      dose: "2 disparos",
      instructions: "Solo en crisis de asma; avisar a la familia si necesita una segunda dosis.",
      validFrom: day(-30),
      validUntil: day(150),
      source: "family",
      givenBy: mother.id,
    })
    .returning({ id: medicationAuthorizations.id });
  await tx.insert(medicationAdministrations).values({
    schoolId,
    studentId: diego.id,
    authorizationId: inhaler!.id,
    dose: "2 disparos",
    givenAt: morning(5, 10, 15),
    givenBy: nurse.id,
    visitId: inhalerVisit!.id,
  });

  await tx.insert(medicalRecordProposals).values({
    schoolId,
    studentId: sofia.id,
    changes: {
      emergency_contacts: [mom, { name: "Carmen Méndez Ruiz", relationship: "Abuela", phone: "55 2468 1357" }],
    },
    note: "Agregamos a su abuela, que la recoge los jueves.",
    proposedBy: mother.id,
    createdAt: new Date(Date.now() - DAY),
  });
}
