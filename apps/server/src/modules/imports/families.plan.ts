import { IMPORT_COLUMNS, isValidRfc, normalizeId, RELATIONSHIPS } from "@convive/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { familyLinks, familyMembers, students } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { familiarProfileId } from "../families/families.repository.ts";
import { insertAccounts, insertMemberships, membershipsAmong, usersByEmail } from "./bulk.repository.ts";
import { BOOLEAN_LABELS, isEmail, optionLabels, parseBoolean, parseOption } from "./cells.ts";
import { chunks, emptyCounts, type Issue, type Plan, type Row, requireCells } from "./plan.ts";
import { addressOf } from "./students.plan.ts";

const COLUMNS = IMPORT_COLUMNS.families;

interface Good {
  row: Row;
  email: string;
  studentId: number;
  relationship: string;
  canPickUp: boolean;
  emergency: boolean;
}

/** Existing (student, account) links among the given accounts, as "studentId|userId". */
async function linksAmong(tx: Tx, schoolId: string, userIds: number[]) {
  const found = new Set<string>();
  for (const part of chunks(userIds, 5_000)) {
    const rows = await tx
      .select({ s: familyLinks.studentId, u: familyLinks.userId })
      .from(familyLinks)
      .where(and(eq(familyLinks.schoolId, schoolId), inArray(familyLinks.userId, part)));
    for (const r of rows) found.add(`${r.s}|${r.u}`);
  }
  return found;
}

/** Checks one row's own cells; answers what it links, or null when it has problems. */
function checkRow(row: Row, studentIds: Map<string, number>, issues: Issue[]): Good | null {
  const n = row.number;
  const before = issues.length;
  requireCells(row, COLUMNS, issues);
  const email = row.get("email").toLowerCase();
  if (email && !isEmail(email)) issues.push({ row: n, column: "email", code: "INVALID_EMAIL" });
  const enrollment = row.get("student_enrollment");
  const studentId = studentIds.get(enrollment.toLowerCase());
  if (enrollment && studentId === undefined)
    issues.push({ row: n, column: "student_enrollment", code: "UNKNOWN_ENROLLMENT" });
  const relationship = row.get("relationship") ? parseOption(row.get("relationship"), RELATIONSHIPS) : null;
  if (row.get("relationship") && !relationship) {
    issues.push({ row: n, column: "relationship", code: "INVALID_OPTION", allowed: optionLabels(RELATIONSHIPS) });
  }
  if (row.get("rfc") && !isValidRfc(row.get("rfc"))) issues.push({ row: n, column: "rfc", code: "INVALID_RFC" });
  const canPickUp = parseBoolean(row.get("can_pick_up"));
  const emergency = parseBoolean(row.get("is_emergency_contact"));
  for (const [column, value] of [
    ["can_pick_up", canPickUp],
    ["is_emergency_contact", emergency],
  ] as const) {
    if (value === null) issues.push({ row: n, column, code: "INVALID_OPTION", allowed: BOOLEAN_LABELS });
  }
  if (issues.length > before) return null;
  return {
    row,
    email,
    studentId: studentId!,
    relationship: relationship!,
    canPickUp: canPickUp!,
    emergency: emergency!,
  };
}

