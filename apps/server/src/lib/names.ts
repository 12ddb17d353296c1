// The SQL that names a person (users, students, invitations rows) and the LIKE term of a name search, written
// once: every list and search of the app names people the same way.
import { asc, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

type Named = { firstName: AnyPgColumn; paternalSurname: AnyPgColumn; maternalSurname: AnyPgColumn };

/** "Ana Pérez Ruiz" from a users or students row, without double spaces when a surname is empty. */
export const personName = (t: Named) =>
  sql<string>`concat_ws(' ', ${t.firstName}, nullif(${t.paternalSurname}, ''), nullif(${t.maternalSurname}, ''))`;

/** First name and paternal surname, as the incident archive names members. */
export const shortName = (t: Pick<Named, "firstName" | "paternalSurname">) =>
  sql<string>`trim(concat_ws(' ', ${t.firstName}, ${t.paternalSurname}))`;

/** The text a name search matches (ilike): the three parts joined by spaces. */
export const searchableName = (t: Named) =>
  sql<string>`concat_ws(' ', ${t.firstName}, ${t.paternalSurname}, ${t.maternalSurname})`;

/** `%term%` for ILIKE with the user's own %, _ and \ taken literally. */
export const likeTerm = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The three name columns as the API spells them (first_name, paternal_surname, maternal_surname), for a select. */
export const nameColumns = <T extends Named>(t: T) => ({
  first_name: t.firstName as T["firstName"],
  paternal_surname: t.paternalSurname as T["paternalSurname"],
  maternal_surname: t.maternalSurname as T["maternalSurname"],
});

/**
 * A text column in alphabetical order — "Álvarez", "Ramírez", "Ramos" — for ORDER BY (issue 26 §6). The databases
 * are created with the C collation, whose byte order puts every accented name after "Z". ICU's root collation
 * ("und-x-icu") is present both on PostgreSQL built with ICU (the Debian and official images) and in PGlite, and
 * orders the same on both; a locale of its own (es-x-icu) exists only on the server, so it is not used.
 */
export const alphabetical = (column: AnyPgColumn | SQL) => sql`${column} collate "und-x-icu"`;

/**
 * Class-list order for ORDER BY: paternal surname, maternal surname, first name, each alphabetical, then the id so
 * that namesakes keep one order. Every roster (grid, scorecard, group lists) sorts people this one way.
 */
export const classListOrder = (t: Named & { id: AnyPgColumn }) => [
  asc(alphabetical(t.paternalSurname)),
  asc(alphabetical(t.maternalSurname)),
  asc(alphabetical(t.firstName)),
  asc(t.id),
];

/** The same order in raw SQL, for a table alias (`s` in `students s`). */
export const classListOrderSql = (alias: string) =>
  sql.raw(
    `${alias}.paternal_surname collate "und-x-icu", ${alias}.maternal_surname collate "und-x-icu", ` +
      `${alias}.first_name collate "und-x-icu", ${alias}.id`,
  );
