// The SQL that names a person (users, students, invitations rows) and the LIKE term of a name search, written
// once: every list and search of the app names people the same way.
import { sql } from "drizzle-orm";
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