/** Family members from a file: one row per (student, family member); an e-mail on several rows is one account. */
export async function planFamilies(tx: Tx, schoolId: string, rows: readonly Row[]): Promise<Plan> {
  const issues: Issue[] = [];
  const familiar = await familiarProfileId(tx, schoolId);
  if (!familiar) throw new AppError("FAMILIAR_PROFILE_MISSING");
  const studentIds = new Map(
    (
      await tx
        .select({ id: students.id, e: sql<string>`lower(${students.enrollment})` })
        .from(students)
        .where(eq(students.schoolId, schoolId))
    ).map((r) => [r.e, r.id]),
  );

  const firstRowOf = new Map<string, number>();
  const good: Good[] = [];
  for (const row of rows) {
    const g = checkRow(row, studentIds, issues);
    if (!g) continue;
    const pair = `${g.studentId}|${g.email}`;
    if (firstRowOf.has(pair)) {
      issues.push({
        row: row.number,
        column: "email",
        code: "DUPLICATE_IN_FILE",
        params: { row: firstRowOf.get(pair)! },
      });
      continue;
    }
    firstRowOf.set(pair, row.number);
    good.push(g);
  }

  const existing = await usersByEmail(
    tx,
    good.map((g) => g.email),
  );
  const existingIds = [...existing.values()].map((u) => u.id);
  const members = await membershipsAmong(tx, schoolId, existingIds);
  const links = await linksAmong(tx, schoolId, existingIds);
  const toWrite = good.filter((g) => {
    const user = existing.get(g.email);
    const refuse = (code: Issue["code"]) => issues.push({ row: g.row.number, column: "email", code });
    if (user?.root === 1) refuse("EMAIL_TAKEN");
    else if (user && members.has(user.id) && members.get(user.id) !== "familiar") refuse("MEMBER_NOT_FAMILIAR");
    else if (user && links.has(`${g.studentId}|${user.id}`)) refuse("ALREADY_LINKED");
    else return true;
    return false;
  });

  const emails = [...new Set(toWrite.map((g) => g.email))];
  const counts = emptyCounts(rows.length);
  counts.accounts_created = emails.filter((e) => !existing.has(e)).length;
  counts.accounts_linked = emails.length - counts.accounts_created;
  counts.family_links_created = toWrite.length;

  return {
    total: rows.length,
    issues,
    counts,
    touchedUserIds: () => emails.flatMap((e) => (existing.has(e) ? [existing.get(e)!.id] : [])),
    write: async (wtx, progress) => {
      const idOf = new Map([...existing].map(([e, u]) => [e, u.id]));
      const seen = new Set<string>();
      let done = 0;
      for (const part of chunks(toWrite)) {
        const firsts = part.filter((g) => !seen.has(g.email) && seen.add(g.email));
        const created = await insertAccounts(
          wtx,
          firsts
            .filter((g) => !idOf.has(g.email))
            .map((g) => ({
              email: g.email,
              firstName: g.row.get("first_name"),
              paternalSurname: g.row.get("paternal_surname"),
              maternalSurname: g.row.get("maternal_surname"),
              cellPhone: g.row.get("phone") || null,
            })),
        );
        for (const [e, id] of created) idOf.set(e, id);
        await insertMemberships(
          wtx,
          firsts
            .filter((g) => !members.has(idOf.get(g.email)!))
            .map((g) => ({ schoolId, userId: idOf.get(g.email)!, profileId: familiar })),
        );
        if (firsts.length > 0) {
          await wtx
            .insert(familyMembers)
            .values(
              firsts.map((g) => ({
                schoolId,
                userId: idOf.get(g.email)!,
                rfc: g.row.get("rfc") ? normalizeId(g.row.get("rfc")) : null,
                phone: g.row.get("phone") || null,
                alternatePhone: g.row.get("alternate_phone") || null,
                address: addressOf(g.row),
                observations: g.row.get("observations") || null,
              })),
            )
            // A member the school already knows keeps what the file leaves blank.
            .onConflictDoUpdate({
              target: [familyMembers.schoolId, familyMembers.userId],
              set: {
                rfc: sql`coalesce(excluded.rfc, ${familyMembers.rfc})`,
                phone: sql`coalesce(excluded.phone, ${familyMembers.phone})`,
                alternatePhone: sql`coalesce(excluded.alternate_phone, ${familyMembers.alternatePhone})`,
                address: sql`coalesce(excluded.address, ${familyMembers.address})`,
                observations: sql`coalesce(excluded.observations, ${familyMembers.observations})`,
              },
            });
        }
        await wtx.insert(familyLinks).values(
          part.map((g) => ({
            schoolId,
            studentId: g.studentId,
            userId: idOf.get(g.email)!,
            relationship: g.relationship,
            canPickUp: g.canPickUp,
            isEmergencyContact: g.emergency,
          })),
        );
        done += part.length;
        progress(done);
      }
    },
  };
}
