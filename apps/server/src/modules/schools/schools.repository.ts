import {
  PROFILE_TEMPLATES,
  STARTER_CONDITION_TYPES,
  STARTER_NURSING_OUTCOMES,
  STARTER_NURSING_REASONS,
  STARTER_TRAINER_TYPES,
} from "@convive/domain";
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  conditionTypes,
  nursingOptions,
  profilePermissions,
  profiles,
  schools,
  trainerTypes,
} from "../../db/schema/index.ts";
import { alphabetical } from "../../lib/names.ts";
import { insertStarterCatalogue } from "../incident-config/index.ts";

export type SchoolRow = typeof schools.$inferSelect;
export type NewSchool = typeof schools.$inferInsert;

/**
 * Creates a school, seeds its profiles from the templates and gives it the starter incidents/observations
 * catalogue (and issue 28's trainer and condition types); returns profile ids by template key.
 */
export async function insertSchoolWithProfiles(tx: Tx, input: NewSchool) {
  const [school] = await tx.insert(schools).values(input).returning();
  const profileIds: Record<string, number> = {};
  for (const template of PROFILE_TEMPLATES) {
    const [profile] = await tx
      .insert(profiles)
      .values({ schoolId: input.id, name: template.name, nameEn: template.nameEn, templateKey: template.key })
      .returning({ id: profiles.id });
    profileIds[template.key] = profile!.id;
    const grants = [...template.modules, ...template.permissions];
    if (grants.length > 0) {
      await tx
        .insert(profilePermissions)
        .values(grants.map((permission) => ({ schoolId: input.id, profileId: profile!.id, permission })));
    }
  }
  await insertStarterCatalogue(tx, input.id);
  // External support's trainer types and inclusion's condition types (issue 28), es/en, which the school edits.
  const starter = ({ name, name_en }: { name: string; name_en: string }) => ({
    schoolId: input.id,
    name,
    nameEn: name_en,
  });
  await tx.insert(trainerTypes).values(STARTER_TRAINER_TYPES.map(starter));
  await tx.insert(conditionTypes).values(STARTER_CONDITION_TYPES.map(starter));
  // Nursing's visit reasons and outcomes (issue 29 §3), es/en, which the school edits.
  await tx
    .insert(nursingOptions)
    .values([
      ...STARTER_NURSING_REASONS.map((r) => ({ ...starter(r), kind: "reason" })),
      ...STARTER_NURSING_OUTCOMES.map((o) => ({ ...starter(o), kind: "outcome" })),
    ]);
  return { school: school!, profileIds };
}

export async function findSchool(tx: Tx, id: string): Promise<SchoolRow | undefined> {
  const [row] = await tx.select().from(schools).where(eq(schools.id, id));
  return row;
}

export async function updateSchool(tx: Tx, id: string, patch: Partial<NewSchool>) {
  const [row] = await tx
    .update(schools)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(schools.id, id)))
    .returning();
  return row;
}

export const listSchools = (tx: Tx) => tx.select().from(schools).orderBy(alphabetical(schools.name));
