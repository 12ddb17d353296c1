import { sql } from "drizzle-orm";
import { insertStarterGradeSetup } from "../../modules/grade-config/index.ts";
import { insertSchoolWithProfiles } from "../../modules/schools/index.ts";
import type { Tx } from "../client.ts";
import { alertRules, notifications } from "../schema/index.ts";
import { seedClosedYear } from "./closed-year.ts";
import { phoneNumber, Rng } from "./helpers.ts";
import { CDMX_PLACES, COLEGIO_STAFF, COLEGIO_TEACHERS, STREETS } from "./names.ts";
import { idOf, insertMemberships, insertUsers, type SeedMembership } from "./people.ts";
import { buildPopulation } from "./population.ts";
import { seedRatings } from "./ratings.ts";
import { type BuiltGroup, buildStructure, groupByLabel, type SubjectSpec } from "./structure.ts";

export const COLEGIO_ID = "colegio-demo";
/** The group docente@ heads, and the one she teaches English to. */
export const DOCENTE_GROUP = "3° A Primaria";
export const DOCENTE_ENGLISH_GROUP = "4° A Primaria";

const PRIVACY_ES =
  "Colegio Demo Andes, S.C., con domicilio en Av. Universidad 1450, Col. Del Valle Centro, Benito Juárez, CDMX, es " +
  "responsable del tratamiento de los datos personales de alumnos, familias y personal, que utiliza únicamente para " +
  "la gestión escolar y la convivencia. Puede ejercer sus derechos ARCO escribiendo a privacidad@colegiodemo.edu.mx.";
const PRIVACY_EN =
  "Colegio Demo Andes, S.C., Av. Universidad 1450, Col. Del Valle Centro, Benito Juárez, Mexico City, is responsible " +
  "for the personal data of students, families and staff, which it uses only for school management and school " +
  "coexistence. You may exercise your ARCO rights by writing to privacidad@colegiodemo.edu.mx.";

/**
 * In-app notifications of the demo (by account name); the unviewed counts on the memberships derive from them.
 * No setup reminder: the school has completed its seven setup stages, and a reminder goes when the last one does
 * (issue 12 §2).
 */
const NOTICES: readonly {
  email: string;
  type: string;
  params: Record<string, string | number>;
  daysAgo: number;
  read: boolean;
  link: string | null;
}[] = [
  {
    email: "director",
    type: "welcome",
    params: { school: "Colegio Demo Andes" },
    daysAgo: 3,
    read: false,
    link: null,
  },
  {
    email: "docente",
    type: "welcome",
    params: { school: "Colegio Demo Andes" },
    daysAgo: 2,
    read: false,
    link: null,
  },
];

const P = (n: number) => n; // Primaria levels 1–6
const S = (n: number) => 6 + n; // Secundaria levels 7–9
const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9];

export const COLEGIO_SUBJECTS: readonly SubjectSpec[] = [
  { name: "Español", code: "ESP", levels: ALL },
  { name: "Matemáticas", code: "MAT", levels: ALL },
  { name: "Ciencias Naturales", code: "CNA", levels: ALL },
  { name: "Historia", code: "HIS", levels: [P(3), P(4), P(5), P(6), S(1), S(2), S(3)] },
  { name: "Geografía", code: "GEO", levels: [P(3), P(4), P(5), P(6), S(1)] },
  { name: "Formación Cívica y Ética", code: "FCE", levels: ALL },
  { name: "Inglés", code: "ING", levels: ALL },
  { name: "Educación Física", code: "EFI", levels: ALL },
  { name: "Artes", code: "ART", levels: ALL },
];

/** Demo accounts created by demo.ts that take part in this school. */
export interface ColegioAccounts {
  ids: ReadonlyMap<string, number>;
  passwordHash: string;
  /** Another id and e-mail domain load a copy of the school beside the demo (e2e-school.ts); the default is the demo. */
  schoolId?: string;
  name?: string;
  emailDomain?: string;
}

