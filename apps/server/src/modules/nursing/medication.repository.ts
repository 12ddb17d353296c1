import { desc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { medicationAdministrations, medicationAuthorizations, users } from "../../db/schema/index.ts";
import { personName } from "../../lib/names.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";

export type AuthorizationRow = typeof medicationAuthorizations.$inferSelect;
type AuthorizationInsert = Omit<typeof medicationAuthorizations.$inferInsert, "schoolId" | "id" | "createdAt">;
type AdministrationInsert = Omit<typeof medicationAdministrations.$inferInsert, "schoolId" | "id" | "createdAt">;

export const authorizationsOf = (tx: Tx, schoolId: string, studentId: number) =>
  tx
    .select({ a: medicationAuthorizations, givenBy: personName(users) })
    .from(medicationAuthorizations)
    .innerJoin(users, eq(users.id, medicationAuthorizations.givenBy))
    .where(ofSchool(medicationAuthorizations, schoolId, eq(medicationAuthorizations.studentId, studentId)))
    .orderBy(desc(medicationAuthorizations.id))
    .limit(50);
export type AuthorizationListRow = Awaited<ReturnType<typeof authorizationsOf>>[number];

export async function authorizationById(tx: Tx, schoolId: string, id: number): Promise<AuthorizationRow | undefined> {
  const [row] = await forSchool(tx, schoolId)
    .select(medicationAuthorizations)
    .where(eq(medicationAuthorizations.id, id));
  return row;
}

export async function insertAuthorization(tx: Tx, schoolId: string, values: AuthorizationInsert) {
  const [row] = await forSchool(tx, schoolId)
    .insert(medicationAuthorizations, values)
    .returning({ id: medicationAuthorizations.id });
  return row!.id;
}

export const setAuthorizationActive = (tx: Tx, schoolId: string, id: number, active: boolean) =>
  forSchool(tx, schoolId).update(medicationAuthorizations, { active }).where(eq(medicationAuthorizations.id, id));

export const administrationsOf = (tx: Tx, schoolId: string, studentId: number) =>
  tx
    .select({ d: medicationAdministrations, medicine: medicationAuthorizations.medicine, givenBy: personName(users) })
    .from(medicationAdministrations)
    .innerJoin(
      medicationAuthorizations,
      sameSchool(
        medicationAuthorizations,
        medicationAdministrations,
        eq(medicationAuthorizations.id, medicationAdministrations.authorizationId),
      ),
    )
    .innerJoin(users, eq(users.id, medicationAdministrations.givenBy))
    .where(ofSchool(medicationAdministrations, schoolId, eq(medicationAdministrations.studentId, studentId)))
    .orderBy(desc(medicationAdministrations.givenAt), desc(medicationAdministrations.id))
    .limit(50);
export type AdministrationRow = Awaited<ReturnType<typeof administrationsOf>>[number];

export async function insertAdministration(tx: Tx, schoolId: string, values: AdministrationInsert) {
  const [row] = await forSchool(tx, schoolId)
    .insert(medicationAdministrations, values)
    .returning({ id: medicationAdministrations.id });
  return row!.id;
}
