import type { Tx } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { temporaryPassword } from "../admin/admin-users.service.ts";
import { findUserByEmail, type UserRow } from "../users/users.repository.ts";

export interface NewAccount {
  email: string;
  first_name: string;
  paternal_surname: string;
  maternal_surname: string;
  cell_phone?: string | null;
  language: "es" | "en";
}

/**
 * The account behind an e-mail, for adding a school member or a family member: the existing one (to link, its
 * names untouched) or a plan to create one with a temporary password. The slow hash is computed here, before
 * any transaction opens; `open` then inserts it inside the caller's transaction.
 */
export async function accountFor(tx: Tx, input: NewAccount) {
  const existing = await findUserByEmail(tx, input.email);
  // The platform administrator is never a school member.
  if (existing?.root === 1) throw new AppError("EMAIL_TAKEN", { email: "EMAIL_TAKEN" });
  if (existing) return { existing, temporaryPassword: undefined, open: async () => existing };
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  return {
    existing: undefined,
    temporaryPassword: password,
    /** Inserts the account (password_updated 0: it must be changed at first sign-in). */
    open: async (inTx: Tx): Promise<UserRow> => {
      const [row] = await inTx
        .insert(users)
        .values({
          email: input.email,
          firstName: input.first_name,
          paternalSurname: input.paternal_surname,
          maternalSurname: input.maternal_surname,
          cellPhone: input.cell_phone ?? null,
          language: input.language,
          passwordHash,
          passwordUpdated: 0,
        })
        .returning();
      return row!;
    },
  };
}
