import { insertSchoolWithProfiles } from "../../modules/schools/index.ts";
import type { Tx } from "../client.ts";
import { phoneNumber, Rng } from "./helpers.ts";
import { MONTERREY_PLACES, NORTE_TEACHERS, STREETS } from "./names.ts";
import { idOf, insertMemberships, insertUsers } from "./people.ts";
import { buildPopulation } from "./population.ts";
import { buildStructure } from "./structure.ts";

export const NORTE_ID = "instituto-norte";

const LEVELS = [7, 8, 9];

/** Loads instituto-norte: a small secundaria with three groups, three subjects and ~30 students. */
export async function seedInstitutoNorte(tx: Tx, ids: ReadonlyMap<string, number>, passwordHash: string) {
  const { profileIds } = await insertSchoolWithProfiles(tx, {
    id: NORTE_ID,
    name: "Instituto Norte",
    legalName: "Instituto Norte de Monterrey, A.C.",
    cct: "19PES0456K",
    address: "Av. Constitución 2100 Pte., Col. Obispado, C.P. 64060, Monterrey, Nuevo León",
    phone: "8183451200",
    email: "contacto@institutonorte.edu.mx",
    timeZone: "America/Monterrey",
    privacyNoticeEs:
      "Instituto Norte de Monterrey, A.C. trata los datos personales de alumnos y familias solo para fines escolares. " +
      "Derechos ARCO: privacidad@institutonorte.edu.mx.",
    privacyNoticeEn:
      "Instituto Norte de Monterrey, A.C. processes the personal data of students and families for school purposes " +
      "only. ARCO rights: privacidad@institutonorte.edu.mx.",
    isActive: true,
  });
  const rng = new Rng(NORTE_ID);
  const teachers = NORTE_TEACHERS.map(([firstName, paternalSurname, maternalSurname], i) => ({
    email: `norte.docente${i + 1}@convive.test`,
    firstName: firstName!,
    paternalSurname: paternalSurname!,
    maternalSurname: maternalSurname!,
    cellPhone: phoneNumber(rng, "81"),
  }));
  const staffIds = await insertUsers(tx, teachers, passwordHash);
  await insertMemberships(tx, [
    { schoolId: NORTE_ID, userId: idOf(ids, "norte@convive.test"), profileId: profileIds.director! },
    { schoolId: NORTE_ID, userId: idOf(ids, "multi@convive.test"), profileId: profileIds.coordinador! },
    ...teachers.map((t) => ({ schoolId: NORTE_ID, userId: idOf(staffIds, t.email), profileId: profileIds.docente! })),
  ]);

  const structure = await buildStructure(tx, {
    schoolId: NORTE_ID,
    year: { name: "2026-2027", startsOn: "2026-08-24", endsOn: "2027-07-09" },
    periods: [
      { name: "Trimestre 1", startsOn: "2026-08-24", endsOn: "2026-11-29" },
      { name: "Trimestre 2", startsOn: "2026-11-30", endsOn: "2027-03-14" },
      { name: "Trimestre 3", startsOn: "2027-03-15", endsOn: "2027-07-09" },
    ],
    sections: [
      { name: "Secundaria", grades: LEVELS.map((level) => ({ name: `${level - 6}°`, level, groups: ["A"] })) },
    ],
    subjects: [
      { name: "Español", code: "ESP", levels: LEVELS },
      { name: "Matemáticas", code: "MAT", levels: LEVELS },
      { name: "Inglés", code: "ING", levels: LEVELS },
    ],
    // docente1 heads 1° A, docente2 2° A, docente3 3° A, and each teaches every subject to their own group.
    headTeacher: (label) => idOf(staffIds, `norte.docente${label[0]}@convive.test`),
    teacherFor: (group) => group.headTeacherId,
  });

  const population = await buildPopulation(tx, {
    schoolId: NORTE_ID,
    schoolYearId: structure.schoolYearId,
    seed: `${NORTE_ID}/students`,
    enrollmentPrefix: "INO-2026-",
    startYear: 2026,
    birthState: "NL",
    areaCode: "81",
    places: MONTERREY_PLACES.map(([neighbourhood, postalCode, area]) => ({
      neighbourhood: neighbourhood!,
      postalCode: postalCode!,
      area: area!,
      city: area!,
      state: "Nuevo León",
      isCdmx: false,
    })),
    streets: STREETS,
    groups: structure.groups.map((group) => ({ group, size: 10 })),
    familiarProfileId: profileIds.familiar!,
    passwordHash,
  });
  return { structure, population };
}
