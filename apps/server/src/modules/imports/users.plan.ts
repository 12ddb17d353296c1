import { IMPORT_COLUMNS } from "@convive/domain";
import type { Tx } from "../../db/client.ts";
import { profiles } from "../../db/schema/index.ts";
import { forSchool } from "../../lib/tenant-db.ts";
import { membersByEmail, openInvitations, openInvitationsFor, type PendingMail } from "../invitations/index.ts";
import { fold, isEmail } from "./cells.ts";
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

const COLUMNS = IMPORT_COLUMNS.users;

interface Good {
  row: Row;
  email: string;
  profileId: number;
}

/** Staff members from a file: each row an invitation to join the school, whether or not the address has an account. */
export async function planUsers(tx: Tx, schoolId: string, rows: readonly Row[], context: PlanContext): Promise<Plan> {
  const issues: Issue[] = [];
  const schoolProfiles = await forSchool(tx, schoolId).pick(profiles, { id: profiles.id, name: profiles.name }).where();
  const profileByName = new Map(schoolProfiles.map((p) => [fold(p.name), p.id]));
  // In alphabetical order, as a person scans for the one they meant (the database returns them in no set order).
  const names = schoolProfiles
    .map((p) => p.name)
    .sort((a, b) => a.localeCompare(b, "es"))
    .join(", ");

  const firstRowOf = new Map<string, number>();
  const good: Good[] = [];
  for await (const row of rowsWithBreaks(rows)) {
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

  // Only what the school already knows is checked: its own members and its own open invitations. Whether an
  // address has an account elsewhere is never looked at, so the dry run cannot tell (issue 9).
  const emails = good.map((g) => g.email);
  const members = await membersByEmail(tx, schoolId, emails);
  const invited = await openInvitationsFor(tx, schoolId, emails);
  const toWrite: Good[] = [];
  for (const g of good) {
    if (members.has(g.email)) issues.push({ row: g.row.number, column: "email", code: "ALREADY_MEMBER" });
    else if (invited.has(g.email)) issues.push({ row: g.row.number, column: "email", code: "ALREADY_INVITED" });
    else toWrite.push(g);
  }

  const counts = emptyCounts(rows.length);
  counts.invitations = toWrite.length;
  const mails: PendingMail[] = [];

  return {
    total: rows.length,
    issues,
    counts,
    touchedUserIds: () => [],
    mails: () => mails,
    write: async (wtx, progress) => {
      let done = 0;
      for (const part of chunks(toWrite)) {
        const opened = await openInvitations(
          wtx,
          part.map((g) => ({
            schoolId,
            email: g.email,
            firstName: g.row.get("first_name"),
            paternalSurname: g.row.get("paternal_surname"),
            maternalSurname: g.row.get("maternal_surname"),
            cellPhone: g.row.get("cell_phone") || null,
            profileId: g.profileId,
            trainerType: g.row.get("trainer_type") || null,
            language: context.language,
            invitedBy: context.invitedBy,
          })),
        );
        mails.push(...opened.mails);
        done += part.length;
        progress(done);
      }
    },
  };
}