/** Loads colegio-demo: profiles, staff, full structure, ~200 students and their families, notifications. */
export async function seedColegioDemo(tx: Tx, accounts: ColegioAccounts) {
  const { ids, passwordHash } = accounts;
  const schoolId = accounts.schoolId ?? COLEGIO_ID;
  const name = accounts.name ?? "Colegio Demo Andes";
  const domain = accounts.emailDomain ?? "convive.test";
  const mail = (account: string) => `${account}@${domain}`;
  const { profileIds } = await insertSchoolWithProfiles(tx, {
    id: schoolId,
    name,
    legalName: "Colegio Demo Andes, S.C.",
    cct: "09PPR1234X",
    address: "Av. Universidad 1450, Col. Del Valle Centro, Benito Juárez, C.P. 03100, Ciudad de México",
    phone: "5556041234",
    email: "contacto@colegiodemo.edu.mx",
    timeZone: "America/Mexico_City",
    privacyNoticeEs: PRIVACY_ES,
    privacyNoticeEn: PRIVACY_EN,
    isActive: true,
  });
  const rng = new Rng(COLEGIO_ID);

  const teachers = COLEGIO_TEACHERS.map(([firstName, paternalSurname, maternalSurname], i) => ({
    email: mail(`docente${i + 1}`),
    firstName: firstName!,
    paternalSurname: paternalSurname!,
    maternalSurname: maternalSurname!,
    cellPhone: phoneNumber(rng, "55"),
  }));
  const others = COLEGIO_STAFF.map(([key, firstName, paternalSurname, maternalSurname]) => ({
    email: mail(key!),
    firstName: firstName!,
    paternalSurname: paternalSurname!,
    maternalSurname: maternalSurname!,
    cellPhone: phoneNumber(rng, "55"),
  }));
  const staffIds = await insertUsers(tx, [...teachers, ...others], passwordHash);
  const teacher = (n: number) => idOf(staffIds, mail(`docente${n}`));

  const member = (account: string, template: string | null, from = ids): SeedMembership => ({
    schoolId,
    userId: idOf(from, mail(account)),
    profileId: template === null ? null : profileIds[template]!,
    unviewedNotificationsCount: NOTICES.filter((n) => n.email === account && !n.read).length,
  });
  await insertMemberships(tx, [
    member("director", "director"),
    // multi@ (also in instituto-norte) belongs to the demo only; a copy has no second school for it.
    ...(ids.has(mail("multi")) ? [member("multi", "director")] : []),
    member("docente", "docente"),
    member("nuevo", "docente"),
    member("sinrol", null),
    ...teachers.map((_, i) => member(`docente${i + 1}`, "docente", staffIds)),
    ...COLEGIO_STAFF.map(([key, , , , template]) => member(key!, template!, staffIds)),
  ]);

  // Groups A of every grade, B of 1°, 3° and 5° Primaria and 1° Secundaria: 13 groups, 13 head teachers.
  const grade = (name: string, level: number, withB: boolean) => ({ name, level, groups: withB ? ["A", "B"] : ["A"] });
  const primaria = [1, 2, 3, 4, 5, 6].map((n) => grade(`${n}°`, P(n), n % 2 === 1));
  const secundaria = [1, 2, 3].map((n) => grade(`${n}°`, S(n), n === 1));
  const headOrder = [...primaria.flatMap((g) => g.groups.map((x) => `${g.name} ${x} Primaria`))]
    .concat(secundaria.flatMap((g) => g.groups.map((x) => `${g.name} ${x} Secundaria`)))
    .filter((label) => label !== DOCENTE_GROUP);
  const docente = idOf(ids, mail("docente"));
  const headTeacher = (label: string) => (label === DOCENTE_GROUP ? docente : teacher(headOrder.indexOf(label) + 1));
  // Docentes 13–15 are the English, P.E. and arts specialists; head teachers take the rest of their group.
  const specialists: Record<string, number> = { ING: teacher(13), EFI: teacher(14), ART: teacher(15) };
  const coTeacher = headTeacher("3° B Primaria");
  const teacherFor = (group: BuiltGroup, code: string) => {
    if (group.label === DOCENTE_ENGLISH_GROUP && code === "ING") return docente;
    if (specialists[code] !== undefined) return specialists[code];
    if (group.label === DOCENTE_GROUP) return code === "ESP" || code === "MAT" ? docente : coTeacher;
    return group.headTeacherId;
  };

  const structure = await buildStructure(tx, {
    schoolId,
    year: { name: "2026-2027", startsOn: "2026-08-24", endsOn: "2027-07-09" },
    periods: [
      { name: "Bimestre 1", startsOn: "2026-08-24", endsOn: "2026-10-25" },
      { name: "Bimestre 2", startsOn: "2026-10-26", endsOn: "2027-01-03" },
      { name: "Bimestre 3", startsOn: "2027-01-04", endsOn: "2027-03-07" },
      { name: "Bimestre 4", startsOn: "2027-03-08", endsOn: "2027-05-09" },
      { name: "Bimestre 5", startsOn: "2027-05-10", endsOn: "2027-07-09" },
    ],
    sections: [
      { name: "Primaria", grades: primaria },
      { name: "Secundaria", grades: secundaria },
    ],
    subjects: COLEGIO_SUBJECTS,
    headTeacher,
    teacherFor,
  });

  const familia = { firstName: "Gabriela", paternalSurname: "Torres", maternalSurname: "Aguilar" };
  const population = await buildPopulation(tx, {
    schoolId,
    schoolYearId: structure.schoolYearId,
    seed: `${COLEGIO_ID}/students`,
    enrollmentPrefix: "CDA-2026-",
    startYear: 2026,
    birthState: "DF",
    areaCode: "55",
    places: CDMX_PLACES.map(([neighbourhood, postalCode, area]) => ({
      neighbourhood: neighbourhood!,
      postalCode: postalCode!,
      area: area!,
      city: "Ciudad de México",
      state: "Ciudad de México",
      isCdmx: true,
    })),
    streets: STREETS,
    // 200 students: 16 in the first five groups, 15 in the other eight.
    groups: structure.groups.map((group, i) => ({ group, size: i < 5 ? 16 : 15 })),
    familiarProfileId: profileIds.familiar!,
    passwordHash,
    emailDomain: domain,
    featured: {
      paternalSurname: "Ramírez",
      maternalSurname: "Torres",
      guardians: [
        { relationship: "mother", female: true, name: familia, userId: idOf(ids, mail("familia")) },
        {
          relationship: "father",
          female: false,
          name: { firstName: "Jorge", paternalSurname: "Ramírez", maternalSurname: "Luna" },
        },
      ],
      children: [
        { firstName: "Sofía", gender: "female", group: groupByLabel(structure.groups, DOCENTE_GROUP) },
        { firstName: "Diego", gender: "male", group: groupByLabel(structure.groups, "1° A Secundaria") },
      ],
    },
  });

  // Issue 13: the suggested grade setup (conduct 5–10, four habits on levels) and two alert rules.
  await insertStarterGradeSetup(tx, schoolId, idOf(ids, mail("director")));
  await seedRatings(tx, {
    schoolId,
    directorId: idOf(ids, mail("director")),
    docenteGroupId: groupByLabel(structure.groups, DOCENTE_GROUP).id,
  });
  await tx.insert(alertRules).values([
    { schoolId, kind: "incidents", classification: "serious", threshold: 3, windowDays: 30 },
    { schoolId, kind: "conduct-below-passing", threshold: 1, windowDays: 0 },
  ]);

  const day = 24 * 3600 * 1000;
  const now = Date.now();
  await tx.insert(notifications).values(
    NOTICES.map((n) => ({
      schoolId,
      userId: idOf(ids, mail(n.email)),
      type: n.type,
      params: n.type === "welcome" ? { ...n.params, school: name } : n.params,
      link: n.link,
      readAt: n.read ? new Date(now - (n.daysAgo - 1) * day) : null,
      createdAt: new Date(now - n.daysAgo * day),
    })),
  );

  return { structure, population };
}

