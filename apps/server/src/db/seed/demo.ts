import { sql } from "drizzle-orm";
import { hashPassword } from "../../lib/passwords.ts";
import { insertSchoolWithProfiles } from "../../modules/schools/index.ts";
import type { Db, Tx } from "../client.ts";
import { helpVideos, memberships, schools, users } from "../schema/index.ts";
import { seedAnnouncements } from "./announcements.ts";
import { COLEGIO_ID, seedColegioClosedYear, seedColegioDemo } from "./colegio-demo.ts";
import { seedForms } from "./forms.ts";
import { generateIncidents } from "./incidents.ts";
import { seedInclusion } from "./inclusion.ts";
import { seedInstitutoNorte } from "./instituto-norte.ts";
import { seedMessages } from "./messages.ts";
import { seedNursing } from "./nursing.ts";
import { idOf, insertUsers, type SeedUser } from "./people.ts";
import { seedRecognitionPoints } from "./points.ts";
import { seedProtocols } from "./protocols.ts";
import { seedSupport } from "./support.ts";

/** The password of every demo account. */
export const DEMO_PASSWORD = "Convive.2026!";

export interface DemoAccount {
  readonly email: string;
  readonly description: string;
}

/** The sign-in accounts of the demo, each showing one situation (README and tests). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: "root@convive.test", description: "Platform administrator (root): schools, users and help videos" },
  { email: "director@convive.test", description: "Director of Colegio Demo Andes" },
  { email: "docente@convive.test", description: "Docente in Colegio Demo Andes, head teacher of 3° A Primaria" },
  { email: "familia@convive.test", description: "Familiar in Colegio Demo Andes, mother of two students" },
  { email: "multi@convive.test", description: "Director of Colegio Demo Andes and Coordinador of Instituto Norte" },
  { email: "norte@convive.test", description: "Director of Instituto Norte only" },
  { email: "nuevo@convive.test", description: "Docente in Colegio Demo Andes who must change the password" },
  { email: "sinrol@convive.test", description: "Member of Colegio Demo Andes without a profile" },
  { email: "sinescuela@convive.test", description: "User without any school" },
  { email: "inactivo@convive.test", description: "Director of Escuela Inactiva, a disabled school" },
];

export const ACCOUNT_USERS: readonly SeedUser[] = [
  {
    email: "root@convive.test",
    firstName: "Administrador",
    paternalSurname: "Plataforma",
    maternalSurname: "",
    root: 1,
  },
  { email: "director@convive.test", firstName: "Mariana", paternalSurname: "Robles", maternalSurname: "Treviño" },
  { email: "docente@convive.test", firstName: "Laura", paternalSurname: "Méndez", maternalSurname: "Ortiz" },
  { email: "familia@convive.test", firstName: "Gabriela", paternalSurname: "Torres", maternalSurname: "Aguilar" },
  { email: "multi@convive.test", firstName: "Alejandro", paternalSurname: "Fuentes", maternalSurname: "Cárdenas" },
  { email: "norte@convive.test", firstName: "Patricia", paternalSurname: "Garza", maternalSurname: "Villarreal" },
  {
    email: "nuevo@convive.test",
    firstName: "Daniel",
    paternalSurname: "Ochoa",
    maternalSurname: "Ríos",
    passwordUpdated: 0,
  },
  { email: "sinrol@convive.test", firstName: "Sergio", paternalSurname: "Navarro", maternalSurname: "Peña" },
  { email: "sinescuela@convive.test", firstName: "Lucía", paternalSurname: "Campos", maternalSurname: "Herrera" },
  { email: "inactivo@convive.test", firstName: "Héctor", paternalSurname: "Domínguez", maternalSurname: "Salas" },
];

const HELP_VIDEOS = [
  {
    title: "Cómo registrar una incidencia",
    videoUrl: "https://videos.convive.mx/ayuda/registro.mp4",
    screenUrl: "/register",
    language: "es",
  },
  {
    title: "Configura la información general de tu escuela",
    videoUrl: "https://videos.convive.mx/ayuda/informacion-general.mp4",
    screenUrl: "/master-configuration/general-information",
    language: "es",
  },
];

const isEmpty = async (tx: Tx) => {
  const [school] = await tx.select({ id: schools.id }).from(schools).limit(1);
  const [user] = await tx.select({ id: users.id }).from(users).limit(1);
  return !school && !user;
};

/**
 * Loads the demo schools, accounts and students when the database holds no school and no user.
 * Returns whether it loaded them; all or nothing, in one transaction.
 */
