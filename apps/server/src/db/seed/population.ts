import type { Tx } from "../client.ts";
import { type Address, familyLinks, familyMembers, studentGroups, students } from "../schema/index.ts";
import {
  buildAddress,
  buildCurp,
  buildRfc,
  dayInYear,
  eachChunk,
  inChunks,
  type PersonName,
  type Place,
  phoneNumber,
  Rng,
} from "./helpers.ts";
import * as N from "./names.ts";
import { idOf, insertMemberships, insertUsers, type SeedUser } from "./people.ts";
import type { BuiltGroup } from "./structure.ts";

export type Relationship = "father" | "mother" | "grandparents" | "tutor" | "aunt" | "uncle" | "siblings" | "cousin";

interface Guardian {
  relationship: Relationship;
  name: PersonName;
  female: boolean;
  /** An account created beforehand (a demo account); otherwise one is created from the first child's enrollment. */
  userId?: number;
}

interface Child {
  firstName: string;
  gender: "female" | "male";
  group: BuiltGroup;
}

interface Family {
  paternalSurname: string;
  maternalSurname: string;
  guardians: Guardian[];
  children: Child[];
}

/** A family fixed in advance (the familia@ demo account and their children). */
export type FeaturedFamily = Family;

export interface PopulationSpec {
  schoolId: string;
  schoolYearId: number;
  seed: string;
  /** "CDA-2026-" gives CDA-2026-0001, CDA-2026-0002, … */
  enrollmentPrefix: string;
  startYear: number;
  /** Two-letter CURP code of the birth state (DF, NL). */
  birthState: string;
  areaCode: string;
  places: readonly Place[];
  streets: readonly string[];
  groups: readonly { group: BuiltGroup; size: number }[];
  familiarProfileId: number;
  passwordHash: string;
  featured?: FeaturedFamily;
  /** Domain of the family accounts' e-mails; a copy of a demo school needs its own (e2e-school.ts). */
  emailDomain?: string;
}

const COMPOSITIONS: readonly (readonly [Relationship[], number])[] = [
  [["mother", "father"], 44],
  [["mother"], 22],
  [["father", "mother"], 6],
  [["father"], 5],
  [["mother", "grandparents"], 7],
  [["grandparents"], 3],
  [["tutor"], 3],
  [["mother", "aunt"], 2],
  [["father", "uncle"], 1],
  [["mother", "siblings"], 1],
  [["mother", "cousin"], 1],
  [[], 5],
];

const BIRTH_YEARS: Record<Relationship, readonly [number, number]> = {
  father: [1978, 1992],
  mother: [1980, 1993],
  grandparents: [1952, 1966],
  tutor: [1965, 1990],
  aunt: [1975, 1996],
  uncle: [1975, 1996],
  siblings: [2000, 2006],
  cousin: [1995, 2005],
};

function randomGuardian(rng: Rng, relationship: Relationship, p: string, m: string): Guardian {
  const female =
    relationship === "mother" || relationship === "aunt"
      ? true
      : relationship === "father" || relationship === "uncle"
        ? false
        : rng.chance(0.6);
  const elder = relationship === "grandparents";
  const firstName = rng.pick(
    elder ? (female ? N.ELDER_WOMEN_NAMES : N.ELDER_MEN_NAMES) : female ? N.WOMEN_NAMES : N.MEN_NAMES,
  );
  const paternal: Record<Relationship, string> = {
    mother: m,
    father: p,
    grandparents: female ? rng.pick(N.SURNAMES) : p,
    tutor: rng.pick(N.SURNAMES),
    aunt: rng.pick([p, m]),
    uncle: rng.pick([p, m]),
    siblings: p,
    cousin: rng.pick(N.SURNAMES),
  };
  const maternalSurname = relationship === "siblings" ? m : rng.pick(N.SURNAMES);
  return { relationship, female, name: { firstName, paternalSurname: paternal[relationship], maternalSurname } };
}

function randomFamily(rng: Rng, slots: BuiltGroup[]): Family {
  const paternalSurname = rng.pick(N.SURNAMES);
  let maternalSurname = rng.pick(N.SURNAMES);
  while (maternalSurname === paternalSurname) maternalSurname = rng.pick(N.SURNAMES);
  const children: Child[] = [];
  for (const group of slots) {
    const female = rng.chance(0.5);
    let firstName = rng.pick(female ? N.GIRL_NAMES : N.BOY_NAMES);
    while (children.some((c) => c.firstName === firstName)) firstName = rng.pick(female ? N.GIRL_NAMES : N.BOY_NAMES);
    children.push({ firstName, gender: female ? "female" : "male", group });
  }
  const guardians = rng.weighted(COMPOSITIONS).map((r) => randomGuardian(rng, r, paternalSurname, maternalSurname));
  return { paternalSurname, maternalSurname, guardians, children };
}

