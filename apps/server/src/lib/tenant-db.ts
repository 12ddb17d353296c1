import { and, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable, PgTransaction, PgUpdateSetSource, SelectedFields } from "drizzle-orm/pg-core";
import type { Tx } from "../db/client.ts";

/** A table that belongs to one school: every tenant table has a `school_id` column. */
export type TenantTable = PgTable & { schoolId: PgColumn };

type Condition = SQL | undefined;
/** What an insert takes: the row without its school (the helper fills it). */
type WithoutSchool<T extends TenantTable> = Omit<T["$inferInsert"], "schoolId">;

/**
 * The one way a repository reaches tenant data: every statement built here carries `school_id = <school>`, so a
 * query cannot forget the school. Selects, updates and deletes AND it into their WHERE (`.where()` with no argument
 * still has it), inserts fill it. The rest of drizzle's builder (orderBy, limit, joins, returning) follows as usual.
 *
 *   const s = forSchool(tx, schoolId);
 *   s.select(students).where(eq(students.id, id));
 *   s.pick(students, { id: students.id }).where(...).orderBy(...);
 *   s.update(students, patch).where(eq(students.id, id)).returning();
 *   s.delete(students).where(eq(students.id, id));
 *   s.insert(students, { firstName, ... }).returning();
 *
 * Queries that start from a join or a subquery use `ofSchool` (WHERE) and `sameSchool` (ON) below; `schoolRows`
 * writes the by-id CRUD once. Raw SQL remains only where a comment says why (correlated scalar subqueries).
 */
export function forSchool(tx: Tx, schoolId: string) {
  const mine = (table: TenantTable, conditions: Condition[]) => and(eq(table.schoolId, schoolId), ...conditions)!;
  return {
    tx,
    schoolId,
    /** A select from one tenant table; `.where(...)` is required and always includes the school. */
    select<T extends TenantTable>(table: T) {
      return {
        where: (...conditions: Condition[]) =>
          tx
            .select()
            .from<T>(table as never)
            .where(mine(table, conditions)),
      };
    },
    /** A select of some fields from one tenant table; `.where(...)` always includes the school. */
    pick<T extends TenantTable, F extends SelectedFields>(table: T, fields: F) {
      return {
        where: (...conditions: Condition[]) =>
          tx
            .select(fields)
            .from<T>(table as never)
            .where(mine(table, conditions)),
      };
    },
    /** Changes rows of the school only; `.where(...)` narrows further. */
    update<T extends TenantTable>(table: T, values: Omit<PgUpdateSetSource<T>, "schoolId">) {
      return {
        where: (...conditions: Condition[]) =>
          tx
            .update(table)
            .set(values as never)
            .where(mine(table, conditions)),
      };
    },
    /** Deletes rows of the school only; `.where(...)` narrows further (none: every row of the school). */
    delete<T extends TenantTable>(table: T) {
      return { where: (...conditions: Condition[]) => tx.delete(table).where(mine(table, conditions)) };
    },
    /** Inserts rows into the school: `school_id` is filled here, never by the caller. */
    insert<T extends TenantTable>(table: T, values: WithoutSchool<T> | WithoutSchool<T>[]) {
      const rows = (Array.isArray(values) ? values : [values]).map((row) => ({ ...row, schoolId }));
      return tx.insert(table).values(rows as never);
    },
  };
}

export type SchoolScope = ReturnType<typeof forSchool>;

/** Name of the role the scoped transaction switches to so row-level security applies (see migration 0005). */
export const TENANT_ROLE = "convive_app";

/**
 * Runs `work` in a transaction that PostgreSQL itself limits to one school (the second wall, after `forSchool`):
 * `app.school_id` is set for the transaction and, where the role exists and the connecting user may take it, the
 * transaction switches to `convive_app`, which row-level security applies to (superusers and table owners bypass
 * it, so without the switch the policies would never bite). One statement, one round trip, both settings end with
 * the transaction. Inside a transaction already open, it scopes that one.
 */
export async function inSchool<R>(tx: Tx, schoolId: string, work: (scoped: Tx) => Promise<R>): Promise<R> {
  const scope = async (t: Tx) => {
    await t.execute(sql`select set_config('app.school_id', ${schoolId}, true),
      (select set_config('role', rolname, true) from pg_roles
        where rolname = ${TENANT_ROLE} and pg_has_role(current_user, oid, 'MEMBER'))`);
    return work(t);
  };
  return isTransaction(tx) ? scope(tx) : tx.transaction((t) => scope(t));
}

function isTransaction(tx: Tx): tx is PgTransaction<never, never, never> & Tx {
  return typeof (tx as { rollback?: unknown }).rollback === "function";
}

/**
 * The ON of a join between two tenant tables: both rows belong to the same school (the composite keys include
 * `school_id`), AND the other conditions. For joins built where no school is at hand (shared query fragments).
 */
export const sameSchool = (left: TenantTable, right: TenantTable, ...conditions: Condition[]) =>
  and(eq(left.schoolId, right.schoolId), ...conditions)!;

/**
 * `table.school_id = <school>` AND the conditions, where no transaction is at hand (a WHERE built for a query
 * composed elsewhere, such as a select with joins or a subquery). Same as `forSchool(tx, schoolId).where(...)`; the
 * school may be the outer row's column in a correlated subquery.
 */
export const ofSchool = (table: TenantTable, schoolId: string | PgColumn, ...conditions: Condition[]) =>
  and(eq(table.schoolId, schoolId), ...conditions)!;

/** A tenant table whose rows are keyed `(school_id, id)`. */
export type KeyedTable = TenantTable & { id: PgColumn };

/**
 * The by-id statements every configuration table repeats (find, insert, patch, delete), written once. A patch drops
 * its undefined fields and does nothing when none is left (drizzle refuses an empty SET).
 */
export function schoolRows<T extends KeyedTable>(table: T) {
  return {
    /** The row of the school, locked for the rest of the transaction when asked. */
    async find(tx: Tx, schoolId: string, id: number, lock = false): Promise<T["$inferSelect"] | undefined> {
      const query = forSchool(tx, schoolId).select(table).where(eq(table.id, id));
      const [row] = (lock ? await query.for("update") : await query) as T["$inferSelect"][];
      return row;
    },
    async insert(tx: Tx, values: T["$inferInsert"]): Promise<T["$inferSelect"]> {
      const [row] = (await tx.insert(table).values(values).returning()) as T["$inferSelect"][];
      return row!;
    },
    async update(tx: Tx, schoolId: string, id: number, patch: Partial<T["$inferInsert"]>): Promise<void> {
      const entries = Object.entries(patch).filter(([key, value]) => value !== undefined && key !== "schoolId");
      if (entries.length === 0) return;
      await forSchool(tx, schoolId)
        .update(table, Object.fromEntries(entries) as never)
        .where(eq(table.id, id));
    },
    async delete(tx: Tx, schoolId: string, id: number): Promise<void> {
      await forSchool(tx, schoolId).delete(table).where(eq(table.id, id));
    },
  };
}
