import { asc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { nursingFields, nursingOptions } from "../../db/schema/index.ts";
import { forSchool } from "../../lib/tenant-db.ts";

export type FieldRow = typeof nursingFields.$inferSelect;
export type OptionRow = typeof nursingOptions.$inferSelect;
type FieldValues = Omit<typeof nursingFields.$inferInsert, "schoolId" | "id" | "createdAt">;
type OptionValues = Omit<typeof nursingOptions.$inferInsert, "schoolId" | "id" | "createdAt">;

/** The record's extra fields, in the configurator's order. */
export const fieldsOf = (tx: Tx, schoolId: string) =>
  forSchool(tx, schoolId).select(nursingFields).where().orderBy(asc(nursingFields.position), asc(nursingFields.id));

/** Both lists (reasons and outcomes), in the order they were added. */
export const optionsOf = (tx: Tx, schoolId: string) =>
  forSchool(tx, schoolId).select(nursingOptions).where().orderBy(asc(nursingOptions.id));

export async function optionById(tx: Tx, schoolId: string, id: number) {
  const [row] = await forSchool(tx, schoolId).select(nursingOptions).where(eq(nursingOptions.id, id));
  return row;
}

export const insertField = (tx: Tx, schoolId: string, values: FieldValues) =>
  forSchool(tx, schoolId).insert(nursingFields, values).returning();
export const updateField = (tx: Tx, schoolId: string, id: number, values: FieldValues) =>
  forSchool(tx, schoolId).update(nursingFields, values).where(eq(nursingFields.id, id)).returning();
export const insertOption = (tx: Tx, schoolId: string, values: OptionValues) =>
  forSchool(tx, schoolId).insert(nursingOptions, values).returning();
export const updateOption = (tx: Tx, schoolId: string, id: number, values: Partial<OptionValues>) =>
  forSchool(tx, schoolId).update(nursingOptions, values).where(eq(nursingOptions.id, id)).returning();
