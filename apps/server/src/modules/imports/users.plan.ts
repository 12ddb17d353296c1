import { IMPORT_COLUMNS } from "@convive/domain";
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { profiles } from "../../db/schema/index.ts";
import { insertAccounts, insertMemberships, membershipsAmong, usersByEmail } from "./bulk.repository.ts";
import { fold, isEmail } from "./cells.ts";
import { chunks, emptyCounts, type Issue, type Plan, type Row, requireCells } from "./plan.ts";

const COLUMNS = IMPORT_COLUMNS.users;

interface Good {
  row: Row;
  email: string;
  profileId: number;
  existingId?: number;
}

/** Staff members from a file: each row a new account or an existing one (by e-mail) joining the school. */
export async function planUsers(tx: Tx, schoolId: string, rows: readonly Row[]): Promise<Plan> {
  const issues: Issue[] = [];
  const schoolProfiles = await tx
    .select({ id: profiles.id, name: profiles.name })
    .from(profiles)
    .where(eq(profiles.schoolId, schoolId));
  const profileByName = new Map(schoolProfiles.map((p) => [fold(p.name), p.id]));
  const names = schoolProfiles.map((p) => p.name).join(", ");

  const firstRowOf = new Map<string, number>();
  const good: Good[] = [];
  for (const row of rows) {
    let ok = requireCells(row, COLUMNS, issues);
    const email = row.get("email").toLowerCase();
    if (email && !isEmail(email)) {
      issues.push({ row: row.number, column: "email", code: "INVALID_EMAIL" });
      ok = false;
    } else if (email && firstRowOf.has(email)) {
      issues.push({
        row: row.number,
        column: "email",
        code: "DUPLICATE_IN_FILE",
        params: { row: firstRowOf.get(email)! },
      });
      ok = false;
    } else if (email) firstRowOf.set(email, row.number);
    const profileId = profileByName.get(fold(row.get("profile")));
    if (row.get("profile") && profileId === undefined) {
      issues.push({ row: row.number, column: "profile", code: "INVALID_OPTION", allowed: { es: names, en: names } });
      ok = false;
    }
    if (ok) good.push({ row, email, profileId: profileId! });
  }

  const existing = await usersByEmail(
    tx,
    good.map((g) => g.email),
  );
  const members = await membershipsAmong(
    tx,
    schoolId,
    [...existing.values()].map((u) => u.id),
  );
  const toWrite: Good[] = [];
  for (const g of good) {
    const user = existing.get(g.email);
    if (user?.root === 1) issues.push({ row: g.row.number, column: "email", code: "EMAIL_TAKEN" });
    else if (user && members.has(user.id)) issues.push({ row: g.row.number, column: "email", code: "ALREADY_MEMBER" });
    else toWrite.push({ ...g, existingId: user?.id });
  }

  const counts = emptyCounts(rows.length);
  counts.accounts_linked = toWrite.filter((g) => g.existingId !== undefined).length;
  counts.accounts_created = toWrite.length - counts.accounts_linked;

  return {
    total: rows.length,
    issues,
    counts,
    touchedUserIds: () => toWrite.flatMap((g) => (g.existingId === undefined ? [] : [g.existingId])),
    write: async (wtx, progress) => {
      let done = 0;
      for (const part of chunks(toWrite)) {
        const created = await insertAccounts(
          wtx,
          part
            .filter((g) => g.existingId === undefined)
            .map((g) => ({
              email: g.email,
              firstName: g.row.get("first_name"),
              paternalSurname: g.row.get("paternal_surname"),
              maternalSurname: g.row.get("maternal_surname"),
              cellPhone: g.row.get("cell_phone") || null,
            })),
        );
        await insertMemberships(
          wtx,
          part.map((g) => ({
            schoolId,
            userId: g.existingId ?? created.get(g.email)!,
            profileId: g.profileId,
            trainerType: g.row.get("trainer_type") || null,
          })),
        );
        done += part.length;
        progress(done);
      }
    },
  };
}
