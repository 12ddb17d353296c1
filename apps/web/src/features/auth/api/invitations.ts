import type { InvitationLookup } from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";

/** What accepting answered: whether an account was made, and the school the person now belongs to. */
export interface Accepted {
  account: "new" | "existing";
  email: string;
  school: { id: string; name: string };
  /** A new account is signed in at once (issue 26 §4): the session the server opened, as a sign-in answers it. */
  session: { access_token: string; expires_in: number; user_id: number } | null;
}

/** The names and password a new address sets when it accepts (an existing account sends none). */
export interface NewAccountFields {
  first_name: string;
  paternal_surname: string;
  maternal_surname: string;
  cell_phone: string;
  password: string;
  password_confirmation: string;
}

const call = <T>(path: string, body: unknown) =>
  api<{ data: T }>(path, { method: "POST", body, noSchool: true, quiet: true }).then((r) => r.data);

/** POST api/invitations/lookup: the invitation behind an e-mailed token (its error says why it no longer works). */
export const useInvitation = (token: string) =>
  useQuery({
    queryKey: ["invitation", token],
    queryFn: () => call<InvitationLookup>("/api/invitations/lookup", { token }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** POST api/invitations/accept: joins the school (creating the account when the address has none). */
export const useAcceptInvitation = (token: string, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (fields: Partial<NewAccountFields>) => call<Accepted>("/api/invitations/accept", { token, ...fields }),
  });