/**
 * Issue 31 §4: colegio-demo's closed 2025-2026 year (seed/closed-year.ts), loaded after the current year's records
 * so their folios stay as they were. Its incidents leave out the students docente@ heads or teaches and familia@'s
 * children, whose screens the demo and its tests describe.
 */
export async function seedColegioClosedYear(tx: Tx, schoolId = COLEGIO_ID, emailDomain = "convive.test") {
  const keepOut = (await tx.execute(sql`
    select distinct sg.student_id as id
      from student_groups sg
      join school_years y on y.school_id = sg.school_id and y.id = sg.school_year_id and y.is_current
      join groups g on g.school_id = sg.school_id and g.id = sg.group_id
      join users d on d.email = ${`docente@${emailDomain}`}
     where sg.school_id = ${schoolId}
       and (g.head_teacher_id = d.id or exists (select 1 from teaching_assignments a
             where a.school_id = g.school_id and a.group_id = g.id and a.user_id = d.id))
    union
    select l.student_id from family_links l join users f on f.id = l.user_id and f.email = ${`familia@${emailDomain}`}
     where l.school_id = ${schoolId}`)) as unknown as { rows: { id: number }[] };
  return seedClosedYear(
    tx,
    schoolId,
    keepOut.rows.map((r) => r.id),
  );
}
