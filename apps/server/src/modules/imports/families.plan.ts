import { IMPORT_COLUMNS, isValidRfc, RELATIONSHIPS } from "@convive/domain";
import { inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { familyLinks, students } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { forSchool } from "../../lib/tenant-db.ts";
import { familiarProfileId } from "../families/index.ts";
import type { PendingMail } from "../invitations/index.ts";
import { invitedLinksAmong, membersByEmail, openInvitationsFor } from "../invitations/index.ts";
import { BOOLEAN_LABELS, isEmail, optionLabels, parseBoolean, parseOption } from "./cells.ts";
import type { FamilyWork, Good } from "./families.work.ts";
import { writeFamilies } from "./families.write.ts";
import {
  chunks,
  emptyCounts,
  type Issue,
  type Plan,
  type PlanContext,
  type Row,
  requireCells,
  rowsWithBreaks,
} from "./plan.ts";

const COLUMNS = IMPORT_COLUMNS.families;

/** Existing (student, account) links among the given accounts, as "studentId|userId". */
async function linksAmong(tx: Tx, schoolId: string, userIds: number[]) {
  const found = new Set<string>();
  for (const part of chunks(userIds, 5_000)) {
    const rows = await forSchool(tx, schoolId)
      .pick(familyLinks, { s: familyLinks.studentId, u: familyLinks.userId })
      .where(inArray(familyLinks.userId, part));
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

/**
 * Family members from a file: one row per (student, family member). A family member of this school is linked at
 * once; any other address is invited (one invitation per address, with every student of its rows) and linked
 * when the person accepts.
 */
export async function planFamilies(
  tx: Tx,
  schoolId: string,
  rows: readonly Row[],
  context: PlanContext,
): Promise<Plan> {
  const issues: Issue[] = [];
  const familiar = await familiarProfileId(tx, schoolId);
  if (!familiar) throw new AppError("FAMILIAR_PROFILE_MISSING");
  const studentIds = new Map(
    (
      await forSchool(tx, schoolId)
        .pick(students, { id: students.id, e: sql<string>`lower(${students.enrollment})` })
        .where()
    ).map((r) => [r.e, r.id]),
  );

  const firstRowOf = new Map<string, number>();
  const good: Good[] = [];
  for await (const row of rowsWithBreaks(rows)) {
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

  // Only what the school already knows decides a row: its own members and its own open invitations. Whether an
  // address has an account elsewhere is never looked at, so neither the dry run nor the commit can tell (issue 9).
  const emails = good.map((g) => g.email);
  const members = await membersByEmail(tx, schoolId, emails);
  const invited = await openInvitationsFor(tx, schoolId, emails);
  const links = await linksAmong(
    tx,
    schoolId,
    [...members.values()].map((m) => m.userId),
  );
  const invitedLinks = await invitedLinksAmong(
    tx,
    schoolId,
    [...invited.values()].map((i) => i.id),
  );
  const work: FamilyWork = { direct: [], extend: [], fresh: [] };
  for (const g of good) {
    const member = members.get(g.email);
    const open = invited.get(g.email);
    const refuse = (code: Issue["code"]) => issues.push({ row: g.row.number, column: "email", code });
    if (member && member.template !== "familiar") refuse("MEMBER_NOT_FAMILIAR");
    else if (member && links.has(`${g.studentId}|${member.userId}`)) refuse("ALREADY_LINKED");
    else if (member) work.direct.push({ ...g, userId: member.userId });
    else if (open && open.profileTemplate !== "familiar") refuse("ALREADY_INVITED");
    else if (open && invitedLinks.has(`${open.id}|${g.studentId}`)) refuse("ALREADY_LINKED");
    else if (open) work.extend.push({ ...g, invitation: open });
    else work.fresh.push(g);
  }

  const counts = emptyCounts(rows.length);
  counts.family_links_created = work.direct.length;
  counts.invitations = new Set([...work.fresh, ...work.extend].map((g) => g.email)).size;
  const mails: PendingMail[] = [];

  return {
    total: rows.length,
    issues,
    counts,
    touchedUserIds: () => [...new Set(work.direct.map((g) => g.userId))],
    mails: () => mails,
    write: async (wtx, progress) => {
      await writeFamilies(wtx, { schoolId, familiar, context, work, mails, progress });
    },
  };
}
