import { sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { AppError } from "./errors.ts";

/** The PostgreSQL code of an error, looking through drizzle's wrapper. */
function pgCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgCode(error) === "23505";
export const isForeignKeyViolation = (error: unknown) => pgCode(error) === "23503";

/**
 * Serialises a school's structure writes (years, periods, sections, grades, groups, subjects, assignments) for
 * the rest of the transaction, so checks such as "dates may not overlap" or "the code is free" cannot both pass
 * in two requests at once. Other schools are never blocked; reads never wait.
 */
export async function lockSchoolStructure(tx: Tx, schoolId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`structure:${schoolId}`}, 0))`);
}

/**
 * Runs a delete, turning a reference the service did not check itself — a row of a later module (incidents,
 * ratings…) that points here without cascading — into 409 IN_USE instead of a 500.
 */
export async function deleteOrInUse<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError("IN_USE");
    throw error;
  }
}

/** Keeps the defined entries of a patch; drizzle refuses an UPDATE with nothing to set. */
export function definedOnly<T extends object>(patch: T): Partial<T> | null {
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
  return entries.length > 0 ? (Object.fromEntries(entries) as Partial<T>) : null;
}