/** Loads the students of a school (in their groups of the current year) and their families. */
export async function buildPopulation(tx: Tx, spec: PopulationSpec) {
  const { schoolId, schoolYearId } = spec;
  const rng = new Rng(spec.seed);
  const slots = spec.groups.flatMap(({ group, size }) => Array.from({ length: size }, () => group));
  const families: Family[] = [];
  if (spec.featured) {
    for (const child of spec.featured.children) slots.splice(slots.indexOf(child.group), 1);
    families.push(spec.featured);
  }
  rng.shuffle(slots);
  while (slots.length > 0)
    families.push(randomFamily(rng, slots.splice(0, slots.length > 1 && rng.chance(0.14) ? 2 : 1)));

  const order = new Map(spec.groups.map(({ group }, i) => [group.id, i]));
  const drafts = families.flatMap((family) =>
    family.children.map((child) => {
      const name = {
        firstName: child.firstName,
        paternalSurname: family.paternalSurname,
        maternalSurname: family.maternalSurname,
      };
      const birthday = dayInYear(rng, spec.startYear - 5 - child.group.level);
      const curp = buildCurp(name, birthday, child.gender === "female" ? "M" : "H", spec.birthState, rng);
      const observations = rng.chance(0.06) ? rng.pick(N.STUDENT_NOTES) : null;
      return { family, child, name, birthday, curp, observations, enrollment: "" };
    }),
  );
  const collator = new Intl.Collator("es");
  drafts.sort(
    (a, b) =>
      order.get(a.child.group.id)! - order.get(b.child.group.id)! ||
      collator.compare(a.name.paternalSurname, b.name.paternalSurname) ||
      collator.compare(a.name.maternalSurname, b.name.maternalSurname) ||
      collator.compare(a.name.firstName, b.name.firstName),
  );
  drafts.forEach((d, i) => {
    d.enrollment = spec.enrollmentPrefix + String(i + 1).padStart(4, "0");
  });

  const addresses = new Map<Family, Address>(
    families.map((f) => [f, buildAddress(rng, spec.streets, rng.pick(spec.places))]),
  );
  const studentRows = await inChunks(
    drafts.map((d) => ({
      schoolId,
      enrollment: d.enrollment,
      ...d.name,
      birthday: d.birthday,
      gender: d.child.gender,
      curp: d.curp,
      address: addresses.get(d.family)!,
      observations: d.observations,
    })),
    (chunk) => tx.insert(students).values(chunk).returning({ id: students.id, enrollment: students.enrollment }),
  );
  const studentId = new Map(studentRows.map((s) => [s.enrollment, s.id]));
  const idOfDraft = (d: (typeof drafts)[number]) => studentId.get(d.enrollment)!;
  await eachChunk(
    drafts.map((d) => ({ schoolId, schoolYearId, studentId: idOfDraft(d), groupId: d.child.group.id })),
    (chunk) => tx.insert(studentGroups).values(chunk),
  );

  // Family accounts: e-mail from the first child's enrollment, one phone and the household address each.
  const guardians = families.flatMap((family) => {
    const kids = drafts.filter((d) => d.family === family);
    const english = rng.chance(0.06);
    return family.guardians.map((g, i) => {
      const slug = kids[0]!.enrollment.toLowerCase();
      const email = `familia.${slug}${i === 0 ? "" : `.${i + 1}`}@${spec.emailDomain ?? "convive.test"}`;
      const birthday = dayInYear(rng, rng.int(...BIRTH_YEARS[g.relationship]));
      const phone = phoneNumber(rng, spec.areaCode);
      return {
        g,
        i,
        kids,
        email,
        phone,
        english,
        rfc: buildRfc(g.name, birthday, rng),
        address: addresses.get(family)!,
      };
    });
  });
  const newUsers: SeedUser[] = guardians
    .filter((x) => x.g.userId === undefined)
    .map((x) => ({ email: x.email, ...x.g.name, cellPhone: x.phone, language: x.english ? "en" : "es" }));
  const userIds = await insertUsers(tx, newUsers, spec.passwordHash);
  const withIds = guardians.map((x) => ({ ...x, userId: x.g.userId ?? idOf(userIds, x.email) }));

  await insertMemberships(
    tx,
    withIds.map((x) => ({ schoolId, userId: x.userId, profileId: spec.familiarProfileId })),
  );
  await eachChunk(
    withIds.map((x) => ({ schoolId, userId: x.userId, rfc: x.rfc, phone: x.phone, address: x.address })),
    (chunk) => tx.insert(familyMembers).values(chunk),
  );
  const linkRows = withIds.flatMap((x) =>
    x.kids.map((kid) => ({
      schoolId,
      studentId: idOfDraft(kid),
      userId: x.userId,
      relationship: x.g.relationship,
      canPickUp: ["father", "mother", "grandparents", "tutor"].includes(x.g.relationship) || rng.chance(0.5),
      isEmergencyContact: x.i === 0 || rng.chance(0.6),
    })),
  );
  await eachChunk(linkRows, (chunk) => tx.insert(familyLinks).values(chunk));

  const featured = spec.featured
    ? drafts
        .filter((d) => d.family === spec.featured)
        .map((d) => ({ id: idOfDraft(d), enrollment: d.enrollment, name: d.name, group: d.child.group.label }))
    : [];
  return { students: drafts.length, familyUsers: withIds.length, familyLinks: linkRows.length, featured };
}
