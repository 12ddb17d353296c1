import type { Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { identityEditable } from "./users.repository.ts";

/** The account fields that are the person's own (issue 9): a school asks to change them on their behalf. */
export interface IdentityPatch {
  firstName?: string;
  paternalSurname?: string;
  maternalSurname?: string;
  cellPhone?: string | null;
  email?: string;
}

interface Current {
  firstName: string;
  paternalSurname: string;
  maternalSurname: string;
  cellPhone: string | null;
  email: string;
}

/**
 * What a school may write of a member's account: the fields that really change, and only while the account is
 * still the school's to fix (`identityEditable`). An e-mail never changes from a school — answering "taken" or
 * not would tell it whether an address has an account. Unchanged values pass, so a form may send them back.
 */
export async function identityChanges(
  tx: Tx,
  schoolId: string,
  userId: number,
  current: Current,
  patch: IdentityPatch,
): Promise<IdentityPatch | null> {
  if (patch.email !== undefined && patch.email.toLowerCase() !== current.email.toLowerCase()) {
    throw new AppError("EMAIL_OWNED_BY_PERSON", { email: "EMAIL_OWNED_BY_PERSON" });
  }
  const changed = Object.fromEntries(
    (["firstName", "paternalSurname", "maternalSurname", "cellPhone"] as const)
      .filter((key) => patch[key] !== undefined && patch[key] !== current[key])
      .map((key) => [key, patch[key]]),
  ) as IdentityPatch;
  if (Object.keys(changed).length === 0) return null;
  if (!(await identityEditable(tx, schoolId, userId))) {
    const field = { firstName: "first_name", paternalSurname: "paternal_surname", maternalSurname: "maternal_surname" };
    const first = Object.keys(changed)[0] as keyof typeof field | "cellPhone";
    throw new AppError("IDENTITY_OWNED_BY_PERSON", {
      [first === "cellPhone" ? "cell_phone" : field[first]]: "IDENTITY_OWNED_BY_PERSON",
    });
  }
  return changed;
}