export const DEMO_INCIDENTS = { colegio: 160, norte: 30 } as const;

export async function seedDemoIfEmpty(db: Db, log: (msg: string) => void = () => {}): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  // One argon2 hash for every account: hashing is slow on purpose.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const summary = await db.transaction(async (tx) => {
    // Two instances starting together: the second waits here, then finds the data and backs off.
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    if (!(await isEmpty(tx))) return undefined;
    const ids = await insertUsers(tx, ACCOUNT_USERS, passwordHash);
    const colegio = await seedColegioDemo(tx, { ids, passwordHash });
    const norte = await seedInstitutoNorte(tx, ids, passwordHash);
    // A term and a half of incidents (with their timeline and formative actions) so the archive, the details and
    // the overdue lists have something to show; the schools' starter catalogue supplies the types.
    await generateIncidents(tx, COLEGIO_ID, { count: DEMO_INCIDENTS.colegio, days: 100 });
    await seedRecognitionPoints(tx, COLEGIO_ID);
    // Issue 30: the bullying incidents run their protocol (the newest open one with a late step and an overdue one).
    await seedProtocols(tx, COLEGIO_ID);
    // Issue 27: Diego's and Sofía's conversations with the school (an urgent one, one about an incident).
    await seedMessages(tx, COLEGIO_ID);
    // Issue 27: an announcement to 3° A Primaria's families, half of them confirmed.
    await seedAnnouncements(tx, COLEGIO_ID);
    // Issue 28: Diego's consent to external support, two referrals.
    await seedSupport(tx, COLEGIO_ID);
    // Issue 28: Sofía's visual condition and adjustments, Diego's conditioned enrollment and its acknowledged letter.
    await seedInclusion(tx, COLEGIO_ID);
    // Issue 29: medical records (Diego's critical allergy), visits of the last weeks, an inhaler authorisation.
    await seedNursing(tx, COLEGIO_ID);
    // Issue 29: two forms to 3° A Primaria's families (a closed survey with answers, an open permission slip).
    await seedForms(tx, COLEGIO_ID);
    // Issue 31 §4: a closed 2025-2026 year (its groups, students and a few incidents) for cycle-details and
    // re-enrollment; loaded last so the current year's folios and records stay as they were.
    await seedColegioClosedYear(tx, COLEGIO_ID);
    await generateIncidents(tx, "instituto-norte", { count: DEMO_INCIDENTS.norte, days: 60, seed: 7 });

    const inactive = await insertSchoolWithProfiles(tx, {
      id: "escuela-inactiva",
      name: "Escuela Inactiva",
      legalName: "Escuela Inactiva, A.C.",
      cct: "09PPR9999Z",
      isActive: false,
    });
    await tx.insert(memberships).values({
      schoolId: inactive.school.id,
      userId: idOf(ids, "inactivo@convive.test"),
      profileId: inactive.profileIds.director!,
    });
    await tx.insert(helpVideos).values(HELP_VIDEOS.map((v) => ({ ...v, createdBy: idOf(ids, "root@convive.test") })));
    return { colegio, norte };
  });
  if (!summary) return false;
  const { colegio, norte } = summary;
  log(
    `demo data: ${COLEGIO_ID} with ${colegio.population.students} students, instituto-norte with ` +
      `${norte.population.students} students, ${DEMO_INCIDENTS.colegio + DEMO_INCIDENTS.norte} incidents, ` +
      `${DEMO_ACCOUNTS.length} demo accounts (see DEMO_ACCOUNTS)`,
  );
  return true;
}
