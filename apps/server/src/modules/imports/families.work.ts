// The families import's rows sorted by what they do, shared by the planner (families.plan.ts) and the writer
// (families.write.ts) without either importing the other's module.
import type { InvitationRow } from "../invitations/index.ts";
import type { Row } from "./plan.ts";

export interface Good {
  row: Row;
  email: string;
  studentId: number;
  relationship: string;
  canPickUp: boolean;
  emergency: boolean;
}

/** The file's good rows by what they do: link a member now, add a student to an open invitation, or invite. */
export interface FamilyWork {
  direct: (Good & { userId: number })[];
  extend: (Good & { invitation: InvitationRow })[];
  fresh: Good[];
}
